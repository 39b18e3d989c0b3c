import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startMediaServer, TEMPLATE_LOAD_MS, type MediaServer, type MediaServerOptions } from '../../dev/media-server';
import { sourceAliases } from '../../sourceAliases';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../chromium';
import { WAIT } from './wait';

export { WAIT } from './wait';

/**
 * The bound of a recording's start, from StartRoomCompositeEgress to EGRESS_ACTIVE (START_RECORDING): the dev
 * egress may take Egress's own bound to load the template page ({@link TEMPLATE_LOAD_MS}, 30 s; the demo's dev
 * server transforms the page's modules on its first visit), then the page joins and shows a first frame
 * ({@link WAIT}). A wait of WAIT alone could give up while the egress was still within its bounds: a CI run under
 * load failed roomActions' start (its wait for the pages' recording indicator, which shows once the recorder has
 * joined), and its next test's UpdateLayout found the egress listed but no recorder in the room yet. Wait for
 * EGRESS_ACTIVE with this bound first; what follows from it then needs WAIT only.
 */
export const EGRESS_START: Readonly<{ timeout: number; interval: number }> = Object.freeze({ timeout: TEMPLATE_LOAD_MS + WAIT.timeout, interval: WAIT.interval });

const fixtures = resolve(import.meta.dirname, 'fixtures');

/**
 * Chromium flags for the e2e suite: TOOLCHAIN.md's headless set, fake media, and WebRTC over loopback.
 *
 * The fake camera runs at 10 frames a second, not its default 20: every page that publishes a camera at RoomKit's
 * defaults (1280×720, simulcast) encodes each frame three times in software, and each subscriber decodes one layer.
 * No test here measures a frame rate; at 20 the suite alone used 435 CPU-seconds, at 10 it uses 385 (Chromium
 * 306 → 278, the media server 76 → 71), every test passing alike.
 */
export const CHROMIUM_ARGS = [
  ...HEADLESS_ARGS.map((arg) => (arg === '--use-fake-device-for-media-stream' ? `${arg}=fps=10` : arg)),
  '--allow-loopback-in-peer-connection',
  // werift cannot resolve mDNS (.local) candidates
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/** Bundles the fixture page with Vite into a fresh temporary directory. */
export async function buildPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'roomkit-e2e-page-'));
  await build({
    configFile: false,
    root: fixtures,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, reportCompressedSize: false },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** Serves a directory on 127.0.0.1 (a secure context for getUserMedia), and `pages` (path to HTML) beside it. */
export async function serveStatic(root: string, pages: Readonly<Record<string, string>> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = pages[path];
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Opens the demo (`demoUrl`) as `name` in the demo backend's `role`, in the room named `room`, with the small capture
 * (`?capture=small`), joins from its PreJoin, and waits for `ready`: by default the meeting's toolbar.
 */
export async function joinDemoPage(
  browser: BrowserSession,
  demoUrl: string,
  { name, role, room, ready = (page) => page.getByRole('toolbar', { name: 'Meeting controls' }).waitFor() }: { name: string; role: string; room: string; ready?: (page: Page) => Promise<unknown> },
): Promise<Page> {
  const page = await browser.newPage(name);
  await page.goto(`${demoUrl}?name=${name}&role=${role}&room=${room}&capture=small`);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await ready(page);
  return page;
}

/**
 * For a file that meets on the demo: after its tests, closes the browser and the demo that `get` returns (whichever
 * started), and prints the browser's logs under each failed test.
 */
export function closeDemoAfterAll(get: () => { browser: BrowserSession | undefined; demo: { close(): Promise<void> } | undefined }): void {
  afterAll(async () => {
    const { browser, demo } = get();
    await browser?.close();
    await demo?.close();
  });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.log(`FAILED TEST "${task.name}":\n${get().browser?.logs.join('\n') ?? ''}`);
  });
}

export interface BrowserSession {
  context: BrowserContext;
  /**
   * A new page for one person: its console lines, errors and navigations, tagged with `name`, are kept in `logs` for
   * failure messages, and it starts with nothing remembered.
   */
  newPage(name: string): Promise<Page>;
  /** Opens the harness page in a {@link BrowserSession.newPage}. */
  open(name: string, pageUrl: string): Promise<Page>;
  logs: string[];
  close(): Promise<void>;
}

/**
 * Gives every Playwright wait in `context` that names no timeout of its own (a locator's `waitFor()` and actions,
 * `waitForFunction`, `waitForEvent`…) the suite's bound, {@link WAIT}, instead of Playwright's default. A page's
 * load (`goto`, `reload`) gets Egress's bound for loading a page instead, {@link TEMPLATE_LOAD_MS}: the demo's dev
 * server sends each of the page's modules on a visit, and under load (a fresh `.ci/run`, three CPU burners) a late
 * joiner's page took longer than WAIT to reach `load` (the whole e2e project's repeat, run 4 of 5, in spotlight's
 * "a late joiner sees it at once").
 */
export function boundWaits(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(WAIT.timeout);
  context.setDefaultNavigationTimeout(TEMPLATE_LOAD_MS);
  return context;
}

/**
 * Launches /usr/bin/chromium with a fresh profile directory, with {@link CHROMIUM_ARGS} and `extraArgs`, leaving out
 * the flags `withoutArgs` names, from CHROMIUM_ARGS and from the ones Playwright adds (`--mute-audio` in headless).
 * One browser at a time: the machine has two cores.
 */
export async function launchBrowser(extraArgs: readonly string[] = [], withoutArgs: readonly string[] = []): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'roomkit-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS.filter((arg) => !withoutArgs.includes(arg)), ...extraArgs],
    ...(withoutArgs.length ? { ignoreDefaultArgs: [...withoutArgs] } : {}),
    permissions: ['camera', 'microphone'],
  });
  boundWaits(context);
  const logs: string[] = [];
  const session: BrowserSession = {
    context,
    logs,
    async newPage(name) {
      const page = await context.newPage();
      page.on('console', (message) => logs.push(`[${name}:${message.type()}] ${message.text()}`));
      page.on('pageerror', (error) => logs.push(`[${name}:pageerror] ${error.message}`));
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) logs.push(`[${name}:navigated] ${frame.url()}`);
      });
      // Each page is another person: one browser profile's remembered choices (name, devices, muted on join) must
      // not carry from one participant to the next. (test/e2e/devices.e2e.test.ts tests remembering, in contexts of its own.)
      await page.addInitScript(() => localStorage.removeItem('roomkit.choices.v1'));
      return page;
    },
    async open(name, pageUrl) {
      const page = await session.newPage(name);
      await page.goto(pageUrl);
      await page.waitForFunction(() => typeof window.harness === 'object');
      return page;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
  return session;
}

/** What {@link startAppStack} runs: a RoomKit fixture app served on 127.0.0.1, the dev media server, and Chromium. */
export interface AppStack {
  web: { url: string };
  media: MediaServer;
  browser: BrowserSession;
  close(): Promise<void>;
}

/**
 * Builds a fixture app (RoomKit from `src`) with Vite into a temporary folder, lets `prepare` add files to it,
 * serves it, and starts the dev media server (tokens signed with `secret`) and Chromium. `pages` are the fixture's
 * HTML entry points (default `index`).
 */
export interface AppStackOptions {
  name: string;
  fixtures: string;
  secret: string;
  pages?: string[];
  prepare?: (pageDir: string) => Promise<void>;
  /** More Chromium flags for this stack's browser (e.g. the autoplay policy LiveKit Egress launches Chrome with). */
  browserArgs?: string[];
  /**
   * Flags this stack's browser goes without, from {@link CHROMIUM_ARGS} or Playwright's own (e.g. `--mute-audio`,
   * which silences a captured tab).
   */
  browserWithoutArgs?: string[];
  /** More options for the dev media server (API keys, the dev egress's page hook…). */
  mediaOptions?: MediaServerOptions;
}

export async function startAppStack(options: AppStackOptions): Promise<AppStack> {
  const pageDir = await mkdtemp(join(tmpdir(), `roomkit-e2e-${options.name}-`));
  await build({
    configFile: false,
    root: options.fixtures,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: sourceAliases },
    build: {
      outDir: pageDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      reportCompressedSize: false,
      rollupOptions: { input: Object.fromEntries((options.pages ?? ['index']).map((p) => [p, join(options.fixtures, `${p}.html`)])) },
    },
  });
  await options.prepare?.(pageDir);
  const web = await serveStatic(pageDir);
  const media = await startMediaServer({ port: 0, tokenSecret: options.secret, logLevel: 'warn', ...options.mediaOptions });
  const browser = await launchBrowser(options.browserArgs, options.browserWithoutArgs);
  return {
    web,
    media,
    browser,
    async close() {
      await browser.close();
      await media.close();
      await web.close();
      await rm(pageDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app stack of one test file: started before its tests (`beforeAll`) and closed after them (`afterAll`). Its
 * `web`, `media` and `browser` are read inside tests and hooks, once it has started.
 */
export function appStackForFile(options: AppStackOptions): Omit<AppStack, 'close'> {
  let stack: AppStack | undefined;
  beforeAll(async () => {
    stack = await startAppStack(options);
  }, 120_000);
  afterAll(async () => stack?.close());
  const started = (): AppStack => {
    if (!stack) throw new Error(`the ${options.name} app stack has not started: read it inside a test or a hook`);
    return stack;
  };
  return {
    get web() {
      return started().web;
    },
    get media() {
      return started().media;
    },
    get browser() {
      return started().browser;
    },
  };
}
