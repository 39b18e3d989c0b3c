/**
 * `npm test`'s scheduler (scripts/test.ts): what it starts when, with steps that end when the test says so.
 */
import { describe, expect, it } from 'vitest';
import { failureDigest, formatTimings, parseTestArgs, parseTimes, readMachineCpu, runSteps, STEPS, TestArgsError, type Step, type StepResult } from '../../scripts/test';

/** Steps that run until the test ends them: records which are running at each moment. */
function controlled() {
  const ends = new Map<string, (code: number) => void>();
  const started: string[] = [];
  const running = new Set<string>();
  let most = 0;
  const run = (step: Step) => {
    started.push(step.script);
    running.add(step.script);
    most = Math.max(most, running.size);
    const done = new Promise<{ code: number; output: string }>((resolve) =>
      ends.set(step.script, (code) => {
        running.delete(step.script);
        resolve({ code, output: `${step.script} output` });
      }),
    );
    return { done, kill: () => undefined };
  };
  /** Ends a running step and lets the scheduler react. */
  const end = async (script: string, code = 0) => {
    const finish = ends.get(script);
    if (!finish || !running.has(script)) throw new Error(`${script} is not running (running: ${[...running].join(', ')})`);
    finish(code);
    await new Promise((r) => setImmediate(r));
  };
  return { run, end, started, running, most: () => most };
}

describe("npm test's steps", () => {
  it('runs at most `jobs` steps at once, in priority order, each after what it needs passed', async () => {
    const steps: Step[] = [{ script: 'e2e' }, { script: 'lint' }, { script: 'build' }, { script: 'size', needs: ['build'] }, { script: 'types' }];
    const c = controlled();
    const ended: string[] = [];
    const all = runSteps(steps, 2, c.run, (r) => ended.push(`${r.script}:${r.status}`));
    await new Promise((r) => setImmediate(r));
    expect([...c.running]).toEqual(['e2e', 'lint']);
    await c.end('lint');
    expect([...c.running]).toEqual(['e2e', 'build']);
    await c.end('build');
    // size may run now that build passed; it comes before types in priority.
    expect([...c.running]).toEqual(['e2e', 'size']);
    await c.end('e2e');
    await c.end('size');
    await c.end('types');
    const results = await all;
    expect(c.most()).toBe(2);
    expect(results.map((r) => r.script)).toEqual(steps.map((s) => s.script));
    expect(ended).toEqual(['lint:passed', 'build:passed', 'e2e:passed', 'size:passed', 'types:passed']);
  });

  it('skips what needs a failed step, and still runs everything else', async () => {
    const steps: Step[] = [{ script: 'build' }, { script: 'size', needs: ['build'] }, { script: 'lint' }];
    const c = controlled();
    const outputs: string[] = [];
    const all = runSteps(steps, 1, c.run, (r, output) => outputs.push(`${r.script}:${r.status}:${output}`));
    await new Promise((r) => setImmediate(r));
    await c.end('build', 2);
    await c.end('lint');
    const results = await all;
    expect(c.started).toEqual(['build', 'lint']);
    expect(results.map((r) => [r.script, r.status, r.detail])).toEqual([
      ['build', 'failed', 'exit 2'],
      ['size', 'skipped', 'build did not pass'],
      ['lint', 'passed', undefined],
    ]);
    expect(outputs).toEqual(['build:failed:build output', 'size:skipped:', 'lint:passed:lint output']);
  });

  it('refuses a step that needs one outside the run', async () => {
    await expect(runSteps([{ script: 'size', needs: ['build'] }], 2, controlled().run, () => undefined)).rejects.toThrow('size needs build, which is not in the run.');
  });

  it('prints each step with its start, duration and CPU, in the order they started, and the wall time and CPU in all', () => {
    const results: StepResult[] = [
      { script: 'lint', status: 'passed', start: 12.04, seconds: 8.61, cpu: 14.25 },
      { script: 'test:e2e', status: 'failed', start: 0, seconds: 170.2, detail: 'exit 1', cpu: 201.5 },
      { script: 'size', status: 'skipped', start: 20, seconds: 0, detail: 'build did not pass' },
    ];
    expect(formatTimings(results, 180.55).split('\n')).toEqual([
      'step      start s   took s   cpu s  result',
      'test:e2e      0.0    170.2   201.5  failed (exit 1)',
      'lint         12.0      8.6    14.3  passed',
      'size         20.0      0.0       -  skipped (build did not pass)',
      'wall 180.6 s, cpu 215.8 s',
    ]);
    expect(formatTimings(results, 180.55, { busy: 342.1, idle: 18 }).split('\n').at(-1)).toBe('wall 180.6 s, cpu 215.8 s; the machine: 342.1 s busy, 5.0 % idle');
  });

  it("reads the machine's busy and idle CPU from /proc/stat's first line, and nothing from other text", () => {
    const stat = 'cpu  2256619 29285 410707 2222721 7753 0 5181 2941 0 0\ncpu0 1020322 14315 182334 875469 693 0 1854 1396 0 0\n';
    expect(readMachineCpu(() => stat)).toEqual({ busy: (2256619 + 29285 + 410707 + 5181 + 2941) / 100, idle: (2222721 + 7753) / 100 });
    expect(readMachineCpu(() => 'intr 1 2 3')).toBeUndefined();
    expect(readMachineCpu(() => 'cpu  1 2 x 4 5 6 7')).toBeUndefined();
    expect(
      readMachineCpu(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });

  it("reads the children's CPU from bash's `times`, and nothing from other text", () => {
    expect(parseTimes('0m0.004s 0m0.001s\n1m2.345s 0m3.210s\n')).toBeCloseTo(65.555, 3);
    expect(parseTimes('0m0.004s 0m0.001s\n0m0.500s 0m0.250s')).toBeCloseTo(0.75, 3);
    expect(parseTimes('')).toBeUndefined();
    expect(parseTimes('0m0.004s 0m0.001s')).toBeUndefined();
    expect(parseTimes('a b\nc d')).toBeUndefined();
  });

  it('measures the CPU a real step used: a busy child counts, a sleeping one does not', async () => {
    const { execFileSync } = await import('node:child_process');
    // The child spins until it has used 0.3 s of CPU (user and system: the spin is mostly getrusage calls), whatever
    // the load; then the shell sleeps 2 s. The child's own
    // start-up is not in its count, so the bounds leave it room; NODE_OPTIONS (this runner's) is left out of it.
    const script = 'node -e "let u = process.cpuUsage(); while (u.user + u.system < 300_000) u = process.cpuUsage();"; sleep 2; times';
    const cpu = parseTimes(execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH } }));
    expect(cpu).toBeGreaterThanOrEqual(0.3);
    // Counting the sleep would bring it past 2.3 s.
    expect(cpu).toBeLessThan(2);
  });

  it("repeats a failed step's FAILED TEST blocks and vitest failure section, or else its last lines, without colours", () => {
    const log = [
      '\x1b[32m✓\x1b[39m a passes',
      'stdout | demo.e2e.test.ts > sees video',
      'FAILED TEST "sees video":',
      'Bob pc=failed',
      '',
      'stdout | demo.e2e.test.ts > other',
      ...Array.from({ length: 300 }, (_, i) => `log ${i}`),
      '⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯',
      ' FAIL  demo > sees video',
      'AssertionError: expected 0 to be 1',
      ' Tests  1 failed | 29 passed',
    ].join('\n');
    expect(failureDigest(log)).toBe(
      ['FAILED TEST "sees video":', 'Bob pc=failed', '', '', '⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯', ' FAIL  demo > sees video', 'AssertionError: expected 0 to be 1', ' Tests  1 failed | 29 passed'].join('\n'),
    );
    const crash = Array.from({ length: 10 }, (_, i) => `\x1b[31mline ${i}\x1b[39m`).join('\n');
    expect(failureDigest(crash, 3)).toBe(['… (7 lines above)', 'line 7', 'line 8', 'line 9'].join('\n'));
  });

  it('runs chosen steps with what they need, and names what it cannot run', () => {
    expect(parseTestArgs(['size', '--jobs', '3'], STEPS, 2)).toEqual({ jobs: 3, steps: STEPS.filter((s) => s.script === 'build' || s.script === 'size') });
    expect(parseTestArgs([], STEPS, 1).jobs).toBe(3);
    expect(parseTestArgs([], STEPS, 4).jobs).toBe(5);
    expect(() => parseTestArgs(['sizes'])).toThrow(TestArgsError);
    expect(() => parseTestArgs(['sizes'])).toThrow(/unknown step sizes: the steps are test:e2e, test:unit, typecheck, lint/);
    expect(() => parseTestArgs(['--jobs', 'two'])).toThrow('--jobs needs a whole number of at least 1, got two: for example --jobs 2.');
    expect(() => parseTestArgs(['--fast'])).toThrow('unknown option --fast');
  });

  it('has every script it names in package.json, and every script that tests or checks is one of its steps', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    for (const step of STEPS) expect(scripts, step.script).toHaveProperty(step.script);
    const checks = Object.keys(scripts).filter((s) => /^(test:|check:|typecheck$|lint$|size$|build)/.test(s));
    // Parts of test:unit that also run alone, the flake finder, and the pictures' updater (it writes baselines; the
    // pictures are checked by test:stories).
    // WebKit's stories and demo (test/webkit) are not yet steady as one run (Docs/Contributing, "Browser engines").
    const notSteps = new Set(['test:floors', 'test:no-react-query', 'test:repeat', 'test:visual:update', 'test:webkit']);
    expect(checks.filter((s) => !notSteps.has(s) && !STEPS.some((step) => step.script === s))).toEqual([]);
  });
});
