/**
 * What `npm run bench` prints and how it ends: the table, and the outcome that decides the exit code. Pure
 * functions, tested in test/node/benchReport.test.ts.
 */

/** A table row: measure, RoomKit, components-react, target, and whether the target is met (null: no target). */
export type Row = [string, string, string, string, boolean | null];

/** The rows as aligned text, a string row being a section title. */
export function formatTable(rows: ReadonlyArray<Row | string>): string[] {
  const header: Row = ['measure', 'RoomKit', 'components-react', 'target', null];
  const table = rows.filter((r): r is Row => typeof r !== 'string');
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[header, ...table].map((r) => String(r[i]).length)));
  const line = (r: Row) =>
    `  ${[0, 1, 2, 3].map((i) => String(r[i]).padEnd(widths[i]!)).join('  ')}  ${r[4] === null ? '' : r[4] ? 'met' : 'MISSED'}`.trimEnd();
  return [line(header), ...rows.map((r) => (typeof r === 'string' ? r : line(r)))];
}

/** How a bench run ends: 0 when every scenario completed and every key has a figure, else 1 with the causes. */
export interface BenchOutcome {
  exitCode: 0 | 1;
  messages: string[];
}

/**
 * Judges a run: `failures` are the scenarios that did not complete, each with its cause (a skipped scenario is
 * one); a key of `bench` that is null, undefined or not a finite number (or a list holding one) is a figure missing. Either fails the run:
 * a bench that skips never does so in silence.
 */
export function benchOutcome(bench: Readonly<Record<string, unknown>>, failures: readonly string[]): BenchOutcome {
  const absent = (value: unknown): boolean =>
    value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)) || (Array.isArray(value) && value.some(absent));
  const missing = Object.entries(bench)
    .filter(([, value]) => absent(value))
    .map(([key]) => key);
  const messages = [...failures.map((f) => `scenario failed: ${f}`)];
  if (missing.length) messages.push(`no figure for ${missing.length} key(s): ${missing.join(', ')}`);
  return { exitCode: messages.length ? 1 : 0, messages };
}

/** `npm run bench -- --only bigroom --runs N`: the big room alone, N times in a row (`--runs` needs `--only`). */
export function parseBenchArgs(args: readonly string[]): { only: 'bigroom' | undefined; runs: number } {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i === -1 ? undefined : args[i + 1];
  };
  const only = value('--only');
  const runs = Number(value('--runs') ?? 1);
  if (only !== undefined && only !== 'bigroom') throw new Error(`--only ${only}: only the big room runs alone (--only bigroom)`);
  if (!Number.isInteger(runs) || runs < 1 || (runs > 1 && !only)) throw new Error('--runs N: a whole number of at least 1, with --only bigroom');
  const known = new Set(['--only', '--runs', only, value('--runs')]);
  const unknown = args.filter((a) => !known.has(a));
  if (unknown.length) throw new Error(`unknown arguments: ${unknown.join(' ')} (known: --only bigroom, --runs N)`);
  return { only, runs };
}
