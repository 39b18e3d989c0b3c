/**
 * The bound of every wait in the e2e suite: `expect.poll` (its default for the e2e project, in vitest.config.ts, and
 * passed explicitly), Playwright's waits (each browser context's default timeout, see support.ts) and the suite's own
 * polling loops. A wait ends as soon as what it waits for happens; the bound only says when to give up. It is
 * generous because a busy two-core runner may be slow, and a slow machine must never fail a test that is right
 * (vitest's own `expect.poll` default is 1 s). Longer waits (a reconnection, a token refresh) say so with a bound of
 * their own, and each test's timeout is larger than any wait inside it (the e2e project's is 120 s).
 *
 * ```ts
 * import { WAIT } from './support';
 * await expect.poll(() => toggle.getAttribute('aria-pressed'), WAIT).toBe('true');
 * ```
 *
 * A module of its own, with no imports, so that vitest.config.ts can read it.
 */
export const WAIT: Readonly<{ timeout: number; interval: number }> = Object.freeze({ timeout: 20_000, interval: 50 });
