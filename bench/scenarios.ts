/**
 * Node-side drivers of the benchmark page (bench/page): each scenario runs in a fresh browser context, so
 * scenarios never share a heap, a room or React state.
 */
import type { Browser } from 'playwright-core';
import { heapAfterGc, openPage } from './browser';

type Lib = 'roomkit' | 'livekit';
type Layout = 'all' | 'page';

export interface EventSummary {
  samples: number;
  tileRendersPerChange: number;
  maxTileRenders: number;
  medianCommitMs: number | null;
  detail: Array<{ commits: number; commitMs: number | null; tiles: Record<string, number> }>;
}
export interface RenderResult {
  lib: Lib;
  layout: Layout;
  mountedTiles: number;
  mountMs: number;
  idleTileRenders: number;
  idleTiles: string[];
  speaker: EventSummary;
  mute: EventSummary;
  offPage?: EventSummary;
}
export interface ScaleResult {
  lib: Lib;
  participants: number;
  mountedTiles: number;
  subscribedVideo: number;
  firstTilesMs: number;
  /** Whether subscription management settled (RoomKit: exactly the page's cameras subscribed) within 60 s. */
  settled: boolean;
  settledMs: number;
}
interface Listeners {
  room: number;
  participants: number;
  tracks: number;
}
export interface LeakResult {
  cycles: number;
  participants: number;
  listenersBefore: Listeners;
  listenersAfter: Listeners;
  leakedListeners: number;
  leakedTrackListeners: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
  heapGrowthMb: number;
  cyclesMs: number;
}

type Bench = Record<string, (arg: unknown) => Promise<unknown> | unknown>;

async function inPage<T>(browser: Browser, url: string, run: (call: (fn: string, arg: unknown) => Promise<unknown>, page: Awaited<ReturnType<typeof openPage>>) => Promise<T>): Promise<T> {
  const page = await openPage(browser, url);
  try {
    const call = (fn: string, arg: unknown) =>
      page.page.evaluate(({ fn, arg }) => (window as unknown as { bench: Bench }).bench[fn]!(arg), { fn, arg });
    const result = await run(call, page);
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
    return result;
  } finally {
    await page.close();
  }
}

/** Render isolation: one library's grid over a 100-participant simulated room. */
export function runRender(browser: Browser, url: string, lib: Lib, layout: Layout): Promise<RenderResult> {
  return inPage(browser, url, (call) => call('render', { lib, layout, participants: 100, idleMs: 5000, repeats: 10 }) as Promise<RenderResult>);
}

export interface SpeakerViewResult {
  lib: Lib;
  mountedTiles: number;
  tileRendersPerChange: number;
  maxTileRenders: number;
  medianMsToLargeTile: number | null;
  samples: Array<{ total: number; beforeMove: number; ms: number; tiles: Record<string, number> }>;
}

/** Speaker view: one library's speaker view over a 100-participant simulated room, ten speaker changes. */
export function runSpeakerView(browser: Browser, url: string, lib: Lib): Promise<SpeakerViewResult> {
  return inPage(browser, url, (call) => call('speakerView', { lib, participants: 100, repeats: 10 }) as Promise<SpeakerViewResult>);
}

/** Scale: the full conference prefab over a 1000-participant simulated room. */
export function runScale(browser: Browser, url: string, lib: Lib): Promise<ScaleResult> {
  return inPage(browser, url, (call) => call('scale', { lib, participants: 1000 }) as Promise<ScaleResult>);
}

export interface AgentSpeakingResult {
  frames: number;
  seconds: number;
  commits: number;
  otherRendersPerSecond: number;
  framesPerSecond: number;
}

/** An agent speaking in VideoConference: React commits per second while its visualizer draws 240 frames. */
export function runAgentSpeaking(browser: Browser, url: string): Promise<AgentSpeakingResult> {
  return inPage(browser, url, (call) => call('agentSpeaking', { participants: 25, frames: 240 }) as Promise<AgentSpeakingResult>);
}

/**
 * Leaks: mount/unmount cycles of RoomProvider + VideoConference on one simulated room. Listeners are counted
 * before the first mount and after the last unmount; the heap is read after forced full collections, after a
 * warm-up (first-use caches, compiled code) and after the cycles.
 */
export function runLeaks(browser: Browser, url: string, cycles = 1000, participants = 6): Promise<LeakResult> {
  return inPage(browser, url, async (call, page) => {
    const listenersBefore = (await call('leaksSetup', { participants })) as Listeners;
    await call('leaksCycles', { cycles: 200 });
    const heapBeforeBytes = await heapAfterGc(page.cdp);
    const run = (await call('leaksCycles', { cycles })) as { ms: number; listeners: Listeners };
    const heapAfterBytes = await heapAfterGc(page.cdp);
    const after = run.listeners;
    return {
      cycles,
      participants,
      listenersBefore,
      listenersAfter: after,
      leakedListeners: after.room + after.participants - (listenersBefore.room + listenersBefore.participants),
      leakedTrackListeners: after.tracks - listenersBefore.tracks,
      heapBeforeBytes,
      heapAfterBytes,
      heapGrowthMb: Math.round(((heapAfterBytes - heapBeforeBytes) / 1e6) * 1000) / 1000,
      cyclesMs: Math.round(run.ms),
    };
  });
}
