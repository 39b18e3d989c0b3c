/**
 * The bound of the node tests' `expect.poll` waits: vitest's default (1 s) decides the outcome on a busy runner, so
 * every poll names this one (well inside the project's 60 s test time-out).
 */
export const POLL = { timeout: 15_000, interval: 20 } as const;
