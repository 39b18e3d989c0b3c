/**
 * CPU burners for `npm run test:repeat -- --load`: child processes that each keep one core busy, so the tests run
 * on a machine as loaded as a busy CI runner.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Each burner spins in slices of 50 ms and looks up between them: it exits as soon as its IPC channel to the
 * parent closes, so it dies with the parent even when the parent is killed with SIGKILL and had no time to stop
 * it. (A loop that never yields could not notice, and `process.ppid` is read once at startup.)
 */
const BURNER = `
process.on('disconnect', () => process.exit(0));
const spin = () => { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); };
spin();
`;

export interface Load {
  /** The burners' process ids. */
  readonly pids: readonly number[];
  /** Kills every burner that is still running (SIGKILL) and waits until they have exited. Safe to call twice. */
  stop(): Promise<void>;
  /** Kills them without waiting, for an `exit` handler, where nothing asynchronous runs any more. */
  stopNow(): void;
}

/** Starts `count` burners (one per core: `os.availableParallelism()`). */
export function startLoad(count: number): Load {
  const burners: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const burner = spawn(process.execPath, ['-e', BURNER], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    // Its channel must not keep this process alive, nor a burner that died early throw here.
    burner.unref();
    burner.channel?.unref();
    burner.on('error', () => {});
    burners.push(burner);
  }
  const running = (b: ChildProcess) => b.exitCode === null && b.signalCode === null;
  const stopNow = () => {
    for (const burner of burners) if (running(burner)) burner.kill('SIGKILL');
  };
  return {
    pids: burners.flatMap((b) => (b.pid === undefined ? [] : [b.pid])),
    stopNow,
    async stop() {
      // Referenced again while we wait: an unreferenced child's exit would not keep this process alive to see it.
      const exited = burners.map((b) => {
        if (!running(b)) return Promise.resolve();
        b.ref();
        return new Promise<void>((resolve) => b.once('exit', () => resolve()));
      });
      stopNow();
      await Promise.all(exited);
    },
  };
}
