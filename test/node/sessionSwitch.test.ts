// A session given details for another room while joined (a breakout room joined afresh, where the server cannot move
// a participant; an app switching rooms): the camera and microphone that were on go with it, open, and are published
// in the new room; what was off stays off; nothing asks for a device again. A plain livekit-client Room with its
// network and devices faked (publishing is recorded).
import { ConnectionState, RoomEvent, Room, Track, type LocalTrack, type LocalTrackPublication } from 'livekit-client';
import { createRoomSession } from '../../src/index';
import { getRoomStore } from '../../src/room/state/roomStore';
import { makeToken } from '../helpers/jwt';

const URL = 'wss://media.example.com';

/** A stand-in for a device's track: its source, and whether it was stopped. */
function fakeTrack(source: Track.Source) {
  const track = { source, stopped: false, mediaStreamTrack: { readyState: 'live' }, stop: () => void (track.stopped = true) };
  return track;
}
type FakeTrack = ReturnType<typeof fakeTrack>;

function switchingRoom() {
  const room = new Room();
  const internals = room as unknown as { setAndEmitConnectionState(s: ConnectionState): void };
  const calls: string[] = [];
  /** At each connect: whether the store said the session was switching rooms (the page reads "Connecting…"). */
  const switchingAtConnect: boolean[] = [];
  const lp = room.localParticipant;
  const publications = lp.trackPublications as Map<string, LocalTrackPublication>;
  const publish = (track: FakeTrack) => publications.set(`TR_${track.source}`, { source: track.source, track } as unknown as LocalTrackPublication);
  const opened: FakeTrack[] = [];
  const enable = (source: Track.Source) =>
    vi.fn(async () => {
      calls.push(`open ${source}`);
      const track = fakeTrack(source);
      opened.push(track);
      publish(track);
    });
  lp.setMicrophoneEnabled = enable(Track.Source.Microphone) as never;
  lp.setCameraEnabled = enable(Track.Source.Camera) as never;
  lp.publishTrack = vi.fn(async (track: LocalTrack) => {
    calls.push(`publish ${track.source}`);
    publish(track as unknown as FakeTrack);
  }) as never;
  room.connect = async (_url: string, token: string) => {
    const name = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { video: { room: string } }).video.room;
    calls.push(`connect ${name}`);
    switchingAtConnect.push(getRoomStore(room).getState().switchingRooms);
    if (name.startsWith('refused')) throw new Error('could not establish signal connection');
    internals.setAndEmitConnectionState(ConnectionState.Connected);
    room.emit(RoomEvent.Connected);
  };
  room.disconnect = async (stopTracks = true) => {
    calls.push(`disconnect${stopTracks ? '' : ' keeping devices'}`);
    for (const publication of publications.values()) if (stopTracks) (publication.track as unknown as FakeTrack).stop();
    publications.clear();
    internals.setAndEmitConnectionState(ConnectionState.Disconnected);
  };
  /** The person turns a device off (livekit-client unpublishes and stops it). */
  const turnOff = (source: Track.Source) => {
    const key = `TR_${source}`;
    (publications.get(key)?.track as unknown as FakeTrack).stop();
    publications.delete(key);
  };
  return { room, calls, opened, turnOff, switchingAtConnect };
}

const settle = async (session: { settled(): Promise<void> }) => {
  await new Promise((r) => setTimeout(r, 0));
  await session.settled();
};
const tokenFor = (room: string, video: Record<string, unknown> = {}) => makeToken({ sub: 'ann', video: { roomJoin: true, room, ...video } });

describe('a session that switches rooms', () => {
  it('takes the camera and microphone that were on to the next room, open: no second device request', async () => {
    const { room, calls, opened, switchingAtConnect } = switchingRoom();
    const session = createRoomSession({ room });
    session.setOptions({ token: tokenFor('all-hands'), url: URL, audio: true, video: true });
    const stop = session.mount();
    await settle(session);
    expect(calls.sort()).toEqual(['connect all-hands', 'open camera', 'open microphone']);

    calls.length = 0;
    session.setOptions({ token: tokenFor('all-hands-breakout-1'), url: URL, audio: true, video: true });
    await settle(session);
    expect(calls.slice(0, 2)).toEqual(['disconnect keeping devices', 'connect all-hands-breakout-1']);
    expect(calls.slice(2).sort()).toEqual(['publish camera', 'publish microphone']);
    expect(opened.map((t) => t.stopped)).toEqual([false, false]);
    // Between the rooms the store says so (the page reads "Connecting…", not "Disconnected"); joined, it is over.
    expect(switchingAtConnect).toEqual([false, true]);
    expect(session.store.getState().switchingRooms).toBe(false);

    // leaving for good stops them
    stop();
    await settle(session);
    expect(calls.at(-1)).toBe('disconnect');
    expect(opened.map((t) => t.stopped)).toEqual([true, true]);
  });

  it('keeps a device the person turned off, off', async () => {
    const { room, calls, turnOff } = switchingRoom();
    const session = createRoomSession({ room });
    session.setOptions({ token: tokenFor('all-hands'), url: URL, audio: true, video: true });
    const stop = session.mount();
    await settle(session);
    turnOff(Track.Source.Camera);
    calls.length = 0;
    session.setOptions({ token: tokenFor('breakout'), url: URL, audio: true, video: true });
    await settle(session);
    expect(calls).toEqual(['disconnect keeping devices', 'connect breakout', 'publish microphone']);
    stop();
  });

  it("stops what the next room's grants do not allow, and publishes nothing there", async () => {
    const { room, calls, opened } = switchingRoom();
    const session = createRoomSession({ room });
    session.setOptions({ token: tokenFor('stage'), url: URL, audio: true, video: true });
    const stop = session.mount();
    await settle(session);
    calls.length = 0;
    session.setOptions({ token: tokenFor('audience', { canPublish: false }), url: URL, audio: true, video: true });
    await settle(session);
    expect(calls).toEqual(['disconnect keeping devices', 'connect audience']);
    expect(opened.map((t) => t.stopped)).toEqual([true, true]);
    expect(session.store.getState().grants.canPublish).toBe(false);
    stop();
  });

  it('stops the kept devices when the next room refuses the session: no camera light outside a meeting', async () => {
    const { room, calls, opened } = switchingRoom();
    const session = createRoomSession({ room });
    const errors: string[] = [];
    session.setOptions({ token: tokenFor('all-hands'), url: URL, audio: true, video: true, onError: (e) => void errors.push(e.code) });
    const stop = session.mount();
    await settle(session);
    session.setOptions({ token: tokenFor('refused-breakout'), url: URL, audio: true, video: true, onError: (e) => void errors.push(e.code) });
    await settle(session);
    expect(calls.slice(-2)).toEqual(['disconnect keeping devices', 'connect refused-breakout']);
    expect(opened.map((t) => t.stopped)).toEqual([true, true]);
    expect(errors).toHaveLength(1);
    stop();
  });
});

describe('a session LiveKit moved to another room (MoveParticipant)', () => {
  const online = { isOnline: () => true, subscribe: () => () => {} };
  const query = (token: string) => ({ data: { token, url: URL }, error: null, status: 'success' as const, isFetching: false, refetch: vi.fn(async () => undefined) });

  it("stays when given its old details again, re-joins the moved-to room after a drop, and switches only for new details", async () => {
    const { room, calls } = switchingRoom();
    const session = createRoomSession({ room });
    const main = query(tokenFor('all-hands'));
    session.setOptions({ connection: main, online, audio: true });
    const stop = session.mount();
    await settle(session);
    calls.length = 0;

    // livekit-client keeps the token the server sent with room_moved in its engine, then emits Moved.
    Object.defineProperty(room, 'engine', { value: { token: tokenFor('all-hands-breakout-1') }, configurable: true, writable: true });
    room.emit(RoomEvent.Moved, 'all-hands-breakout-1');
    // A render gives the details it joined the main room with: no rejoin of the main room.
    session.setOptions({ connection: { ...main }, online, audio: true });
    await settle(session);
    expect(calls).toEqual([]);

    // A transient drop: RoomKit's own re-join goes to the room the person is in now, not back to the app's room.
    (room as unknown as { setAndEmitConnectionState(s: ConnectionState): void }).setAndEmitConnectionState(ConnectionState.Disconnected);
    room.emit(RoomEvent.Disconnected, undefined);
    await settle(session);
    expect(calls[0]).toBe('connect all-hands-breakout-1');

    // The token route answers the main room again (the breakout rooms closed): a room switch, devices kept.
    calls.length = 0;
    session.setOptions({ connection: query(tokenFor('all-hands', { canPublish: true })), online, audio: true });
    await settle(session);
    expect(calls.slice(0, 2)).toEqual(['disconnect keeping devices', 'connect all-hands']);
    stop();
  });
});
