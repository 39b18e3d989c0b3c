declare const process: { env: { NODE_ENV?: string } };

const warned = new Set<string>();

/**
 * @internal Development, not production. Bundlers replace `process.env.NODE_ENV` (Vite, Next.js, webpack, esbuild
 * with `define`), so in a production build this is `false`: no warning prints, and a bundler that follows constants
 * across modules (Vite's) drops every `if (DEV) devWarn(…)`, message and all (0.4 kB of a conference). Turbopack keeps
 * the messages, unprinted.
 */
export const DEV = process.env.NODE_ENV !== 'production';

/** @internal A development-only warning, printed once per message; call it as `DEV && devWarn(…)` so production builds drop it. */
export function devWarn(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[RoomKit] ${message}`);
}

/**
 * @internal Forgets which warnings {@link devWarn} printed, as a fresh page would. For tests: test/setup.ts calls it
 * before each test, since tests (and test files sharing a module registry) would otherwise share the once-per-message memory.
 */
export function resetDevWarnings(): void {
  warned.clear();
}

/** @internal Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** @internal `''` for a true flag, so `data-x={flag(v)}` is present or absent, never "false". */
export function flag(value: boolean): '' | undefined {
  return value ? '' : undefined;
}
