/**
 * Builds the benchmark page with Vite (production, against React's profiling build so Profilers report),
 * serves it on 127.0.0.1 from this process, and drives it in Debian's Chromium through playwright-core.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { build } from 'vite';
import { sourceAliases } from '../sourceAliases';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../test/chromium';

const here = import.meta.dirname;
const root = resolve(here, '..');
export const PAGE_OUT = resolve(root, 'node_modules/.cache/roomkit-bench/page');

/** The project's Chromium and flags (test/chromium.ts), WebRTC over loopback, and a collectable heap. */
export const CHROMIUM_ARGS = [
  ...HEADLESS_ARGS,
  '--allow-loopback-in-peer-connection',
  // the dev media server (werift) cannot resolve mDNS (.local) candidates
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--js-flags=--expose-gc',
  // Web Audio runs without a click (the agent scenario's visualizer and the simulated agent's voice).
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Builds the benchmark page. With `{ profile: true }` the code is left unminified and split into one chunk per
 * origin (livekit-client, React, RoomKit's sources, the rest), so a CPU profile names functions and files.
 */
export async function buildPage(options: { profile?: boolean } = {}): Promise<void> {
  const chunkOf = (id: string) =>
    id.includes('node_modules/livekit-client') ? 'livekit-client' : /node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : id.includes('/src/') ? 'roomkit' : undefined;
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    root: resolve(here, 'page'),
    base: './',
    plugins: [react()],
    resolve: {
      alias: [
        ...sourceAliases,
        // React's production build with the Profiler enabled.
        { find: /^react-dom\/client$/, replacement: 'react-dom/profiling' },
      ],
    },
    build: {
      outDir: PAGE_OUT,
      emptyOutDir: true,
      minify: !options.profile,
      target: 'es2022',
      ...(options.profile ? { rollupOptions: { output: { manualChunks: chunkOf } } } : {}),
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 5000,
    },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** A static file server for the built page, on 127.0.0.1 and a free port. */
export async function servePage(dir = PAGE_OUT): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      if (!file.startsWith(dir) || !(await stat(file)).isFile()) throw new Error('not found');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh page (own context) on the benchmark page, ready to run a scenario. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; cdp: CDPSession; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { bench?: { ready: boolean } }).bench?.ready === true);
  const cdp = await context.newCDPSession(page);
  return { page, cdp, errors, close: () => context.close() };
}

/** The page's JavaScript heap after full garbage collections, in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
