// The session without React: a plain livekit-client Room (its network faked at connect/disconnect) and a fake
// details source, driven the way RoomProvider drives it.
import { ParticipantPermission } from '@livekit/protocol';
import { ConnectionState, DisconnectReason, Room, RoomEvent } from 'livekit-client';
import { createRoomSession, type ConnectionQueryState, type OnlineSignal, type RoomKitError } from '../../src/index';
import { TRANSIENT_DISCONNECTS } from '../../src/room/connection/session';
import { makeToken } from '../helpers/jwt';

const URL = 'wss://media.example.com';

/** A real Room whose connect and disconnect drive its own state machine without a network. */
function fakeNetworkRoom() {
  const room = new Room();
  const calls: string[] = [];
  const internals = room as unknown as { setAndEmitConnectionState(s: ConnectionState): void };
  room.connect = async (_url: string, token: string) => {
    calls.push(`connect ${token}`);
    internals.setAndEmitConnectionState(ConnectionState.Connecting);
    await Promise.resolve();
    internals.setAndEmitConnectionState(ConnectionState.Connected);
    room.emit(RoomEvent.Connected);
  };
  room.disconnect = async () => {
    calls.push('disconnect');
    internals.setAndEmitConnectionState(ConnectionState.Disconnected);
  };
  /** The session ends without the client asking, as when livekit-client gives up reconnecting. */
  const drop = (reason?: DisconnectReason) => {
    internals.setAndEmitConnectionState(ConnectionState.Disconnected);
    room.emit(RoomEvent.Disconnected, reason);
  };
  return { room, calls, drop, connectedTokens: () => calls.filter((c) => c.startsWith('connect')).map((c) => c.slice(8)) };
}

/** A details source shaped like a react-query result; `refetch` issues a fresh token. */
function fakeSource(lifetimeS: number) {
  const issued: string[] = [];
  const issue = () => {
    const token = makeToken({ sub: 'ann', jti: `t${issued.length}`, exp: Math.floor(Date.now() / 1000) + lifetimeS });
    issued.push(token);
    return token;
  };
  const source: ConnectionQueryState = {
    data: { token: issue(), url: URL },
    error: null,
    status: 'success',
    isFetching: false,
    refetch: vi.fn(async () => {
      source.data = { token: issue(), url: URL };
    }),
  };
  return { source, issued };
}

function fakeOnline(initial: boolean): OnlineSignal & { set(online: boolean): void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      online = next;
      listeners.forEach((l) => l(next));
    },
  };
}

const settle = async (session: { settled(): Promise<void> }) => {
  await new Promise((r) => setTimeout(r, 0));
  await session.settled();
};

afterEach(() => vi.useRealTimers());

describe('createRoomSession (no React)', () => {
  it('validates before connecting, puts the grants in the store at once, connects on mount, disconnects on stop', async () => {
    const { room, calls } = fakeNetworkRoom();
    const session = createRoomSession({ room });
    const token = makeToken({ sub: 'ann', video: { roomJoin: true, room: 'r', canPublish: false } });
    session.setOptions({ token, url: URL });
    expect(session.store.getState().grants.canPublish).toBe(false); // before any network traffic
    expect(calls).toEqual([]);
    const stop = session.mount();
    await settle(session);
    expect(calls).toEqual([`connect ${token}`]);
    expect(session.store.getState().connectionState).toBe(ConnectionState.Connected);
    stop();
    await settle(session);
    expect(calls).toEqual([`connect ${token}`, 'disconnect']);
  });

  it('reports a bad connection once, as a RoomKitError naming the fix, and never connects', async () => {
    const { room, calls } = fakeNetworkRoom();
    const onError = vi.fn<(e: RoomKitError) => void>();
    const session = createRoomSession({ room });
    session.setOptions({ token: 'lk_app.secret', url: URL, onError });
    const stop = session.mount();
    session.setOptions({ token: 'lk_app.secret', url: URL, onError }); // a re-render with the same input
    await settle(session);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'api-key-in-browser', message: expect.stringMatching(/keep it on your backend/) });
    expect(session.store.getState().error?.code).toBe('api-key-in-browser');
    expect(calls).toEqual([]);
    stop();
  });

  it('keeps the live session for a renewed token, and re-joins with the freshest one after a transient drop', async () => {
    const { room, calls, drop, connectedTokens } = fakeNetworkRoom();
    const { source, issued } = fakeSource(3600);
    const session = createRoomSession({ room });
    session.setOptions({ connection: { ...source } });
    const stop = session.mount();
    await settle(session);
    await source.refetch(); // the query refreshed the token
    session.setOptions({ connection: { ...source } });
    await settle(session);
    expect(calls).toEqual([`connect ${issued[0]}`]); // a renewal: no reconnect
    drop(DisconnectReason.SIGNAL_CLOSE);
    await settle(session);
    expect(connectedTokens()).toEqual([issued[0], issued[1]]);
    stop();
  });

  it('does not re-join a session the server ended on purpose, and reports it', async () => {
    const { room, drop, connectedTokens } = fakeNetworkRoom();
    const { source } = fakeSource(3600);
    const onError = vi.fn();
    const session = createRoomSession({ room });
    session.setOptions({ connection: source, onError });
    const stop = session.mount();
    await settle(session);
    drop(DisconnectReason.PARTICIPANT_REMOVED);
    await settle(session);
    expect(connectedTokens()).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'disconnected' }));
    stop();
  });

  it('asks the details source for fresh details before re-joining with a token about to expire', async () => {
    const { room, drop, connectedTokens } = fakeNetworkRoom();
    const { source, issued } = fakeSource(5); // 5 s left: under the 10 s freshness margin
    const session = createRoomSession({ room });
    session.setOptions({ connection: { ...source } });
    const stop = session.mount();
    await settle(session);
    drop();
    await settle(session);
    expect(source.refetch).toHaveBeenCalledTimes(1);
    expect(connectedTokens()).toEqual([issued[0]]); // waits for the fresh details
    session.setOptions({ connection: { ...source } }); // the refetch delivered them
    await settle(session);
    expect(connectedTokens()).toEqual([issued[0], issued[1]]);
    stop();
  });

  it('waits for the injected online signal before re-joining after a network loss', async () => {
    const { room, drop, connectedTokens } = fakeNetworkRoom();
    const { source, issued } = fakeSource(3600);
    const online = fakeOnline(true);
    const session = createRoomSession({ room });
    session.setOptions({ connection: source, online });
    const stop = session.mount();
    await settle(session);
    online.set(false);
    drop();
    await settle(session);
    expect(connectedTokens()).toEqual([issued[0]]);
    online.set(true);
    await settle(session);
    expect(connectedTokens()).toEqual([issued[0], issued[0]]);
    stop();
  });

  it('observes a room it was given without a token, and leaves connecting to its owner', async () => {
    const { room, calls } = fakeNetworkRoom();
    const onError = vi.fn();
    const session = createRoomSession({ room });
    session.setOptions({ onError });
    const stop = session.mount();
    await settle(session);
    expect(calls).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
    stop();
  });

  it('re-joins after exactly the transient ends, named as livekit-client names them', () => {
    const names = [...TRANSIENT_DISCONNECTS].map((reason) => (reason === undefined ? 'gave up' : DisconnectReason[reason]));
    expect(names).toEqual(['gave up', 'UNKNOWN_REASON', 'SERVER_SHUTDOWN', 'STATE_MISMATCH', 'MIGRATION', 'SIGNAL_CLOSE', 'CONNECTION_TIMEOUT', 'MEDIA_FAILURE']);
  });

  describe('a grant that arrives after the join', () => {
    /** A connected session over a room whose publishing calls are recorded, joined with `video` grants. */
    async function joined(video: Record<string, unknown>) {
      const { room } = fakeNetworkRoom();
      const published: string[] = [];
      const lp = room.localParticipant;
      lp.setMicrophoneEnabled = vi.fn(async () => void published.push('microphone')) as never;
      lp.setCameraEnabled = vi.fn(async () => void published.push('camera')) as never;
      const session = createRoomSession({ room });
      session.setOptions({ token: makeToken({ sub: 'ann', video: { roomJoin: true, room: 'r', ...video } }), url: URL, audio: true, video: true });
      const stop = session.mount();
      await settle(session);
      /** The server's permission update, as livekit-client applies it (ParticipantUpdate for the local participant). */
      const grant = async (permission: Partial<ParticipantPermission>) => {
        const previous = lp.permissions;
        lp.permissions = new ParticipantPermission(permission);
        room.emit(RoomEvent.ParticipantPermissionsChanged, previous, lp);
        await settle(session);
      };
      return { session, published, grant, stop, room };
    }

    it('publishes what a guest chose once a waiting session is given rights, without joining again', async () => {
      const { session, published, grant, stop } = await joined({ canPublish: false, canSubscribe: false, canPublishData: false });
      expect(published).toEqual([]);
      await grant({ canPublish: true, canSubscribe: true, canPublishData: true });
      expect(session.store.getState().grants.canPublish).toBe(true);
      expect(published.sort()).toEqual(['camera', 'microphone']);
      // later permission updates publish nothing more
      await grant({ canPublish: true, canSubscribe: true, canPublishData: false });
      expect(published).toHaveLength(2);
      stop();
    });

    it('admitted as a viewer, publishes nothing then or on a later canPublish', async () => {
      const { published, grant, stop } = await joined({ canPublish: false, canSubscribe: false, canPublishData: false });
      await grant({ canSubscribe: true });
      await grant({ canPublish: true, canSubscribe: true });
      expect(published).toEqual([]);
      stop();
    });

    it('never opens the microphone of a listener brought on stage: the grant shows controls only', async () => {
      const { session, published, grant, stop } = await joined({ canPublish: false, canSubscribe: true, canPublishData: true });
      await grant({ canPublish: true, canSubscribe: true, canPublishData: true });
      expect(session.store.getState().grants.canPublish).toBe(true);
      expect(published).toEqual([]);
      stop();
    });

    it("admitted, the token route's next token (the role's grants) renews the live session; one with other rights joins again", async () => {
      const { session, grant, stop, room } = await joined({ canPublish: false, canSubscribe: false, canPublishData: false });
      const connects = vi.spyOn(room, 'connect');
      await grant({ canPublish: true, canSubscribe: true, canPublishData: true });
      const token = (video: Record<string, unknown>) => makeToken({ sub: 'ann', jti: String(Math.random()), video: { roomJoin: true, room: 'r', ...video } });
      // What the live session already has: a renewal, whether the grants are spelled out or left to the defaults.
      session.setOptions({ token: token({ canPublish: true, canSubscribe: true, canPublishData: true }), url: URL, audio: true, video: true });
      await settle(session);
      session.setOptions({ token: token({}), url: URL, audio: true, video: true });
      await settle(session);
      expect(connects).not.toHaveBeenCalled();
      // Rights other than the live ones (no data, here): a new session.
      session.setOptions({ token: token({ canPublish: true, canSubscribe: true, canPublishData: false }), url: URL, audio: true, video: true });
      await settle(session);
      expect(connects).toHaveBeenCalledTimes(1);
      stop();
    });

    it('stops waiting when the session ends: rights given to a later session do not publish for this one', async () => {
      const { published, grant, stop } = await joined({ canPublish: false, canSubscribe: false, canPublishData: false });
      stop();
      await grant({ canPublish: true, canSubscribe: true, canPublishData: true });
      expect(published).toEqual([]);
    });
  });
});
