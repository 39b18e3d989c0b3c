/**
 * Big room, the page side: one library's VideoConference joining the dev media server as an app would write it
 * (RoomKit: `<RoomProvider token url>`; components-react: `<LiveKitRoom serverUrl token connect>` over a default
 * `new Room()`), and what the page can tell: when the first page of video plays, which cameras are subscribed,
 * how many camera tiles the page shows. Node reads the server's side (bench/bigRoom.ts).
 */
import { LiveKitRoom, VideoConference as LkVideoConference } from '@livekit/components-react';
import { RoomProvider, VideoConference } from '@roomkit/react';
import { ConnectionState, Room, RoomEvent, Track, type Participant, type RemoteParticipant, type RemoteTrack, type RemoteTrackPublication } from 'livekit-client';
import { createRoot, type Root } from 'react-dom/client';
import { startFloor } from './floor';

type Lib = 'roomkit' | 'livekit' | 'floor';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let current: { lib: Lib; root: Root; room: () => Room | undefined } | undefined;
/** The page's Room connection as it went, seconds from the join: what names the cause when the page leaves the room. */
let connectionLog: string[] = [];

function logConnection(room: Room, t0: number) {
  const at = () => `+${((performance.now() - t0) / 1000).toFixed(1)} s`;
  room
    .on(RoomEvent.ConnectionStateChanged, (state) => connectionLog.push(`${at()} ${state}`))
    .on(RoomEvent.SignalReconnecting, () => connectionLog.push(`${at()} signal reconnecting`))
    .on(RoomEvent.Disconnected, (reason) => connectionLog.push(`${at()} disconnected (reason ${String(reason)})`));
}

/** {@link connectionLog}. */
export function bigRoomConnectionLog(): string[] {
  return connectionLog;
}


/** Remote camera tiles on the page (the local participant publishes nothing here). */
function remoteTiles(lib: Lib): Element[] {
  if (lib === 'floor') return [...document.querySelectorAll('.floor-tile')];
  return lib === 'roomkit'
    ? [...document.querySelectorAll('.rk-tile[data-source="camera"]:not([data-local])')]
    : [...document.querySelectorAll('.lk-participant-tile:not([data-lk-local-participant="true"])')];
}

/** True when every remote camera tile on the page plays video (at least one tile). */
function pagePlays(lib: Lib): boolean {
  const tiles = remoteTiles(lib);
  return tiles.length > 0 && tiles.every((tile) => {
    const video = tile.querySelector('video');
    return video !== null && video.readyState >= 2 && video.videoWidth > 0;
  });
}

/** Remote videos on the page that play (a room where not every tile has a camera). */
function playingVideos(lib: Lib): number {
  return remoteTiles(lib).filter((tile) => {
    const video = tile.querySelector('video');
    return video !== null && video.readyState >= 2 && video.videoWidth > 0;
  }).length;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** Joins and resolves when the first page of video plays: ms from the render, or null after 90 s. */
export async function bigRoomJoin(options: { lib: Lib; url: string; token: string; expectVideos?: number; cameras?: number }): Promise<{ firstVideoMs: number | null; tiles: number }> {
  const container = document.getElementById('root')!;
  if (options.lib === 'floor') {
    // No React: the floor page (floor.ts), showing as many cameras as RoomKit's page did.
    connectionLog = [];
    const t0 = performance.now();
    const floor = await startFloor(container, options.url, options.token, options.cameras ?? 24);
    logConnection(floor.room, t0);
    current = { lib: 'floor', root: { unmount: floor.stop, render: () => {} } as unknown as Root, room: () => floor.room };
    const plays = await until(() => pagePlays('floor'), 90_000);
    return { firstVideoMs: plays ? performance.now() - t0 : null, tiles: remoteTiles('floor').length };
  }
  const root = createRoot(container);
  let roomkitRoom: Room | undefined;
  const lkRoom = options.lib === 'livekit' ? new Room() : undefined;
  current = { lib: options.lib, root, room: () => roomkitRoom ?? lkRoom };
  const t0 = performance.now();
  connectionLog = [];
  if (lkRoom) logConnection(lkRoom, t0);
  const connected = (room: Room) => {
    roomkitRoom = room;
    connectionLog.push(`+${((performance.now() - t0) / 1000).toFixed(1)} s ${room.state}`);
    logConnection(room, t0);
  };
  root.render(
    <div style={{ height: '100vh' }}>
      {options.lib === 'roomkit' ? (
        <RoomProvider token={options.token} url={options.url} onConnected={connected}>
          <VideoConference />
        </RoomProvider>
      ) : (
        <LiveKitRoom room={lkRoom} serverUrl={options.url} token={options.token} connect data-lk-theme="default" style={{ height: '100vh' }}>
          <LkVideoConference />
        </LiveKitRoom>
      )}
    </div>,
  );
  const expect = options.expectVideos;
  const plays = await until(() => (expect === undefined ? pagePlays(options.lib) : playingVideos(options.lib) >= expect), 90_000);
  return { firstVideoMs: plays ? performance.now() - t0 : null, tiles: remoteTiles(options.lib).length };
}

/** What the page shows and subscribes now. */
export function bigRoomState(): { pageCameras: number; desiredCameras: number; playing: boolean } {
  const lib = current!.lib;
  let desiredCameras = 0;
  for (const p of current!.room()?.remoteParticipants.values() ?? []) {
    for (const pub of p.videoTrackPublications.values()) if (pub.source === 'camera' && pub.isDesired) desiredCameras++;
  }
  return { pageCameras: remoteTiles(lib).length, desiredCameras, playing: pagePlays(lib) };
}

/** Flips to the next grid page and resolves when its video plays (ms, or null after 30 s). */
export async function bigRoomFlip(): Promise<number | null> {
  const lib = current!.lib;
  const before = remoteTiles(lib).map((t) => t.getAttribute('aria-label') ?? t.textContent).join('|');
  const next = document.querySelector<HTMLButtonElement>(lib === 'roomkit' ? '.rk-pagination button:last-of-type' : '.lk-pagination-control button:last-of-type');
  if (!next) throw new Error(`${lib}: no next-page button`);
  const t0 = performance.now();
  next.click();
  const flipped = await until(() => remoteTiles(lib).map((t) => t.getAttribute('aria-label') ?? t.textContent).join('|') !== before, 10_000);
  if (!flipped) throw new Error(`${lib}: the page did not change`);
  return (await until(() => pagePlays(lib), 30_000)) ? performance.now() - t0 : null;
}

/** Epoch ms on the page's clock (the same clock as the server's `Date.now()`: one machine). */
const epoch = () => performance.timeOrigin + performance.now();
let watch: { announced: Map<string, number>; audio: Map<string, number>; stop: () => void } | undefined;

/**
 * From now on, records per identity when the page first learned it speaks (ActiveSpeakersChanged) and when its
 * microphone's first packet arrived (an RTP source on the track's receiver newer than any it had at the
 * subscription, which a reused transceiver may have; polled every 10 ms, which is why this starts only after the
 * main-thread window). A microphone already receiving counts from now.
 */
export function bigRoomWatchAudio(): void {
  const room = current!.room()!;
  const announced = new Map<string, number>();
  const audio = new Map<string, number>();
  const pending = new Map<string, { track: RemoteTrack; after: number }>();
  const newest = (track: RemoteTrack) => Math.max(-Infinity, ...(track.receiver?.getSynchronizationSources().map((s) => s.timestamp) ?? []));
  const onSpeakers = (speakers: Participant[]) => {
    for (const s of speakers) if (!announced.has(s.identity)) announced.set(s.identity, epoch());
  };
  const onSubscribed = (track: RemoteTrack, publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (publication.source === Track.Source.Microphone && !audio.has(participant.identity)) pending.set(participant.identity, { track, after: newest(track) });
  };
  room.on(RoomEvent.ActiveSpeakersChanged, onSpeakers).on(RoomEvent.TrackSubscribed, onSubscribed);
  for (const p of room.remoteParticipants.values()) {
    const mic = p.getTrackPublication(Track.Source.Microphone);
    if (mic?.track) pending.set(p.identity, { track: mic.track as RemoteTrack, after: -Infinity });
  }
  const timer = setInterval(() => {
    for (const [identity, { track, after }] of pending) {
      if (newest(track) <= after) continue;
      audio.set(identity, epoch());
      pending.delete(identity);
    }
  }, 10);
  watch = {
    announced,
    audio,
    stop: () => {
      clearInterval(timer);
      room.off(RoomEvent.ActiveSpeakersChanged, onSpeakers).off(RoomEvent.TrackSubscribed, onSubscribed);
    },
  };
}

/** When the page learned that `identity` speaks and when its first packet arrived (epoch ms; null after `timeoutMs`). */
export async function bigRoomHeard({ identity, timeoutMs }: { identity: string; timeoutMs: number }): Promise<{ announcedAt: number | null; audioAt: number | null }> {
  const w = watch!;
  await until(() => w.audio.has(identity), timeoutMs);
  return { announcedAt: w.announced.get(identity) ?? null, audioAt: w.audio.get(identity) ?? null };
}

/**
 * Opens RoomKit's participant list from the control bar and resolves when its first rows show (ms from the
 * click), then scrolls it to the end, a viewport at a time, each step waiting until the rows change (ms for the
 * whole scroll, and the steps). Null where the list never shows or a step never renders new rows.
 */
export async function webinarParticipantList(): Promise<{ openMs: number | null; scrollMs: number | null; steps: number }> {
  const toggle = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => /^Participants \(\d+\)$/.test(b.getAttribute('aria-label') ?? b.textContent ?? ''));
  if (!toggle) throw new Error('no participant-list toggle ("Participants (n)")');
  const rows = () => document.querySelectorAll('.rk-participant-row');
  const t0 = performance.now();
  toggle.click();
  if (!(await until(() => rows().length > 0, 10_000))) return { openMs: null, scrollMs: null, steps: 0 };
  const openMs = performance.now() - t0;
  const viewport = document.querySelector<HTMLElement>('.rk-participant-viewport');
  if (!viewport) throw new Error('no .rk-participant-viewport');
  const atEnd = () => viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - 1;
  const t1 = performance.now();
  let steps = 0;
  while (!atEnd()) {
    const first = rows()[0]?.textContent;
    viewport.scrollTop += viewport.clientHeight;
    steps++;
    if (!(await until(() => rows()[0]?.textContent !== first, 5_000))) return { openMs, scrollMs: null, steps };
  }
  return { openMs, scrollMs: performance.now() - t1, steps };
}

/** Leaves: unmounts (RoomKit disconnects its own Room) and disconnects the anchor's Room. */
export async function bigRoomLeave(): Promise<void> {
  const room = current?.room();
  watch?.stop();
  watch = undefined;
  current?.root.unmount();
  await room?.disconnect();
  await until(() => !room || room.state === ConnectionState.Disconnected, 10_000);
  current = undefined;

}
