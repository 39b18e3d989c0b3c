/**
 * Big room: Chromium joins the dev media server, in a loopback-only network namespace (test/e2e/netns.sh), in a
 * room of synthetic publishers (each a three-layer simulcast camera and a microphone, speaking in turns), with
 * RoomKit's VideoConference and then components-react's, each in a fresh page. Figures come from the server's
 * per-subscriber counters (what it forwarded) and from the page (when video plays). Prints `BIGROOM {json}`.
 *
 *   bash test/e2e/netns.sh node --import tsx bench/bigRoom.ts [publishers…]   (default: 100 300)
 *
 * BIGROOM_LIBS=roomkit runs one library; BIGROOM_PROFILE=1 adds a CPU profile of the page after the measured
 * window (on an unminified build of the page, so it is not the figure's page).
 */
import type { CDPSession, Page } from 'playwright-core';
import type { MediaServer } from '../dev/media-server';
import { signToken } from '../dev/room-api/accessToken';
import { buildPage, openPage, type launch } from './browser';
import { namespaceMain, SECRET } from './namespaceMain';

export type Lib = 'roomkit' | 'livekit';

/** One library in one room. */
export interface BigRoomResult {
  lib: Lib;
  publishers: number;
  /** Remote camera tiles on the first page. */
  tiles: number;
  /** The most video tracks the server forwarded at once during the join (before settling). */
  peakSubscriptions: number;
  /** Video tracks forwarded once subscriptions settled. */
  subscribed: number;
  /** Audio tracks (microphones) forwarded once subscriptions settled. */
  audioSubscriptions: number;
  settled: boolean;
  /** Video received over the window (three turns, 9 s) after settling, kilobits per second (RTP payload and header). */
  videoKbps: number;
  /** From the render to every camera tile of the first page playing video. */
  firstVideoMs: number | null;
  /** Simulcast layer switches per page flip (three flips), and the time until the new page played. */
  layerSwitchesPerFlip: number | null;
  flipMs: Array<number | null>;
  /**
   * Speech starts after the window ({@link SPEECH_TURNS} turns): from the speaker's first loud packet at the server
   * to the page hearing it announced as a speaker, and to its microphone's first packet arriving at the page
   * (0 when it was already arriving: a subscribed microphone). Null where the page never heard it within 10 s.
   */
  speechStarts: Array<{ announcedMs: number | null; audioMs: number | null }>;
  /** The median of `speechStarts`' `audioMs`: what is lost at the start of speech. */
  speechStartMs: number | null;
  /** The browser's main-thread task time per second of wall time, over the same window. */
  mainThreadMsPerS: number;
  /** Layers forwarded after settling: rid → count. */
  layers: Record<string, number>;
  /** With BIGROOM_PROFILE=1: main-thread self time over a second window, ms per s, by origin and by function. */
  profile?: { byOrigin: Record<string, number>; top: Array<{ fn: string; origin: string; msPerS: number }> };
}

/**
 * Samples the page's main thread for `ms` and sums each function's self time: per origin (the profile build's
 * chunks: livekit-client, react, roomkit, other page code; and V8/Blink's own `(program)`, `(garbage collector)`),
 * and the heaviest functions. `(idle)` is left out. Figures in ms per second of wall time.
 */
async function profileWindow(cdp: CDPSession, ms: number): Promise<NonNullable<BigRoomResult['profile']>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, ms));
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<number, number>();
  profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const originOf = (url: string, fn: string) => {
    if (!url) return fn.startsWith('(') ? fn : 'native';
    const file = url.split('/').pop() ?? url;
    return ['livekit-client', 'react', 'roomkit'].find((c) => file.startsWith(c)) ?? 'other page code';
  };
  const byOrigin: Record<string, number> = {};
  const byFn = new Map<string, { fn: string; origin: string; us: number }>();
  const perS = (us: number) => Math.round((us / 1000 / (ms / 1000)) * 10) / 10;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const fn = node.callFrame.functionName || '(anonymous)';
    if (!us || fn === '(idle)') continue;
    const origin = originOf(node.callFrame.url, fn);
    byOrigin[origin] = (byOrigin[origin] ?? 0) + us;
    const key = `${fn}@${origin}:${node.callFrame.lineNumber}`;
    const entry = byFn.get(key) ?? { fn: `${fn} (line ${node.callFrame.lineNumber + 1})`, origin, us: 0 };
    entry.us += us;
    byFn.set(key, entry);
  }
  await cdp.send('Profiler.disable');
  return {
    byOrigin: Object.fromEntries(Object.entries(byOrigin).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, perS(v)])),
    top: [...byFn.values()].sort((a, b) => b.us - a.us).slice(0, 25).map((e) => ({ fn: e.fn, origin: e.origin, msPerS: perS(e.us) })),
  };
}

/** A synthetic publisher's turn to speak. */
const TURN_MS = 3000;
/**
 * The measured window: a whole number of turns, so every run sees the same number of new speakers (each costs a
 * renegotiation); a 5 s window saw one or two, which alone moved the main-thread figure by a third.
 */
const WINDOW_MS = 3 * TURN_MS;
const FLIPS = 3;
const SPEECH_TURNS = 3;

/** The renderer's main-thread task time so far, seconds (DevTools `Performance.getMetrics`; enable `Performance` first). */
export async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}

/**
 * The latest synthetic speaker of `room` and when its speech began at the server (epoch ms). The previous one
 * still counts as speaking for the server's hold after its turn.
 */
function speaker(server: MediaServer, room: string): { identity: string; since: number } | undefined {
  let latest: { identity: string; since: number } | undefined;
  for (const p of server.room(room)?.participants ?? []) {
    const since = p.tracks.find((t) => t.source === 'microphone')?.speakingSince;
    if (typeof since === 'number' && since > (latest?.since ?? -Infinity)) latest = { identity: p.identity, since };
  }
  return latest;
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]! : null);

/** What the server forwarded to `identity` in `room` so far. */
export function media(server: MediaServer, room: string, identity: string) {
  const stats = server.room(room)?.participants.find((p) => p.identity === identity)?.media;
  if (!stats) throw new Error(`${identity} is not in ${room}`);
  return stats;
}

/** Polls `condition` every 100 ms; false when it still fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Calls one of the benchmark page's `window.bench` functions. */
export function pageCall(page: Page) {
  return <T,>(fn: string, arg?: unknown) =>
    page.evaluate(({ fn, arg }) => (window as unknown as { bench: Record<string, (a: unknown) => unknown> }).bench[fn]!(arg), { fn, arg }) as Promise<T>;
}

/** A token for the page's participant: join `room`, an hour long. */
export function viewerToken(identity: string, room: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signToken({ iss: 'bench', sub: identity, nbf: now - 5, exp: now + 3600, video: { roomJoin: true, room } }, SECRET);
}

export async function runBigRoom(server: MediaServer, pageUrl: string, browser: Awaited<ReturnType<typeof launch>>, lib: Lib, publishers: number): Promise<BigRoomResult> {
  const roomName = `big-${lib}-${publishers}`;
  const identity = `viewer-${lib}`;
  server.addSyntheticParticipants(roomName, { count: publishers, speaking: true, turnMs: TURN_MS });
  const page = await openPage(browser, pageUrl);
  try {
    await page.cdp.send('Performance.enable');
    const call = pageCall(page.page);
    const token = viewerToken(identity, roomName);
    const join = await call<{ firstVideoMs: number | null; tiles: number }>('bigRoomJoin', { lib, url: server.url, token });

    // Settled: the server forwards exactly the cameras the client wants, and the client wants what its layout
    // needs (RoomKit: the page's cameras; components-react subscribes every camera).
    const settledNow = async () => {
      const state = await call<{ pageCameras: number; desiredCameras: number }>('bigRoomState');
      const expected = lib === 'roomkit' ? state.pageCameras : publishers;
      return state.desiredCameras === expected && media(server, roomName, identity).videoSubscriptions === expected;
    };
    const settled = await until(settledNow, 60_000);
    const peakSubscriptions = media(server, roomName, identity).peakVideoSubscriptions;

    const bytes0 = media(server, roomName, identity).videoBytesSent;
    const task0 = await taskSeconds(page.cdp);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const elapsed = (Date.now() - t0) / 1000;
    const after = media(server, roomName, identity);
    const videoKbps = Math.round(((after.videoBytesSent - bytes0) * 8) / elapsed / 1000);
    const mainThreadMsPerS = Math.round((((await taskSeconds(page.cdp)) - task0) * 1000) / elapsed);
    const layers: Record<string, number> = {};
    for (const track of Object.values(after.tracks)) if (track.layer !== null && track.layer !== '-') layers[track.layer] = (layers[track.layer] ?? 0) + 1;
    const subscribed = after.videoSubscriptions;
    const audioSubscriptions = after.subscriptions - after.videoSubscriptions;
    const profile = process.env.BIGROOM_PROFILE === '1' ? await profileWindow(page.cdp, WINDOW_MS) : undefined;

    // Speech starts: each new speaker after the page started watching (the current one began before).
    await call('bigRoomWatchAudio');
    const speechStarts: BigRoomResult['speechStarts'] = [];
    let last = speaker(server, roomName)?.identity;
    for (let i = 0; i < SPEECH_TURNS; i++) {
      if (!(await until(() => (speaker(server, roomName)?.identity ?? last) !== last, 10_000))) break;
      const turn = speaker(server, roomName)!;
      last = turn.identity;
      const heard = await call<{ announcedAt: number | null; audioAt: number | null }>('bigRoomHeard', turn.identity);
      const after = (at: number | null) => (at === null ? null : Math.max(0, Math.round(at - turn.since)));
      speechStarts.push({ announcedMs: after(heard.announcedAt), audioMs: after(heard.audioAt) });
    }
    const heardStarts = speechStarts.map((s) => s.audioMs);
    const speechStartMs = heardStarts.includes(null) ? null : median(heardStarts as number[]);

    const switches0 = media(server, roomName, identity).layerSwitches;
    const flipMs: Array<number | null> = [];
    for (let i = 0; i < FLIPS; i++) {
      flipMs.push(await call<number | null>('bigRoomFlip'));
      await until(settledNow, 30_000);
    }
    const layerSwitchesPerFlip = Math.round(((media(server, roomName, identity).layerSwitches - switches0) / FLIPS) * 10) / 10;
    await call('bigRoomLeave');
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
    return {
      lib,
      publishers,
      tiles: join.tiles,
      peakSubscriptions,
      subscribed,
      audioSubscriptions,
      settled,
      videoKbps,
      firstVideoMs: join.firstVideoMs === null ? null : Math.round(join.firstVideoMs),
      layerSwitchesPerFlip,
      flipMs: flipMs.map((ms) => (ms === null ? null : Math.round(ms))),
      mainThreadMsPerS,
      speechStarts,
      speechStartMs,
      layers,
      ...(profile ? { profile } : {}),
    };
  } finally {
    await page.close();
    server.removeSyntheticParticipants(roomName);
    server.deleteRoom(roomName);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  await namespaceMain(
    'BIGROOM',
    async ({ media, pageUrl, browser }) => {
      const results: BigRoomResult[] = [];
      for (const publishers of sizes.length ? sizes : [100, 300]) {
        for (const lib of (process.env.BIGROOM_LIBS ?? 'roomkit,livekit').split(',') as Lib[]) {
          process.stderr.write(`bench: big room, ${lib}, ${publishers} publishers\n`);
          results.push(await runBigRoom(media, pageUrl, browser, lib, publishers));
        }
      }
      return results;
    },
    // A profile wants names: the page rebuilt unminified, one chunk per origin (npm run bench rebuilds it minified).
    process.env.BIGROOM_PROFILE === '1' ? () => buildPage({ profile: true }) : undefined,
  );
}
