/**
 * The flake finder (`npm run test:repeat`), run as a person runs it: fresh vitest processes over a small suite
 * with one test that fails in exactly one run, with and without CPU burners; and its command line's refusals.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgsError, parseArgs } from '../../scripts/testRepeat/args';

const root = resolve(import.meta.dirname, '../..');
const config = resolve(import.meta.dirname, 'fixtures/repeat/vitest.config.ts');

// As package.json runs it: node with tsx's loader (the tsx command would kill the child on Ctrl-C and lose the table).
const command = (args: string[]) => [process.execPath, ['--import', 'tsx', resolve(root, 'scripts/testRepeat.ts'), ...args]] as const;
// Without the variables of the vitest worker running this test, as a terminal would start it.
const terminalEnv = () => ({ ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), NO_COLOR: '1' });

/** Runs `npm run test:repeat -- …args` to the end; its exit code and output. */
function repeat(...args: string[]) {
  const run = spawnSync(...command(args), { cwd: root, encoding: 'utf8', env: terminalEnv() });
  return { code: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/** Which of `pids` still run. */
function alive(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
}

describe('npm run test:repeat', () => {
  it('counts each test’s failures over fresh runs', () => {
    const { code, output } = repeat('--config', config, '--times', '2', '--all');
    expect(output).toMatch(/run 1\/2: 1 passed, 1 failed, exit code 1/);
    expect(output).toMatch(/run 2\/2: 2 passed, 0 failed/);
    expect(output).toMatch(/^\s+1\/2\s+test\/node\/fixtures\/repeat\/flaky\.check\.ts › fails in the first run/m);
    expect(output).toMatch(/^\s+0\/2\s+test\/node\/fixtures\/repeat\/flaky\.check\.ts › passes every time/m);
    expect(output).toContain('the first run fails');
    expect(code).toBe(1);
  }, 120_000);

  it('exits 0 when every test passed in every run; under load, its burners run during the run and are gone after', () => {
    const { code, output } = repeat('--config', config, '-t', 'passes every time', '--times', '1', '--load');
    const pids = (/CPU burner\(s\) \(pids ([\d ]+)\)/.exec(output)?.[1] ?? '').split(' ').filter(Boolean).map(Number);
    expect(pids.length).toBeGreaterThan(0);
    expect(output).toMatch(/run 1\/1: 1 passed, 0 failed/);
    expect(code).toBe(0);
    expect(alive(pids)).toEqual([]);
  }, 120_000);

  it('on Ctrl-C (SIGINT to its process group) stops the run, prints the table of the finished runs and exits 130', async () => {
    const child = spawn(...command(['--config', config, '--times', '50']), { cwd: root, env: terminalEnv(), detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    await expect.poll(() => output, { timeout: 60_000 }).toMatch(/run 1\/50:/);
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(130);
    expect(output).toMatch(/Interrupted \(SIGINT\) after \d+ of 50 run\(s\)\./);
    expect(output).toMatch(/^\s+1\/\d+\s+test\/node\/fixtures\/repeat\/flaky\.check\.ts › fails in the first run/m);
  }, 120_000);

  it('refuses a command line it cannot follow with exit code 2, naming the fix', () => {
    const missing = repeat('--project', 'unit');
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('Say how many runs: --times N.');
    expect(repeat('--project', 'unit', '--times', '0').output).toContain('--times must be a whole number from 1 to 10000, not "0".');
  }, 60_000);
});

describe('its arguments', () => {
  it('hands everything but its own options to vitest, and knows when runs go through the network namespace', () => {
    expect(parseArgs(['--project', 'e2e', '--times=5', '--load'])).toEqual({ times: 5, load: true, all: false, vitestArgs: ['--project', 'e2e'], e2e: true });
    expect(parseArgs(['test/unit/a.test.tsx', '--times', '3'])).toMatchObject({ times: 3, load: false, vitestArgs: ['test/unit/a.test.tsx'], e2e: false });
    // --burners N: that many burners, load implied.
    expect(parseArgs(['--project', 'e2e', '--times', '5', '--burners', '3'])).toEqual({ times: 5, load: true, burners: 3, all: false, vitestArgs: ['--project', 'e2e'], e2e: true });
  });

  it.each([
    [['--times', '2'], 'no-selection', 'Choose the tests to repeat'],
    [['--project', 'unit', '--times', '2', '--times', '3'], 'duplicate-option', '--times is given twice'],
    [['--project', 'unit', '--times', '2', '--reporter=dot'], 'reserved-option', '--reporter is set by test:repeat'],
    [['--project', 'unit', '--times', 'many'], 'invalid-times', '--times must be a whole number'],
    [['--project', 'unit', '--times'], 'missing-value', '--times needs a value'],
    [['--project', 'unit', '--times', '2', '--load=yes'], 'unexpected-value', '--load takes no value'],
    [['--project', 'unit', '--times', '2', '--burners', '0'], 'invalid-burners', '--burners needs a whole number from 1 to 64'],
  ])('refuses %j (%s)', (argv, code, message) => {
    let error: unknown;
    try {
      parseArgs(argv);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ArgsError);
    expect(error).toMatchObject({ code, message: expect.stringContaining(message) });
  });
});
