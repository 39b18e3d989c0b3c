// Builds and serves the Next.js app in this folder against the packed @roomkit/react, as a user's app would get it.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const APP_DIR = import.meta.dirname;
const REPO_ROOT = resolve(APP_DIR, '../..');
const NEXT_BIN = resolve(REPO_ROOT, 'node_modules/next/dist/bin/next');
const PACKAGE_DIR = join(APP_DIR, 'node_modules/@roomkit/react');

/** Environment for every `next` command: no telemetry, production. */
function nextEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...extra };
}

/**
 * `npm pack`s the repository (its `dist` must be built) and unpacks the tarball into the app's
 * `node_modules/@roomkit/react`, so the app resolves the published files through the `exports` map, nothing else.
 */
export function installPackedPackage(): void {
  if (!existsSync(join(REPO_ROOT, 'dist/index.js'))) {
    throw new Error('dist/index.js is missing: run `npm run build` before the Next.js app test.');
  }
  const packDir = mkdtempSync(join(tmpdir(), 'roomkit-pack-'));
  try {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [{ filename }] = JSON.parse(out) as [{ filename: string }];
    rmSync(PACKAGE_DIR, { recursive: true, force: true });
    mkdirSync(PACKAGE_DIR, { recursive: true });
    execFileSync('tar', ['-xzf', join(packDir, filename), '-C', PACKAGE_DIR, '--strip-components=1']);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
}

/** Runs `next build` (production); rejects with its output when it fails. */
export function buildApp(): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [NEXT_BIN, 'build'], { cwd: APP_DIR, env: nextEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolveBuild();
      else reject(new Error(`next build failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** A running `next start`. */
export interface NextServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops the server's whole process group and waits for it to exit. */
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

/**
 * Starts `next start` on 127.0.0.1 with a free port, in a process group of its own, and resolves once it
 * answers HTTP. `env` reaches the server (route handlers read it at request time).
 */
export async function startApp(env: Record<string, string>): Promise<NextServer> {
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', '0'], {
    cwd: APP_DIR,
    env: nextEnv(env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const exited = waitForExit(child);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolveUrl(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`next start exited (${signal ?? `exit ${code}`}) before listening:\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  // "Local:" is printed before the server takes requests; wait until it answers (or the process dies).
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`next start exited:\n${output}`);
    try {
      await fetch(`${url}/_next/static/not-there`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, output: () => output, stop };
}
