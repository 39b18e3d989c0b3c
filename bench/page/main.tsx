/**
 * The benchmark page. Node drives it through Playwright: each scenario is a function on `window.bench`,
 * run on a fresh page load so scenarios never share a heap.
 */
import '@livekit/components-styles';
import '@roomkit/react/styles.css';
import { ConnectionState, Room, RoomEvent } from 'livekit-client';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import { LiveKitRoom, VideoConference as LkVideoConference } from '@livekit/components-react';
import { RoomProvider, VideoConference } from '@roomkit/react';
import { Profiler } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { GridApp, type Layout, type Lib } from './apps';
import { bigRoomConnectionLog, bigRoomFlip, bigRoomHeard, bigRoomJoin, bigRoomLeave, bigRoomState, bigRoomWatchAudio, webinarParticipantList } from './bigRoom';
import { counters, onAppCommit, settle } from './counters';
import { inStrip, largeTileName, SpeakerViewApp } from './speakerView';

const container = document.getElementById('root')!;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Internals {
  handleSpeakersChanged(speakers: Array<{ sid: string; level: number; active: boolean }>): void;
}

/** One server speaker update: `from` stops speaking and `to` starts, in a single message. */
function changeSpeaker(room: TestRoom, from: string | undefined, to: string) {
  const sid = (identity: string) => room.remoteParticipants.get(identity)!.sid;
  const updates = [{ sid: sid(to), level: 0.6, active: true }];
  if (from) updates.unshift({ sid: sid(from), level: 0, active: false });
  (room as unknown as Internals).handleSpeakersChanged(updates);
  room.flush();
}

interface EventSample {
  tileRenders: number;
  /** ms from the event to the last commit it caused; null when nothing committed. */
  commitMs: number | null;
  /** Which tiles rendered, with counts. */
  tiles: Record<string, number>;
  commits: number;
}

/** Fires `event`, waits until React is quiet, and returns the tile renders and the event-to-commit time. */
async function measure(event: () => void): Promise<EventSample> {
  counters.reset();
  const t0 = performance.now();
  event();
  await settle(300, 5000);
  const commitMs = counters.commits > 0 ? counters.lastCommitAt - t0 : null;
  return { tileRenders: counters.tileRenders, commitMs, tiles: Object.fromEntries(counters.tiles), commits: counters.commits };
}

function summarise(samples: EventSample[]) {
  const times = samples.map((s) => s.commitMs).filter((t): t is number => t !== null);
  return {
    samples: samples.length,
    tileRendersPerChange: samples.reduce((s, x) => s + x.tileRenders, 0) / samples.length,
    maxTileRenders: Math.max(...samples.map((s) => s.tileRenders)),
    medianCommitMs: median(times),
    detail: samples.map((s) => ({ commits: s.commits, commitMs: s.commitMs, tiles: s.tiles })),
  };
}

let root: Root | undefined;

/**
 * Render isolation: 100 participants, one library's grid; idle window, then active-speaker changes and
 * microphone mutes, each counted separately.
 */
async function render(options: { lib: Lib; layout: Layout; participants: number; idleMs: number; repeats: number }) {
  const { lib, layout, participants, idleMs, repeats } = options;
  const room = createTestRoom({ participants });
  changeSpeaker(room, undefined, 'participant-1');
  root = createRoot(container);
  const t0 = performance.now();
  root.render(<GridApp lib={lib} layout={layout} room={room} />);
  await settle(500, 20_000);
  const mountMs = counters.lastCommitAt - t0;
  const mountedTiles = document.querySelectorAll('.rk-tile, .lk-participant-tile').length;

  // Idle: nothing happens in the room.
  counters.reset();
  await sleep(idleMs);
  const idleTileRenders = counters.tileRenders;
  const idleTiles = [...counters.tiles.keys()];

  // Active-speaker changes between participants on the first page (participant-1 → 2 → 3 …).
  const speaker: EventSample[] = [];
  let current = 'participant-1';
  for (let i = 0; i < repeats; i++) {
    const next = `participant-${i + 2}`;
    const from = current;
    speaker.push(await measure(() => changeSpeaker(room, from, next)));
    current = next;
  }

  // Microphone mutes of participants on the first page whose microphone is live (every third starts muted).
  const mute: EventSample[] = [];
  const live = Array.from({ length: 24 }, (_, i) => i + 1)
    .filter((n) => (n - 1) % 3 !== 0)
    .slice(0, repeats);
  for (const n of live) mute.push(await measure(() => room.setMuted(`participant-${n}`, 'microphone', true)));

  // Speaker changes among participants on a later page (only meaningful when the grid pages).
  let offPage: ReturnType<typeof summarise> | undefined;
  if (layout === 'page') {
    const first = Math.floor(participants / 2);
    changeSpeaker(room, current, `participant-${first}`);
    await settle(300, 5000);
    current = `participant-${first}`;
    const samples: EventSample[] = [];
    for (let i = 1; i <= repeats; i++) {
      const next = `participant-${first + i}`;
      const from = current;
      samples.push(await measure(() => changeSpeaker(room, from, next)));
      current = next;
    }
    offPage = summarise(samples);
  }

  root.unmount();
  return {
    lib,
    layout,
    mountedTiles,
    mountMs,
    idleTileRenders,
    idleTiles,
    speaker: summarise(speaker),
    mute: summarise(mute),
    offPage,
  };
}

const waitUntil = async (condition: () => boolean, maxMs: number) => {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > maxMs) throw new Error(`condition not met within ${maxMs} ms`);
    await sleep(20);
  }
};

/**
 * Speaker view: 100 participants; ten speaker changes (one server update: the large tile's speaker stops, the next
 * starts), the next ones on screen first, then from off screen. Each change waits for its conditions (the large
 * tile shows the new speaker, RoomKit after its hold, and the previous one is back in the strip), then for React to
 * be quiet; renders are counted in two parts:
 * until the large tile changes (the speaking flags) and the move itself.
 */
async function speakerView(options: { lib: Lib; participants: number; repeats: number }) {
  const { lib, participants, repeats } = options;
  const room = createTestRoom({ participants });
  root = createRoot(container);
  root.render(<SpeakerViewApp lib={lib} room={room} />);
  await waitUntil(() => largeTileName(lib) === 'Participant 1', 20_000);
  await settle(500, 20_000);
  const mountedTiles = document.querySelectorAll('.rk-tile, .lk-participant-tile').length;
  const samples: Array<{ total: number; beforeMove: number; ms: number; tiles: Record<string, number> }> = [];
  let current: string | undefined;
  // 2…6 are on screen in both strips; 40…44 are off screen.
  const order = [2, 3, 4, 5, 6, 40, 41, 42, 43, 44].slice(0, repeats);
  for (const n of order) {
    const next = `participant-${n}`;
    counters.reset();
    const t0 = performance.now();
    let beforeMove = -1;
    changeSpeaker(room, current, next);
    await waitUntil(() => {
      const moved = largeTileName(lib) === `Participant ${n}`;
      if (!moved) beforeMove = counters.tileRenders;
      return moved;
    }, 10_000);
    const ms = performance.now() - t0;
    // The move is complete when the previous large tile's participant is back in the strip; the quiet window
    // after it only collects renders the move may still cause, it decides nothing about the state measured.
    const previous = current ? `Participant ${current.slice('participant-'.length)}` : 'Participant 1';
    await waitUntil(() => inStrip(lib, previous), 10_000);
    await settle(300, 5000);
    samples.push({ total: counters.tileRenders, beforeMove: Math.max(0, beforeMove), ms, tiles: Object.fromEntries(counters.tiles) });
    current = next;
  }
  root.unmount();
  return {
    lib,
    mountedTiles,
    tileRendersPerChange: samples.reduce((s, x) => s + x.total, 0) / samples.length,
    maxTileRenders: Math.max(...samples.map((s) => s.total)),
    medianMsToLargeTile: median(samples.map((s) => s.ms)),
    samples,
  };
}

/** Scale: 1000 participants, the full conference prefab, default page of 25; tiles and video subscriptions. */
async function scale(options: { lib: Lib; participants: number; hold?: number }) {
  const room = createTestRoom({ participants: options.participants });
  root = createRoot(container);
  const t0 = performance.now();
  root.render(
    <div style={{ height: '100%' }}>
      {options.lib === 'roomkit' ? (
        <RoomProvider room={room}>
          <VideoConference />
        </RoomProvider>
      ) : (
        <LiveKitRoom room={room} serverUrl={undefined} token={undefined} data-lk-theme="default" style={{ height: '100vh' }}>
          <LkVideoConference />
        </LiveKitRoom>
      )}
    </div>,
  );
  // Wait for the first commit with tiles, then until subscription management has settled: a condition, so that
  // a loaded machine cannot change the figure. RoomKit manages subscriptions: settled when exactly the cameras of
  // the tiles on the page are subscribed. components-react does not: nothing to wait for once tiles are mounted.
  while (!document.querySelector('.rk-tile, .lk-participant-tile') && performance.now() - t0 < 60_000) await sleep(20);
  const firstTilesMs = performance.now() - t0;
  const subscribedIds = () => {
    const ids: string[] = [];
    for (const p of room.remoteParticipants.values()) {
      for (const pub of p.videoTrackPublications.values()) if (pub.source === 'camera' && pub.isDesired && pub.isSubscribed) ids.push(p.identity);
    }
    return ids.sort();
  };
  const subscribed = () => subscribedIds().length;
  const onPageIds = () => {
    const byName = new Map([...room.remoteParticipants.values()].map((p) => [p.name, p.identity]));
    return [...document.querySelectorAll('.rk-tile[data-source="camera"]:not([data-local])')]
      .map((tile) => byName.get(tile.getAttribute('aria-label') ?? ''))
      .filter((id): id is string => id !== undefined)
      .sort();
  };
  const isSettled = () => options.lib !== 'roomkit' || subscribedIds().join() === onPageIds().join();
  const deadline = performance.now() + 60_000;
  while (!isSettled() && performance.now() < deadline) await sleep(50);
  const settled = isSettled();
  const settledMs = performance.now() - t0;
  if (options.hold) await sleep(options.hold);
  const result = {
    lib: options.lib,
    participants: room.remoteParticipants.size,
    mountedTiles: document.querySelectorAll('.rk-tile, .lk-participant-tile').length,
    subscribedVideo: subscribed(),
    firstTilesMs,
    settled,
    settledMs,
  };
  root.unmount();
  return result;
}

/** Listeners on an emitter, summed over every event name. */
function listenerCount(emitter: { eventNames(): Array<string | symbol>; listenerCount(name: string | symbol): number }) {
  return emitter.eventNames().reduce((sum, name) => sum + emitter.listenerCount(name), 0);
}

function roomListeners(room: Room) {
  const participants = [room.localParticipant, ...room.remoteParticipants.values()];
  let tracks = 0;
  for (const p of participants) {
    for (const pub of p.trackPublications.values()) {
      tracks += listenerCount(pub);
      if (pub.track) tracks += listenerCount(pub.track);
    }
  }
  return {
    room: listenerCount(room),
    participants: participants.reduce((s, p) => s + listenerCount(p), 0),
    tracks,
  };
}

let leakRoom: TestRoom | undefined;

/** Leaks, step 1: the simulated room and its listener counts before any mount. */
function leaksSetup(options: { participants: number }) {
  leakRoom = createTestRoom({ participants: options.participants, local: { camera: true, microphone: true } });
  return roomListeners(leakRoom);
}

/** Leaks, step 2: `cycles` mount/unmount cycles of RoomProvider + VideoConference, each in a new React root. */
async function leaksCycles(options: { cycles: number }) {
  const room = leakRoom!;
  const t0 = performance.now();
  for (let i = 0; i < options.cycles; i++) {
    const r = createRoot(container);
    flushSync(() =>
      r.render(
        <RoomProvider room={room}>
          <VideoConference />
        </RoomProvider>,
      ),
    );
    // Let effects, observers and scheduled store flushes run before unmounting.
    await sleep(0);
    if (i === 0 && !container.querySelector('.rk-tile')) throw new Error('VideoConference rendered no tile');
    r.unmount();
    await sleep(0);
  }
  // The testing kit records every packet the local participant sends (`sentData`, `sentText`), by design, for
  // tests to read; each mount's hand-raise catch-up adds one. That log is the harness's, not the library's heap.
  room.sentData.length = 0;
  room.sentText.length = 0;
  return { ms: performance.now() - t0, listeners: roomListeners(room) };
}

/**
 * Connect overhead: one connect to the local media server, bare or through RoomProvider (which creates its
 * own Room). Both are timed from the start (the connect call, or the render of RoomProvider) to the Room's
 * Connected event.
 */
async function connectOnce(options: { mode: 'bare' | 'provider'; url: string; token: string }) {
  const { mode, url, token } = options;
  const timeout = (reject: (e: Error) => void) => setTimeout(() => reject(new Error(`${mode}: not connected within 20 s`)), 20_000);
  if (mode === 'bare') {
    const room = new Room();
    const connected = new Promise<number>((resolve, reject) => {
      room.once(RoomEvent.Connected, () => resolve(performance.now()));
      timeout(reject);
    });
    const t0 = performance.now();
    await room.connect(url, token);
    const at = await connected;
    await room.disconnect();
    return at - t0;
  }
  let room: Room | undefined;
  const errors: unknown[] = [];
  let resolveConnected!: (at: number) => void;
  const connected = new Promise<number>((resolve, reject) => {
    resolveConnected = resolve;
    timeout(reject);
  });
  const onConnected = (connectedRoom: Room) => {
    room = connectedRoom;
    resolveConnected(performance.now());
  };
  const r = createRoot(container);
  const t0 = performance.now();
  flushSync(() => r.render(<RoomProvider token={token} url={url} onConnected={onConnected} onError={(e) => errors.push(e)} />));
  const at = await connected;
  r.unmount();
  // RoomProvider disconnects its own room on unmount; wait until it has.
  for (let i = 0; i < 100 && room && room.state !== ConnectionState.Disconnected; i++) await sleep(20);
  if (errors.length) throw errors[0];
  return at - t0;
}

/**
 * An agent speaking in a 25-person meeting (RoomKit's VideoConference): its tile's AudioVisualizer draws each
 * animation frame from Web Audio. Counts React commits anywhere in the app (every component but the
 * visualizer, which never renders) while the visualizer draws `frames` frames with a changed level.
 */
async function agentSpeaking(options: { participants: number; frames: number }) {
  const room = createTestRoom({
    participants: [
      { identity: 'agent', name: 'Agent', kind: 'agent', microphone: true, agentState: 'speaking' },
      ...Array.from({ length: options.participants - 1 }, (_, i) => ({ identity: `p${i + 1}`, name: `P ${i + 1}`, camera: true, microphone: true })),
    ],
  });
  room.setSpeaking('agent', true);
  root = createRoot(container);
  root.render(
    <Profiler id="app" onRender={onAppCommit}>
      <div style={{ height: '100%' }}>
        <RoomProvider room={room}>
          <VideoConference />
        </RoomProvider>
      </div>
    </Profiler>,
  );
  await settle(500, 20_000);
  const bar = document.querySelector<HTMLElement>('[data-agent-state="speaking"] .rk-audio-bar');
  if (!bar) throw new Error('no agent visualizer in the grid');
  const state = bar.parentElement?.getAttribute('data-state');
  if (state !== 'live') throw new Error(`the agent visualizer is ${state ?? 'missing'}, not live`);
  counters.reset();
  // Frames drawn: changes of the first bar's level, seen by a MutationObserver (no polling of React state).
  let frames = 0;
  let last = bar.style.getPropertyValue('--rk-level');
  let done!: () => void;
  const enough = new Promise<void>((resolve) => (done = resolve));
  const observer = new MutationObserver(() => {
    const now = bar.style.getPropertyValue('--rk-level');
    if (now === last) return;
    last = now;
    if (++frames >= options.frames) done();
  });
  observer.observe(bar, { attributes: true, attributeFilter: ['style'] });
  const t0 = performance.now();
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`the visualizer drew ${frames} of ${options.frames} frames in 30 s`)), 30_000),
  );
  await Promise.race([enough, timeout]);
  const seconds = (performance.now() - t0) / 1000;
  observer.disconnect();
  const commits = counters.commits;
  root.unmount();
  return { frames, seconds, commits, otherRendersPerSecond: commits / seconds, framesPerSecond: frames / seconds };
}

declare global {
  interface Window {
    bench: typeof bench;
  }
}

const bench = { render, speakerView, scale, leaksSetup, leaksCycles, connectOnce, agentSpeaking, bigRoomJoin, bigRoomState, bigRoomFlip, bigRoomLeave, bigRoomWatchAudio, bigRoomHeard, bigRoomConnectionLog, webinarParticipantList, ready: true };
window.bench = bench;
