/**
 * A flake finder: runs the chosen vitest tests N times, each time in a fresh `vitest run` process (as CI does),
 * optionally with every core kept busy, and prints how often each test failed, with the first failure's message.
 * Outcomes come from each run's JSON report (`--reporter=json`), never from its text output. With `--project e2e`
 * each run goes through test/e2e/netns.sh, as `npm run test:e2e` does.
 *
 * Usage: `npm run test:repeat -- <vitest projects and/or files> --times N [--load] [--all]` (see USAGE in
 * scripts/testRepeat/args.ts). Each run gets `TEST_REPEAT_RUN` (1 … N) and `TEST_REPEAT_TIMES` in its environment.
 * Exit code 0 when every test passed in every run, 1 when anything failed, 2 for a bad command line, 130 when
 * interrupted (the table of the finished runs is printed first).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgsError, parseArgs, USAGE, type RepeatOptions } from './testRepeat/args.js';
import { startLoad, type Load } from './testRepeat/load.js';
import { aggregate, formatDuration, formatSummary, type JsonReport, type RunOutcome } from './testRepeat/report.js';

const root = resolve(import.meta.dirname, '..');

/** The command of run `run`: vitest from this repository, through netns.sh for the e2e project. */
export function runCommand(options: RepeatOptions, reportFile: string): { command: string; args: string[] } {
  const vitest = [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...options.vitestArgs, '--reporter=json', `--outputFile=${reportFile}`];
  return options.e2e
    ? { command: 'bash', args: [join(root, 'test/e2e/netns.sh'), process.execPath, ...vitest] }
    : { command: process.execPath, args: vitest };
}

/**
 * The environment of a run: this one without the variables of a vitest worker (when this command is itself
 * started from a test), plus which run it is.
 */
export function runEnv(run: number, times: number, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !/^(VITEST|VITEST_.+|TINYPOOL_.+)$/.test(name)));
  return { ...clean, TEST_REPEAT_RUN: String(run), TEST_REPEAT_TIMES: String(times), FORCE_COLOR: '0', NO_COLOR: '1' };
}

/** The last `lines` lines of a file, '' when it cannot be read. */
function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

interface Running {
  kill(): void;
}

/** Runs vitest once; resolves with what it reported. */
function runOnce(options: RepeatOptions, run: number, dir: string, started: (running: Running) => void): Promise<RunOutcome> {
  const reportFile = join(dir, `run-${run}.json`);
  const logFile = join(dir, `run-${run}.log`);
  const { command, args } = runCommand(options, reportFile);
  const log = openSync(logFile, 'w');
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, env: runEnv(run, options.times), stdio: ['ignore', log, log] });
    started({ kill: () => child.kill('SIGTERM') });
    const finish = (exitCode: number | null, signal: string | null) => {
      closeSync(log);
      let report: JsonReport | undefined;
      try {
        report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport) : undefined;
      } catch {
        report = undefined;
      }
      resolvePromise({ run, report, exitCode, signal, logFile, outputTail: tail(logFile) });
    };
    child.once('error', (error) => finish(null, `a failed start (${error.message})`));
    child.once('close', finish);
  });
}

/** Runs the whole command; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let options: RepeatOptions;
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      console.log(USAGE);
      return 0;
    }
    options = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    console.error(`test:repeat: ${error.message}\n\n${USAGE}`);
    return 2;
  }

  const dir = mkdtempSync(join(tmpdir(), 'test-repeat-'));
  const startedAt = performance.now();
  let load: Load | undefined;
  let current: Running | undefined;
  let interrupted: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
    current?.kill();
    void load?.stop();
  };
  const onExit = () => load?.stopNow();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', onExit);

  const outcomes: RunOutcome[] = [];
  try {
    if (options.load) load = startLoad(options.burners ?? availableParallelism());
    const what = `vitest run ${options.vitestArgs.join(' ')}${options.e2e ? ' (through test/e2e/netns.sh)' : ''}`;
    console.log(`test:repeat: ${options.times} run(s) of ${what}${load ? `, with ${load.pids.length} CPU burner(s) (pids ${load.pids.join(' ')})` : ''}; logs in ${dir}`);
    for (let run = 1; run <= options.times && !interrupted; run++) {
      const runStart = performance.now();
      const outcome = await runOnce(options, run, dir, (running) => (current = running));
      current = undefined;
      if (interrupted) break; // a run cut short says nothing about the tests
      outcomes.push(outcome);
      const report = outcome.report;
      const counts = report
        ? `${report.testResults.reduce((n, f) => n + f.assertionResults.filter((t) => t.status === 'passed').length, 0)} passed, ${report.numFailedTests} failed`
        : 'no report';
      const extra = outcome.exitCode === 0 ? '' : `, exit code ${outcome.exitCode ?? outcome.signal}`;
      console.log(`run ${run}/${options.times}: ${counts}${extra} (${formatDuration(performance.now() - runStart)})`);
    }
  } finally {
    await load?.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('exit', onExit);
  }

  const summary = aggregate(outcomes, root);
  console.log('');
  console.log(formatSummary(summary, { wallMs: performance.now() - startedAt, all: options.all, ...(load ? { load: load.pids.length } : {}) }));
  if (interrupted) console.log(`Interrupted (${interrupted}) after ${outcomes.length} of ${options.times} run(s).`);
  if (summary.failed || interrupted) {
    console.log(`Each run's output and JSON report: ${dir}`);
  } else {
    rmSync(dir, { recursive: true, force: true });
  }
  return interrupted ? 130 : summary.failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
