/**
 * Aggregates the JSON reports of repeated `vitest run`s (`--reporter=json`) into one table: each test's failures
 * out of its runs, with the first failure's message.
 */
import { relative } from 'node:path';

/** The parts of vitest's JSON report (`JsonTestResults`) read here. */
export interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: Array<{
    /** The test file's absolute path. */
    name: string;
    status: 'failed' | 'passed';
    /** Why the file itself failed (it did not load, a hook outside any test threw …); '' otherwise. */
    message: string;
    assertionResults: Array<{
      ancestorTitles: string[];
      title: string;
      fullName: string;
      /** `passed`, `failed`; `skipped`, `pending`, `todo` and `disabled` did not run. */
      status: string;
      failureMessages: string[] | null;
    }>;
  }>;
}

/** One run as the command saw it. */
export interface RunOutcome {
  /** 1-based. */
  run: number;
  /** The run's JSON report; undefined when vitest wrote none (it crashed, could not start, was killed). */
  report: JsonReport | undefined;
  /** The vitest process's exit code (null when a signal ended it). */
  exitCode: number | null;
  signal?: string | null;
  /** The run's output, for a failure the report cannot explain. */
  logFile?: string;
  /** The output's last lines, shown when there is no report. */
  outputTail?: string;
}

/** One line of the table. */
export interface Row {
  /** The test file, relative to the working folder; `(run)` for a failure outside any file. */
  file: string;
  /** Suites and test, joined with ` › `; `(file)` for a failure of the file itself. */
  name: string;
  /** In how many runs the test ran (more than the runs when a file is in several projects: once per project). */
  executions: number;
  failures: number;
  firstFailure?: { run: number; message: string };
}

export interface Summary {
  runs: number;
  /** Per run, the tests that ran (passed or failed); undefined for a run without a report. */
  executedPerRun: Array<number | undefined>;
  /** Every test, the failing ones first (most failures first), then in file and name order. */
  rows: Row[];
  /** Whether any run had any failure: a failed test, a failed file, or a run that did not end cleanly. */
  failed: boolean;
}

/** Colour codes (ESC [ … m) that reporters may print. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** A failure message on one line: the first non-empty line of the message (an error's stack starts with it). */
export function firstLine(message: string, max = 200): string {
  const line = message.replace(ANSI, '').split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The last non-empty line of some output, on one line. */
function lastLine(output: string): string {
  return firstLine(output.split('\n').reverse().join('\n'));
}

const RAN = new Set(['passed', 'failed']);
/** The row of a file's own failure, and the file of a run's failure outside any test file. */
const FILE = '(file)';
const RUN = '(run)';

/** Builds the table from the runs' outcomes. `root` makes file paths relative. */
export function aggregate(outcomes: readonly RunOutcome[], root: string = process.cwd()): Summary {
  const rows = new Map<string, Row>();
  const row = (file: string, name: string): Row => {
    const key = `${file}\u0000${name}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = { file, name, executions: 0, failures: 0 }));
    return found;
  };
  const fail = (target: Row, run: number, message: string) => {
    target.failures++;
    target.firstFailure ??= { run, message: firstLine(message) || '(no message)' };
  };
  const executedPerRun: Array<number | undefined> = [];
  /** In how many runs each file appeared (once per project it is in). */
  const fileRuns = new Map<string, number>();
  let failed = false;
  for (const outcome of [...outcomes].sort((a, b) => a.run - b.run)) {
    const { report, run } = outcome;
    let failuresInReport = 0;
    if (report) {
      let executed = 0;
      for (const file of report.testResults) {
        const path = relative(root, file.name) || file.name;
        let failedTests = 0;
        for (const test of file.assertionResults) {
          if (!RAN.has(test.status)) continue;
          executed++;
          const target = row(path, [...test.ancestorTitles, test.title].filter((t) => t !== '').join(' › '));
          target.executions++;
          if (test.status === 'failed') {
            failedTests++;
            fail(target, run, test.failureMessages?.[0] ?? '');
          }
        }
        fileRuns.set(path, (fileRuns.get(path) ?? 0) + 1);
        // The file failed with no failed test to show for it: it did not load, or a hook outside the tests threw.
        if (file.status === 'failed' && failedTests === 0) {
          fail(row(path, FILE), run, file.message);
          failedTests++;
        }
        failuresInReport += failedTests;
      }
      executedPerRun.push(executed);
    } else {
      executedPerRun.push(undefined);
    }
    if (failuresInReport > 0) failed = true;
    // A run can fail with every test passed (an unhandled error after the tests, say), or without any report.
    const clean = outcome.exitCode === 0 && !outcome.signal;
    if (!report || (!clean && failuresInReport === 0)) {
      failed = true;
      const see = outcome.logFile ? ` (see ${outcome.logFile})` : '';
      const how = outcome.signal ? `was ended by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
      const message = report
        ? `vitest ${how} with no failed test in its report: an unhandled error?${see}`
        : `vitest ${how} and wrote no report${see}${outcome.outputTail ? `: ${lastLine(outcome.outputTail)}` : ''}`;
      fail(row(RUN, 'the vitest process'), run, message);
    }
  }
  for (const r of rows.values()) {
    if (r.name === FILE) r.executions = fileRuns.get(r.file) ?? 0;
    if (r.file === RUN) r.executions = outcomes.length;
  }
  const sorted = [...rows.values()].sort(
    (a, b) => b.failures - a.failures || a.file.localeCompare(b.file, 'en') || a.name.localeCompare(b.name, 'en'),
  );
  return { runs: outcomes.length, executedPerRun, rows: sorted, failed };
}

/** `1.5 s`, `2 min 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `42`, or `40–42` when runs differ, and `no report` for runs without one. */
function executedText(executedPerRun: ReadonlyArray<number | undefined>): string {
  const counts = executedPerRun.filter((n): n is number => n !== undefined);
  const missing = executedPerRun.length - counts.length;
  const range = counts.length === 0 ? '–' : Math.min(...counts) === Math.max(...counts) ? `${counts[0]}` : `${Math.min(...counts)}–${Math.max(...counts)}`;
  return missing > 0 ? `${range} (${missing} run(s) without a report)` : range;
}

/**
 * The table: one line per failing test (every test with `all`), its failures out of the runs it ran in, and
 * under it the first failure's run and message; then the totals.
 */
export function formatSummary(summary: Summary, options: { wallMs: number; all?: boolean; load?: number }): string {
  const shown = summary.rows.filter((r) => options.all || r.failures > 0);
  const lines: string[] = [];
  if (shown.length > 0) {
    const counts = shown.map((r) => `${r.failures}/${r.executions}`);
    const width = Math.max('failures'.length, ...counts.map((c) => c.length));
    lines.push(`${'failures'.padEnd(width)}  test`);
    shown.forEach((r, i) => {
      lines.push(`${counts[i]!.padStart(width)}  ${r.file} › ${r.name}`);
      if (r.firstFailure) lines.push(`${' '.repeat(width)}    first, in run ${r.firstFailure.run}: ${r.firstFailure.message}`);
    });
    lines.push('');
  }
  const tests = summary.rows.filter((r) => r.file !== RUN && r.name !== FILE);
  const failing = tests.filter((r) => r.failures > 0).length;
  lines.push(
    failing > 0
      ? `${failing} of ${tests.length} tests failed in at least one run; ${tests.length - failing} passed in every run.`
      : summary.failed
        ? `No test failed, but not every run ended cleanly (see above).`
        : `All ${tests.length} tests passed in every run.`,
  );
  lines.push(
    `tests executed per run: ${executedText(summary.executedPerRun)} · runs: ${summary.runs} · wall time: ${formatDuration(options.wallMs)}` +
      (options.load ? ` · load: ${options.load} CPU burners` : ''),
  );
  return lines.join('\n');
}
