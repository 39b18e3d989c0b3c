import type { ProfilerOnRenderCallback } from 'react';

/**
 * Render and commit counters fed by React Profilers (the page is built against React's profiling build, so
 * `onRender` fires in production code). A tile render is one `onRender` call of a Profiler wrapped around one
 * tile: React calls it once per commit in which anything inside that tile rendered.
 */
export const counters = {
  tileRenders: 0,
  tiles: new Map<string, number>(),
  commits: 0,
  lastCommitAt: 0,
  reset() {
    this.tileRenders = 0;
    this.tiles.clear();
    this.commits = 0;
  },
};

export const onTileRender: ProfilerOnRenderCallback = (id) => {
  counters.tileRenders++;
  counters.tiles.set(id, (counters.tiles.get(id) ?? 0) + 1);
};

export const onAppCommit: ProfilerOnRenderCallback = () => {
  counters.commits++;
  counters.lastCommitAt = performance.now();
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves once no commit happened for `quietMs` (and at least `quietMs` after the call), or after `maxMs`. */
export async function settle(quietMs = 250, maxMs = 5000): Promise<void> {
  const start = performance.now();
  for (;;) {
    await sleep(20);
    const now = performance.now();
    if (now - start >= maxMs) return;
    if (now - start >= quietMs && now - Math.max(counters.lastCommitAt, start) >= quietMs) return;
  }
}
