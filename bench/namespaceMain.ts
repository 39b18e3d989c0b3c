/**
 * The process around a bench script that runs inside the loopback-only network namespace (test/e2e/netns.sh):
 * the dev media server, the bench page's server and Chromium, started for `run` and closed after it. Prints
 * `PREFIX {json}` of what `run` returns, the line bench/run.ts reads, and exits 0; or prints the error and exits 1.
 */
import type { Browser } from 'playwright-core';
import { startMediaServer, type MediaServer } from '../dev/media-server';
import { launch, servePage } from './browser';

/** The secret the bench's tokens are signed with. */
export const SECRET = 'roomkit-bench';

export async function namespaceMain(
  prefix: string,
  run: (context: { media: MediaServer; pageUrl: string; browser: Browser }) => Promise<unknown>,
  /** Work before the page is served (a rebuilt page, say). */
  prepare?: () => Promise<void>,
): Promise<never> {
  const media = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'warn' });
  await prepare?.();
  const server = await servePage();
  const browser = await launch();
  let exitCode = 0;
  try {
    console.log(`${prefix} ${JSON.stringify(await run({ media, pageUrl: server.url, browser }))}`);
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
