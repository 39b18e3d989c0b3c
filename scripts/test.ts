/**
 * `npm test`: every check the project has, run side by side where they do not depend on each other, with each
 * step's output printed whole when it ends (never interleaved) and a table of where the time went.
 *
 * The steps are the package's own scripts (`npm run typecheck`, `npm run test:e2e`, …), so each can still be run
 * alone. A step starts once the steps it needs have passed; at most `--jobs` run at once (default: the machine's
 * cores, at least 2, plus one: the end-to-end suite mostly waits). The order below is the priority: the longest
 * chain first, so it never waits for a slot. A
 * failed step does not stop the others (their outcome is worth knowing too), only the steps that need it.
 *
 * Usage: `npm test` or `tsx scripts/test.ts [--jobs N] [step …]` (only those steps and what they need).
 * Exit code: 0 when every step passed, 1 when any failed or was skipped, 2 for a bad command line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One step of the run: an npm script, and the steps that must pass before it starts. */
export interface Step {
  /** The npm script's name. */
  script: string;
  /** Steps whose output this one uses. */
  needs?: string[];
}

/**
 * Every step of `npm test`, in priority order. `docs:api` generates the API pages Storybook reads (once, rather
 * than as the pre-script of both Storybook steps, which would write the same files at the same time); `build` makes
 * the one `dist` that the size budgets, the import check, the package check and the Next.js app all use.
 */
export const STEPS: Step[] = [
  { script: 'test:e2e' },
  { script: 'test:unit' },
  { script: 'typecheck' },
  { script: 'lint' },
  { script: 'check:deps' },
  { script: 'check:docs' },
  { script: 'docs:api' },
  { script: 'build' },
  { script: 'test:react18' },
  { script: 'test:stories', needs: ['docs:api'] },
  { script: 'test:node' },
  { script: 'test:nextjs', needs: ['build'] },
  { script: 'test:pipelines', needs: ['build'] },
  { script: 'build-storybook', needs: ['docs:api'] },
  { script: 'check:dist', needs: ['build'] },
  { script: 'size', needs: ['build'] },
  { script: 'check:package', needs: ['build'] },
];

/** A command line `scripts/test.ts` cannot follow. */
export class TestArgsError extends Error {
  override name = 'TestArgsError';
}

/** What a command line asks for: how many steps at once, and which steps (with what they need). */
export function parseTestArgs(argv: string[], steps: Step[] = STEPS, cores = availableParallelism()): { jobs: number; steps: Step[] } {
  // One more than the cores: the end-to-end suite spends much of its time waiting on pages and the network (more
  // steps at once measured slower on 2 cores: they only fight over the CPU).
  let jobs = Math.max(2, cores) + 1;
  const chosen: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--jobs') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new TestArgsError(`--jobs needs a whole number of at least 1, got ${argv[i] ?? 'nothing'}: for example --jobs 2.`);
      jobs = value;
    } else if (arg.startsWith('-')) {
      throw new TestArgsError(`unknown option ${arg}: the options are --jobs N, then step names.`);
    } else if (!steps.some((s) => s.script === arg)) {
      throw new TestArgsError(`unknown step ${arg}: the steps are ${steps.map((s) => s.script).join(', ')}.`);
    } else chosen.push(arg);
  }
  if (chosen.length === 0) return { jobs, steps };
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const need of steps.find((s) => s.script === name)?.needs ?? []) add(need);
  };
  chosen.forEach(add);
  return { jobs, steps: steps.filter((s) => wanted.has(s.script)) };
}

/** How a step ended, and when it ran (seconds from the start of the run). */
export interface StepResult {
  script: string;
  status: 'passed' | 'failed' | 'skipped';
  start: number;
  seconds: number;
  /** Why a step was skipped, or how a failed one exited. */
  detail?: string;
  /**
   * CPU seconds (user and system) of the step's process tree, when known: a lower bound, since a process that
   * outlives its parent (Chromium's renderers, killed with their browser) is reaped by init and not counted.
   */
  cpu?: number;
}

/** Runs one step; resolves with its exit code and output. */
export type StepRunner = (step: Step) => { done: Promise<{ code: number; output: string; cpu?: number }>; kill(): void };

/**
 * Runs `steps` with at most `jobs` at once, each after what it needs has passed; `onEnd` hears of each step as
 * it ends, in the order they end. Resolves with every step's result, in the order of `steps`.
 */
export async function runSteps(
  steps: Step[],
  jobs: number,
  run: StepRunner,
  onEnd: (result: StepResult, output: string) => void,
  now: () => number = () => performance.now() / 1000,
): Promise<StepResult[]> {
  const t0 = now();
  const results = new Map<string, StepResult>();
  const running = new Set<string>();
  const waiting = [...steps];
  for (const step of steps) {
    const missing = step.needs?.find((n) => !steps.some((s) => s.script === n));
    if (missing) throw new Error(`${step.script} needs ${missing}, which is not in the run.`);
  }
  return new Promise((resolveAll) => {
    const schedule = () => {
      for (const step of [...waiting]) {
        const failedNeed = step.needs?.find((n) => results.get(n) && results.get(n)!.status !== 'passed');
        if (failedNeed) {
          waiting.splice(waiting.indexOf(step), 1);
          const result: StepResult = { script: step.script, status: 'skipped', start: now() - t0, seconds: 0, detail: `${failedNeed} did not pass` };
          results.set(step.script, result);
          onEnd(result, '');
          continue;
        }
        if (running.size >= jobs) continue;
        if (!(step.needs ?? []).every((n) => results.get(n)?.status === 'passed')) continue;
        waiting.splice(waiting.indexOf(step), 1);
        running.add(step.script);
        const start = now() - t0;
        run(step).done.then(({ code, output, cpu }) => {
          running.delete(step.script);
          const result: StepResult = { script: step.script, status: code === 0 ? 'passed' : 'failed', start, seconds: now() - t0 - start };
          if (cpu !== undefined) result.cpu = cpu;
          if (code !== 0) result.detail = `exit ${code}`;
          results.set(step.script, result);
          onEnd(result, output);
          schedule();
        });
      }
      if (running.size === 0 && waiting.length === 0) resolveAll(steps.map((s) => results.get(s.script)!));
    };
    schedule();
  });
}

/**
 * The table printed at the end: each step's start, seconds, CPU seconds and outcome, then the run's wall time and
 * the CPU all steps used. On a CPU-bound run (2 cores, 3 steps at once) the CPU column, not the wall one, says
 * which step costs the others their time.
 */
export function formatTimings(results: StepResult[], wall: number, machine?: MachineCpu): string {
  const width = Math.max(...results.map((r) => r.script.length), 'step'.length);
  const cpu = (r: StepResult) => (r.cpu === undefined ? '-' : r.cpu.toFixed(1));
  const rows = [...results]
    .sort((a, b) => a.start - b.start)
    .map((r) => `${r.script.padEnd(width)}  ${r.start.toFixed(1).padStart(7)}  ${r.seconds.toFixed(1).padStart(7)}  ${cpu(r).padStart(6)}  ${r.status}${r.detail ? ` (${r.detail})` : ''}`);
  const total = results.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
  const whole = machine ? `; the machine: ${machine.busy.toFixed(1)} s busy, ${((100 * machine.idle) / (machine.busy + machine.idle)).toFixed(1)} % idle` : '';
  return [
    `${'step'.padEnd(width)}  ${'start s'.padStart(7)}  ${'took s'.padStart(7)}  ${'cpu s'.padStart(6)}  result`,
    ...rows,
    `wall ${wall.toFixed(1)} s, cpu ${total.toFixed(1)} s${whole}`,
  ].join('\n');
}

/** The whole machine's CPU seconds over a span, summed over its cores: busy (user, nice, system, interrupts) and idle. */
export interface MachineCpu {
  busy: number;
  idle: number;
}

/** The first line of Linux's `/proc/stat` as cumulative busy and idle seconds (`undefined` where there is none). */
export function readMachineCpu(stat: () => string = () => readFileSync('/proc/stat', 'utf8')): MachineCpu | undefined {
  let text: string;
  try {
    text = stat();
  } catch {
    return undefined;
  }
  const fields = /^cpu\s+(.*)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  if (!fields || fields.length < 7 || fields.some((n) => !Number.isFinite(n))) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = fields as [number, number, number, number, number, number, number, number?];
  // USER_HZ is 100 on every Linux this runs on.
  return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
}

/**
 * The CPU seconds in the output of bash's `times`: its second line is the user and system time of every child the
 * shell waited for (and, through them, of their own waited-for children), as `1m2.345s 0m3.210s`. `undefined` when
 * the text is not in that form.
 */
export function parseTimes(text: string): number | undefined {
  const line = text.trim().split('\n')[1];
  const parts = line?.trim().split(/\s+/).map((part) => /^(\d+)m(\d+(?:\.\d+)?)s$/.exec(part));
  if (!parts || parts.length !== 2 || parts.some((m) => !m)) return undefined;
  return parts.reduce((sum, m) => sum + Number(m![1]) * 60 + Number(m![2]), 0);
}

/**
 * What to print again at the very end for a step that failed, so the cause is in the last screen of a long log
 * (CI shows only the tail): each block a test printed under a `FAILED TEST` marker (what the e2e tests saw), then
 * vitest's first "Failed Suites" or "Failed Tests" section onwards; when there is neither, the output's last lines.
 * Each part is cut to its last `lines` lines.
 */
export function failureDigest(output: string, lines = 120): string {
  // eslint-disable-next-line no-control-regex
  const all = output.replace(/\x1b\[[0-9;]*m/g, '').trimEnd().split('\n');
  const tail = (part: string[]) => (part.length > lines ? [`… (${part.length - lines} lines above)`, ...part.slice(-lines)] : part);
  const parts: string[][] = [];
  all.forEach((line, i) => {
    if (!line.startsWith('FAILED TEST')) return;
    const end = all.findIndex((next, j) => j > i && /^(stdout|stderr) \||^ *[✓×]|^ *⎯+ Failed/.test(next));
    parts.push(tail(all.slice(i, end < 0 ? all.length : end)));
  });
  const summary = all.findIndex((line) => /⎯+ Failed (?:Tests|Suites) \d+ ⎯+/.test(line));
  if (summary >= 0) parts.push(tail(all.slice(summary)));
  return (parts.length > 0 ? parts : [tail(all)]).map((part) => part.join('\n')).join('\n\n');
}

/** Runs `npm run <script>` in its own process group, its output into a file of `logDir`. */
function npmRunner(logDir: string, children: Set<ChildProcess>): StepRunner {
  return (step) => {
    const file = join(logDir, `${step.script.replace(/[^a-z0-9-]/gi, '_')}.log`);
    const fd = openSync(file, 'w');
    const cpuFile = `${file}.times`;
    // Pre-scripts are left out: what they did is a step of its own (docs:api). bash's `times` writes the CPU the
    // step's process tree used once npm has exited.
    const child = spawn('bash', ['-c', 'npm run --silent --ignore-scripts "$1"; code=$?; times > "$2"; exit $code', 'step', step.script, cpuFile], {
      stdio: ['ignore', fd, fd],
      detached: true,
      env: process.env,
    });
    children.add(child);
    const done = new Promise<{ code: number; output: string; cpu?: number }>((resolveDone) => {
      child.on('close', (code, signal) => {
        children.delete(child);
        closeSync(fd);
        let cpu: number | undefined;
        try {
          cpu = parseTimes(readFileSync(cpuFile, 'utf8'));
        } catch {
          // killed before `times` ran
        }
        resolveDone({ code: code ?? (signal ? 128 : 1), output: readFileSync(file, 'utf8'), ...(cpu === undefined ? {} : { cpu }) });
      });
      child.on('error', (error) => {
        children.delete(child);
        resolveDone({ code: 1, output: String(error) });
      });
    });
    return { done, kill: () => killGroup(child) };
  };
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function main(): Promise<number> {
  let options: { jobs: number; steps: Step[] };
  try {
    options = parseTestArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof TestArgsError)) throw error;
    console.error(`test: ${error.message}`);
    return 2;
  }
  const logDir = mkdtempSync(join(tmpdir(), 'roomkit-test-'));
  const children = new Set<ChildProcess>();
  const stop = () => {
    children.forEach(killGroup);
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`test: ${options.steps.length} steps, at most ${options.jobs} at once; each step's output follows when it ends.`);
  const t0 = performance.now();
  const cpu0 = readMachineCpu();
  const failures: string[] = [];
  const results = await runSteps(options.steps, options.jobs, npmRunner(logDir, children), (result, output) => {
    if (result.status === 'failed') failures.push(`\n━━━ ${result.script} failed; the end of its output again ━━━\n${failureDigest(output)}`);
    const at = `${(result.start + result.seconds).toFixed(1)} s`;
    console.log(`\n━━━ ${result.script}: ${result.status}${result.detail ? ` (${result.detail})` : ''}, ${result.seconds.toFixed(1)} s (at ${at}) ━━━`);
    if (output) console.log(output.trimEnd());
  });
  rmSync(logDir, { recursive: true, force: true });
  for (const failure of failures) console.log(failure);
  const cpu1 = readMachineCpu();
  const machine = cpu0 && cpu1 ? { busy: cpu1.busy - cpu0.busy, idle: cpu1.idle - cpu0.idle } : undefined;
  console.log(`\n${formatTimings(results, (performance.now() - t0) / 1000, machine)}`);
  const bad = results.filter((r) => r.status !== 'passed');
  if (bad.length > 0) console.log(`\ntest: ${bad.map((r) => `${r.script} ${r.status}`).join(', ')}`);
  return bad.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code));
}
