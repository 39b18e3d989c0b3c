/**
 * The process around a bench script that runs inside the loopback-only network namespace (test/e2e/netns.sh):
 * the dev media server, the bench page's server and Chromium, started for `run` and closed after it. Prints
 * `PREFIX {json}` of what `run` returns, the line bench/run.ts reads, and exits 0; or prints the error and exits 1.
 */
import type { Browser } from 'playwright-core';
import { createConsoleLogger, startMediaServer, type Logger, type MediaServer } from '../dev/media-server';
import { launch, servePage } from './browser';

/** The secret the bench's tokens are signed with. */
export const SECRET = 'roomkit-bench';

/** The media server's last lines at `info` and above (joins, leaves, time-outs), for a failure to name its cause. */
export type ServerLog = (needle: string) => string[];

/** Writes warnings and errors to stderr, as before, and keeps the last 5000 lines at `info` and above. */
function keepingLogger(): { logger: Logger; lines: ServerLog } {
  const console = createConsoleLogger('warn');
  const kept: string[] = [];
  const keep = (message: string) => {
    kept.push(`${new Date().toISOString().slice(11, 23)} ${message}`);
    if (kept.length > 5000) kept.splice(0, kept.length - 5000);
  };
  return {
    logger: {
      enabled: (level) => level !== 'debug' && level !== 'silent',
      debug: () => undefined,
      info: keep,
      warn: (message) => {
        keep(message);
        console.warn(message);
      },
      error: (message, error) => {
        keep(message);
        console.error(message, error);
      },
    },
    lines: (needle) => kept.filter((line) => line.includes(needle)),
  };
}

export async function namespaceMain(
  prefix: string,
  run: (context: { media: MediaServer; pageUrl: string; browser: Browser; serverLog: ServerLog }) => Promise<unknown>,
  /** Work before the page is served (a rebuilt page, say). */
  prepare?: () => Promise<void>,
): Promise<never> {
  const log = keepingLogger();
  const media = await startMediaServer({ port: 0, tokenSecret: SECRET, logger: log.logger });
  await prepare?.();
  const server = await servePage();
  const browser = await launch();
  let exitCode = 0;
  try {
    console.log(`${prefix} ${JSON.stringify(await run({ media, pageUrl: server.url, browser, serverLog: log.lines }))}`);
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
    await media.close();
  }
  process.exit(exitCode);
}
