/**
 * The command line of `npm run test:repeat`: `--times N`, `--load`, `--all`, and everything else handed to
 * `vitest run` unchanged (projects, files, `-t`, `--config` …).
 */

/** What went wrong with the command line; `code` names the rule, `message` says how to fix it. */
export type ArgsErrorCode =
  | 'missing-times'
  | 'missing-value'
  | 'invalid-times'
  | 'invalid-burners'
  | 'unexpected-value'
  | 'duplicate-option'
  | 'reserved-option'
  | 'no-selection';

export class ArgsError extends Error {
  override readonly name = 'ArgsError';
  constructor(
    readonly code: ArgsErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RepeatOptions {
  /** How many fresh `vitest run` processes to start, one after the other. */
  times: number;
  /** Keep every core busy with a CPU burner while the runs go. */
  load: boolean;
  /** How many CPU burners with `load` (`--burners N`; default: one per core). */
  burners?: number | undefined;
  /** List every test in the table, not only those that failed at least once. */
  all: boolean;
  /** Handed to `vitest run` as given. */
  vitestArgs: string[];
  /** `--project e2e` is among them: each run goes through test/e2e/netns.sh, as `npm run test:e2e` does. */
  e2e: boolean;
}

/** The most runs one command may ask for (a typo like `--times 2000000` should not start a week of runs). */
export const MAX_TIMES = 10_000;

export const USAGE = `usage: npm run test:repeat -- <vitest projects and/or files> --times N [--load] [--all]

Runs the chosen tests N times, each time in a fresh \`vitest run\` process, and prints how often each test failed.
  --times N   how many runs (1 to ${MAX_TIMES})
  --load      keep every core busy with a CPU burner during the runs
  --burners N that many CPU burners instead of one per core (implies --load)
  --all       list every test, not only those that failed
Everything else goes to \`vitest run\`: --project NAME, file filters, -t PATTERN, --config FILE …
With --project e2e each run goes through test/e2e/netns.sh (root needed).

  npm run test:repeat -- --project unit test/unit/controlBarFold.test.tsx --times 20 --load
  npm run test:repeat -- --project e2e --times 5 --load`;

/**
 * Options this command sets itself, so a caller may not: the JSON report is how outcomes are read, and a run
 * must end. `run` as a first argument would be read by vitest as a file filter.
 */
const RESERVED: ReadonlyArray<[RegExp, string]> = [
  [/^--reporter(=|$)/, 'each run writes its own JSON report (--reporter=json)'],
  [/^--outputFile(\.|=|$)/, 'each run writes its JSON report to a file of its own'],
  [/^(--watch|-w)(=|$)/, 'every run is `vitest run`'],
  [/^--(ui|standalone)(=|$)/, 'every run is `vitest run`'],
];

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The value of `--name VALUE` or `--name=VALUE` at `index`; throws when VALUE is absent. */
function valueOf(argv: readonly string[], index: number, name: string): { value: string; next: number } {
  const arg = argv[index] ?? '';
  if (arg.startsWith(`${name}=`)) return { value: arg.slice(name.length + 1), next: index };
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new ArgsError('missing-value', `${name} needs a value: ${name} N.`);
  return { value, next: index + 1 };
}

/** Reads `--times`' value: a whole number from 1 to {@link MAX_TIMES}, written in decimal digits. */
export function parseTimes(value: string): number {
  const times = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(times) || times < 1 || times > MAX_TIMES) {
    throw new ArgsError('invalid-times', `--times must be a whole number from 1 to ${MAX_TIMES}, not ${JSON.stringify(value)}.`);
  }
  return times;
}

/** The projects named by `--project NAME` / `--project=NAME` in vitest arguments. */
export function projectsOf(vitestArgs: readonly string[]): string[] {
  const projects: string[] = [];
  vitestArgs.forEach((arg, index) => {
    if (arg === '--project' && vitestArgs[index + 1] !== undefined) projects.push(vitestArgs[index + 1]!);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  });
  return projects;
}

/**
 * Parses the arguments after `npm run test:repeat --`. Throws an {@link ArgsError} for a missing or bad `--times`,
 * an option this command sets itself, or no selection at all (no `--project` and no file: that would be every
 * project of the config, the browser suites included).
 */
export function parseArgs(argv: readonly string[]): RepeatOptions {
  let times: number | undefined;
  let load = false;
  let all = false;
  let burners: number | undefined;
  const vitestArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--times' || arg.startsWith('--times=')) {
      if (times !== undefined) throw new ArgsError('duplicate-option', '--times is given twice; give it once.');
      const { value, next } = valueOf(argv, i, '--times');
      times = parseTimes(value);
      i = next;
    } else if (arg === '--burners' || arg.startsWith('--burners=')) {
      if (burners !== undefined) throw new ArgsError('duplicate-option', '--burners is given twice; give it once.');
      const { value, next } = valueOf(argv, i, '--burners');
      burners = Number(value);
      if (!Number.isInteger(burners) || burners < 1 || burners > 64) throw new ArgsError('invalid-burners', `--burners needs a whole number from 1 to 64, got ${value}: for example --burners 3.`);
      i = next;
    } else if (arg === '--load' || arg === '--all') {
      if ((arg === '--load' && load) || (arg === '--all' && all)) throw new ArgsError('duplicate-option', `${arg} is given twice; give it once.`);
      if (arg === '--load') load = true;
      else all = true;
    } else if (arg.startsWith('--load=') || arg.startsWith('--all=')) {
      throw new ArgsError('unexpected-value', `${arg.split('=')[0]} takes no value.`);
    } else {
      const reserved = RESERVED.find(([pattern]) => pattern.test(arg));
      if (reserved) throw new ArgsError('reserved-option', `${arg.split('=')[0]} is set by test:repeat: ${reserved[1]}.`);
      if (vitestArgs.length === 0 && arg === 'run') throw new ArgsError('reserved-option', 'every run is `vitest run` already; leave out `run`.');
      vitestArgs.push(arg);
    }
  }
  if (times === undefined) throw new ArgsError('missing-times', 'Say how many runs: --times N.');
  const projects = projectsOf(vitestArgs);
  // A file filter: a test file's name anywhere, or a word that is no option's value. A config of your own chooses too.
  const hasFileFilter = vitestArgs.some(
    (arg, index) => TEST_FILE.test(arg) || (!arg.startsWith('-') && !(vitestArgs[index - 1] ?? '').startsWith('-')),
  );
  const hasConfig = vitestArgs.some((arg) => /^(--config|-c)(=|$)/.test(arg));
  if (projects.length === 0 && !hasFileFilter && !hasConfig) {
    throw new ArgsError('no-selection', 'Choose the tests to repeat: --project NAME and/or test files (every project would include the browser suites).');
  }
  return { times, load: load || burners !== undefined, all, vitestArgs, e2e: projects.includes('e2e'), ...(burners === undefined ? {} : { burners }) };
}
