/**
 * Big room: Chromium joins the dev media server, in a loopback-only network namespace (test/e2e/netns.sh), in a
 * room of synthetic publishers (each a three-layer simulcast camera and a microphone, speaking in turns), with
 * RoomKit's VideoConference and then components-react's, each in a fresh page. Two crowds: the worst case, where
 * every publisher speaks in turn and nobody twice, and a meeting, where 10 regulars take turns. Figures come from
 * the server's per-subscriber counters (what it forwarded, the offers it answered) and from the page (when video
 * plays, its main thread). Prints `BIGROOM {json}` ({@link BigRoomRun}): the scenarios that completed and why any
 * other did not.
 *
 *   bash test/e2e/netns.sh node --import tsx bench/bigRoom.ts [publishers…]   (default: 100 300)
 *
 * BIGROOM_LIBS=roomkit runs one library, BIGROOM_CROWDS=meeting one crowd (the meeting at the largest size only);
 * BIGROOM_PROFILE=1 adds a CPU profile of the page after the measured window (on an unminified build of the page,
 * so it is not the figure's page).
 */
import type { CDPSession, Page } from 'playwright-core';
import type { MediaServer } from '../dev/media-server';
import { signToken } from '../dev/room-api/accessToken';
import { EVERY_MICROPHONE_UP_TO } from '../src/media/audioSubscriptions';
import { buildPage, openPage, type launch } from './browser';
import { namespaceMain, SECRET, type ServerLog } from './namespaceMain';

/** `floor`: plain livekit-client showing exactly what RoomKit's page shows, no React (bench/page/floor.ts). */
export type Lib = 'roomkit' | 'livekit' | 'floor';
/**
 * Who speaks. `worst`: every publisher in turn, so nobody ever speaks twice (each speaker is new to the page).
 * `meeting`: {@link REGULARS} regular speakers spread among the publishers take turns, as in a meeting: speakers
 * return.
 */
export type Crowd = 'worst' | 'meeting';

/** One library in one room. */
export interface BigRoomResult {
  lib: Lib;
  publishers: number;
  crowd: Crowd;
  /** Remote camera tiles on the first page. */
  tiles: number;
  /** The most video tracks the server forwarded at once during the join (before settling). */
  peakSubscriptions: number;
  /** Video tracks forwarded once subscriptions settled. */
  subscribed: number;
  /** Audio tracks (microphones) forwarded at the end of the window. */
  audioSubscriptions: number;
  /** Video received over the window after settling, kilobits per second (RTP payload and header). */
  videoKbps: number;
  /** From the render to every camera tile of the first page playing video; null when not within 90 s. */
  firstVideoMs: number | null;
  /** The window: whole turns, from just after a speaker change; what follows is measured over it. */
  windowMs: number;
  /** The browser's main-thread task time per second of wall time. */
  mainThreadMsPerS: number;
  /** Speaker changes in the window (one per turn), and the page's offers the server answered and asked for. */
  speakerChanges: number;
  offers: number;
  offerRequests: number;
  /** `offers` / `speakerChanges`: each offer is a whole SDP round trip on the page's main thread. */
  offersPerSpeakerChange: number;
  /** Receive-only sections of the page's latest offer at the end of the window. */
  receiveSections: { audio: number; video: number };
  /** Sections that took another track after their first one was released, during the whole visit. */
  reusedSections: number;
  /** Worst crowd only (null or empty for the meeting): simulcast layer switches per page flip (three flips), and the time until the new page played. */
  layerSwitchesPerFlip: number | null;
  flipMs: Array<number | null>;
  /**
   * Worst crowd only: speech starts after the window ({@link SPEECH_TURNS} turns): from the speaker's first loud
   * packet at the server to the page hearing it announced as a speaker, and to its microphone's first packet
   * arriving at the page (0 when it was already arriving: a subscribed microphone). Null where the page never heard
   * it within 10 s.
   */
  speechStarts: Array<{ announcedMs: number | null; audioMs: number | null }>;
  /** The median of `speechStarts`' `audioMs`: what is lost at the start of speech. */
  speechStartMs: number | null;
  /** Layers forwarded after settling: rid → count. */
  layers: Record<string, number>;
  /** What could not be measured, and why: each makes the bench fail, naming it. */
  problems: string[];
  /** With BIGROOM_PROFILE=1: main-thread self time over a second window, ms per s, by origin and by function. */
  profile?: { byOrigin: Record<string, number>; top: Array<{ fn: string; origin: string; msPerS: number }> };
}

/** What the big-room process prints: the scenarios that completed, and why each other one did not. */
export interface BigRoomRun {
  results: BigRoomResult[];
  failures: string[];
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
/** The meeting crowd's regular speakers. */
export const REGULARS = 10;
/**
 * The worst crowd's window: a whole number of turns, so every run sees the same number of new speakers (each
 * costs a renegotiation); a 5 s window saw one or two, which alone moved the main-thread figure by a third. The
 * meeting's window is one round of its regular speakers: each returns once.
 */
const WINDOW_TURNS: Record<Crowd, number> = { worst: 3, meeting: REGULARS };
/** Distinct speakers since the page began to join, before the window: every regular, or one more than RoomKit keeps. */
const WARMUP_SPEAKERS: Record<Crowd, number> = { worst: EVERY_MICROPHONE_UP_TO + 1, meeting: REGULARS };
const FLIPS = 3;
const SPEECH_TURNS = 3;
/**
 * Bounds of the waits on the page (each ends as soon as its condition holds; the bound only says when to give up,
 * and a scenario that reaches one fails naming it). The anchor's page subscribes every camera of 300 publishers,
 * which takes it 20 s on a quiet machine: the bounds are several times that.
 */
export const BOUNDS = {
  joinMs: 120_000,
  settleMs: 180_000,
  turnMs: 4 * TURN_MS,
  warmupMs: 4 * (EVERY_MICROPHONE_UP_TO + 1) * TURN_MS,
  /** From a speaker's turn to its first packet at the page (a page subscribing all 300 microphones is slow to play them). */
  heardMs: 30_000,
} as const;

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

/** What the server forwarded to `identity` in `room` so far; throws, naming the room's state, if it is not there. */
export function media(server: MediaServer, room: string, identity: string) {
  const state = server.room(room);
  const stats = state?.participants.find((p) => p.identity === identity)?.media;
  if (!stats) throw new Error(`${identity} is not in ${room} (${state ? `${state.participants.length} participants` : 'no such room'})`);
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

/** Adds the crowd: every publisher speaking in turn, or {@link REGULARS} regulars spread evenly among them. */
function addCrowd(server: MediaServer, room: string, publishers: number, crowd: Crowd): void {
  if (crowd === 'worst') {
    server.addSyntheticParticipants(room, { count: publishers, speaking: true, turnMs: TURN_MS });
    return;
  }
  const between = Math.floor(publishers / REGULARS) - 1;
  for (let i = 0; i < REGULARS; i++) {
    server.addSyntheticParticipants(room, { count: between });
    server.addSyntheticParticipants(room, { count: 1, speaking: true, turnMs: TURN_MS });
  }
  const rest = publishers - REGULARS * (between + 1);
  if (rest > 0) server.addSyntheticParticipants(room, { count: rest });
}

/** Waits for `condition` within `bound` ms, or fails saying what did not happen and what was seen last. */
async function expectWithin(what: string, bound: number, condition: () => boolean | Promise<boolean>, seen: () => unknown): Promise<void> {
  if (await until(condition, bound)) return;
  throw new Error(`${what}: not within ${Math.round(bound / 1000)} s; last seen ${JSON.stringify(await seen())}`);
}

export async function runBigRoom(
  server: MediaServer,
  pageUrl: string,
  browser: Awaited<ReturnType<typeof launch>>,
  lib: Lib,
  publishers: number,
  crowd: Crowd = 'worst',
  serverLog: ServerLog = () => [],
  /** The floor's page: as many cameras as RoomKit's page showed in the same scenario. */
  cameras?: number,
): Promise<BigRoomResult> {
  const roomName = `big-${lib}-${publishers}${crowd === 'meeting' ? '-meeting' : ''}`;
  const identity = `viewer-${lib}`;
  addCrowd(server, roomName, publishers, crowd);
  const page = await openPage(browser, pageUrl);
  try {
    await page.cdp.send('Performance.enable');
    const call = pageCall(page.page);
    const token = viewerToken(identity, roomName);
    // Who has spoken since the page started joining (the server's latest speaker, read every 250 ms until the window).
    const spoken = new Set<string>();
    const listen = setInterval(() => {
      const turn = speaker(server, roomName);
      if (turn) spoken.add(turn.identity);
    }, 250);
    const join = await call<{ firstVideoMs: number | null; tiles: number }>('bigRoomJoin', { lib, url: server.url, token, ...(cameras !== undefined && { cameras }) }).catch((error: unknown) => {
      clearInterval(listen);
      throw error;
    });
    const inRoom = () => server.room(roomName)?.participants.some((p) => p.identity === identity) ?? false;
    await expectWithin(`${identity} joins ${roomName}`, BOUNDS.joinMs, inRoom, () => ({ page: join, errors: page.errors }));

    // Settled: the server forwards exactly the cameras the client wants, and the client wants what its layout
    // needs (RoomKit: the page's cameras; components-react subscribes every camera).
    const state = () => call<{ pageCameras: number; desiredCameras: number }>('bigRoomState');
    const settledNow = async () => {
      const { pageCameras, desiredCameras } = await state();
      const expected = lib === 'livekit' ? publishers : pageCameras;
      return desiredCameras === expected && media(server, roomName, identity).videoSubscriptions === expected;
    };
    const settleSeen = async () => ({ ...(await state()), forwarded: media(server, roomName, identity).videoSubscriptions });
    await expectWithin(`${identity}'s subscriptions settle in ${roomName}`, BOUNDS.settleMs, settledNow, settleSeen);
    const peakSubscriptions = media(server, roomName, identity).peakVideoSubscriptions;

    // A meeting under way: in the meeting every regular has spoken since the page joined, so from here on speakers
    // return; in the worst case more speakers than RoomKit keeps subscribed (the last 12 heard), so from here on
    // each new one lets another go, as in a long meeting where nobody speaks twice.
    const warm = WARMUP_SPEAKERS[crowd];
    await expectWithin(`${warm} speakers in ${roomName} since the page joined`, BOUNDS.warmupMs, () => spoken.size >= warm, () => [...spoken]).finally(() =>
      clearInterval(listen),
    );
    // The window starts just after a speaker change, so it holds exactly one change per turn.
    const before = speaker(server, roomName)?.identity;
    await expectWithin(`a speaker change in ${roomName}`, BOUNDS.turnMs, () => speaker(server, roomName)?.identity !== before, () => before);
    const windowMs = WINDOW_TURNS[crowd] * TURN_MS;
    const start = media(server, roomName, identity);
    const task0 = await taskSeconds(page.cdp);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, windowMs));
    const elapsed = (Date.now() - t0) / 1000;
    const mainThreadMsPerS = Math.round((((await taskSeconds(page.cdp)) - task0) * 1000) / elapsed);
    const after = media(server, roomName, identity);
    const videoKbps = Math.round(((after.videoBytesSent - start.videoBytesSent) * 8) / elapsed / 1000);
    const speakerChanges = WINDOW_TURNS[crowd];
    const offers = after.offers - start.offers;
    const layers: Record<string, number> = {};
    for (const track of Object.values(after.tracks)) if (track.layer !== null && track.layer !== '-') layers[track.layer] = (layers[track.layer] ?? 0) + 1;
    const profile = process.env.BIGROOM_PROFILE === '1' ? await profileWindow(page.cdp, windowMs) : undefined;
    // The floor measures the window only: it has no pages to flip, and its speech starts are RoomKit's policy.
    const worst = crowd === 'worst' && lib !== 'floor' ? await speechAndFlips(server, roomName, identity, call, settledNow) : undefined;
    await call('bigRoomLeave');
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
    return {
      lib,
      publishers,
      crowd,
      tiles: join.tiles,
      peakSubscriptions,
      subscribed: after.videoSubscriptions,
      audioSubscriptions: after.subscriptions - after.videoSubscriptions,
      videoKbps,
      firstVideoMs: join.firstVideoMs === null ? null : Math.round(join.firstVideoMs),
      windowMs,
      mainThreadMsPerS,
      speakerChanges,
      offers,
      offerRequests: after.offerRequests - start.offerRequests,
      offersPerSpeakerChange: Math.round((offers / speakerChanges) * 100) / 100,
      receiveSections: after.receiveSections,
      reusedSections: after.reusedSections,
      layerSwitchesPerFlip: worst?.layerSwitchesPerFlip ?? null,
      flipMs: worst?.flipMs ?? [],
      speechStarts: worst?.speechStarts ?? [],
      speechStartMs: worst?.speechStartMs ?? null,
      layers,
      problems: worst?.problems ?? [],
      ...(profile ? { profile } : {}),
    };
  } catch (error) {
    // Name the cause: what the page saw of its connection, and what the server did with its participant.
    const seen = await Promise.race([
      page.page.evaluate(() => (window as unknown as { bench: { bigRoomConnectionLog(): string[] } }).bench.bigRoomConnectionLog()),
      new Promise<string[]>((resolve) => setTimeout(() => resolve(['(the page did not answer within 5 s)']), 5000)),
    ]).catch(() => ['(the page is gone)']);
    const said = serverLog(`${identity} `).slice(-6);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}; the page's connection: ${seen.join(', ') || 'no change'}; the server: ${said.join(' | ') || 'nothing about it'}`, { cause: error });
  } finally {
    await page.close();
    server.removeSyntheticParticipants(roomName);
    server.deleteRoom(roomName);
  }
}

/**
 * After the window, the worst crowd's other figures: speech starts of the next {@link SPEECH_TURNS} speakers (each
 * never heard before), then {@link FLIPS} page flips.
 */
async function speechAndFlips(
  server: MediaServer,
  roomName: string,
  identity: string,
  call: ReturnType<typeof pageCall>,
  settledNow: () => Promise<boolean>,
): Promise<Pick<BigRoomResult, 'speechStarts' | 'speechStartMs' | 'layerSwitchesPerFlip' | 'flipMs' | 'problems'>> {
  // Speech starts: each new speaker after the page started watching (the current one began before).
  await call('bigRoomWatchAudio');
  const speechStarts: BigRoomResult['speechStarts'] = [];
  const problems: string[] = [];
  let last = speaker(server, roomName)?.identity;
  for (let i = 0; i < SPEECH_TURNS; i++) {
    if (!(await until(() => (speaker(server, roomName)?.identity ?? last) !== last, BOUNDS.turnMs))) break;
    const turn = speaker(server, roomName)!;
    last = turn.identity;
    const heard = await call<{ announcedAt: number | null; audioAt: number | null }>('bigRoomHeard', { identity: turn.identity, timeoutMs: BOUNDS.heardMs });
    const after = (at: number | null) => (at === null ? null : Math.max(0, Math.round(at - turn.since)));
    speechStarts.push({ announcedMs: after(heard.announcedAt), audioMs: after(heard.audioAt) });
    if (heard.audioAt === null) problems.push(`speech start: ${turn.identity}'s microphone sent the page nothing within ${BOUNDS.heardMs / 1000} s of its turn`);
  }
  if (speechStarts.length < SPEECH_TURNS) problems.push(`speech start: ${speechStarts.length} of ${SPEECH_TURNS} speaker changes seen`);
  const heardStarts = speechStarts.map((s) => s.audioMs);
  const speechStartMs = problems.length ? null : median(heardStarts as number[]);

  const switches0 = media(server, roomName, identity).layerSwitches;
  const flipMs: Array<number | null> = [];
  for (let i = 0; i < FLIPS; i++) {
    flipMs.push(await call<number | null>('bigRoomFlip'));
    await expectWithin(`${identity}'s subscriptions settle after flip ${i + 1}`, BOUNDS.settleMs, settledNow, () => media(server, roomName, identity).videoSubscriptions);
  }
  const layerSwitchesPerFlip = Math.round(((media(server, roomName, identity).layerSwitches - switches0) / FLIPS) * 10) / 10;
  return { speechStarts, speechStartMs, layerSwitchesPerFlip, flipMs: flipMs.map((ms) => (ms === null ? null : Math.round(ms))), problems };
}

/**
 * Every scenario asked for, one after another: each crowd at each size for each library (the meeting crowd at the
 * largest size only). A scenario that fails is named with its cause, and the next one runs.
 */
export async function runBigRooms(
  server: MediaServer,
  pageUrl: string,
  browser: Awaited<ReturnType<typeof launch>>,
  options: { sizes: number[]; libs: Lib[]; crowds: Crowd[]; serverLog: ServerLog },
): Promise<BigRoomRun> {
  const { sizes, libs, crowds, serverLog } = options;
  const run: BigRoomRun = { results: [], failures: [] };
  const largest = Math.max(...sizes);
  for (const crowd of crowds) {
    for (const publishers of crowd === 'meeting' ? [largest] : sizes) {
      for (const lib of libs) {
        const name = `${lib}, ${publishers} publishers, ${crowd} crowd`;
        process.stderr.write(`bench: big room, ${name}\n`);
        try {
          const shown = run.results.find((r) => r.lib === 'roomkit' && r.publishers === publishers && r.crowd === crowd)?.tiles;
          const result = await runBigRoom(server, pageUrl, browser, lib, publishers, crowd, serverLog, lib === 'floor' ? shown : undefined);
          run.results.push(result);
          run.failures.push(...result.problems.map((problem) => `big room (${name}): ${problem}`));
        } catch (error) {
          run.failures.push(`big room (${name}): ${error instanceof Error ? error.message : String(error)}`);
          process.stderr.write(`bench: big room (${name}) failed: ${String(error)}\n`);
        }
      }
    }
  }
  return run;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  await namespaceMain(
    'BIGROOM',
    ({ media, pageUrl, browser, serverLog }) =>
      runBigRooms(media, pageUrl, browser, {
        sizes: sizes.length ? sizes : [100, 300],
        libs: (process.env.BIGROOM_LIBS ?? 'roomkit,floor,livekit').split(',') as Lib[],
        crowds: (process.env.BIGROOM_CROWDS ?? 'worst,meeting').split(',') as Crowd[],
        serverLog,
      }),
    // A profile wants names: the page rebuilt unminified, one chunk per origin (npm run bench rebuilds it minified).
    process.env.BIGROOM_PROFILE === '1' ? () => buildPage({ profile: true }) : undefined,
  );
}
