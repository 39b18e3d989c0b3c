/**
 * WebKit for the tests: Debian's WebKitGTK (package `webkit2gtk-driver`), its `MiniBrowser` driven by
 * `WebKitWebDriver` over W3C WebDriver (plain HTTP, no client library), in a virtual X display (`xvfb-run`). Nothing
 * is downloaded. WebKitGTK has getUserMedia with mock devices, but Debian builds it without WebRTC: no
 * `RTCPeerConnection`, so what runs here is everything but the media path.
 *
 * ```ts
 * const webkit = await launchWebKit();
 * await webkit.open('http://127.0.0.1:1234/');
 * const title = await webkit.run(() => document.title);
 * await webkit.close();
 * ```
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/** WebKitGTK's browser for automation (override with WEBKIT_BROWSER). */
export const MINIBROWSER_PATH = process.env.WEBKIT_BROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The driver (override with WEBKIT_DRIVER). */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';

/**
 * MiniBrowser's switches: automation, media capture with WebKit's mock camera and microphone, media that plays
 * without a gesture (as the Chromium runs' `--autoplay-policy=no-user-gesture-required`), and Storybook's test-runner
 * mark in the user agent (Storybook then holds animations still rather than waiting for them, as under Vitest).
 */
const BROWSER_ARGS = [
  '--automation',
  '--enable-media-stream=true',
  '--enable-mock-capture-devices=true',
  '--autoplay-policy=allow',
  '--media-playback-requires-user-gesture=false',
];

/** Why WebKit cannot run on this machine, or undefined when it can. */
export function webkitMissing(): string | undefined {
  for (const [path, pkg] of [
    [MINIBROWSER_PATH, 'webkit2gtk-driver'],
    [WEBKIT_DRIVER_PATH, 'webkit2gtk-driver'],
    ['/usr/bin/xvfb-run', 'xvfb'],
  ] as const) {
    if (!existsSync(path)) return `${path} is missing: install Debian's ${pkg} (apt-get install ${pkg}), as .ci/run does`;
  }
  return undefined;
}

/** A WebDriver error: the command, and what the driver said. */
export class WebDriverError extends Error {
  override name = 'WebDriverError';
}

/** One WebKit window, driven over WebDriver. */
export interface WebKit {
  /** Opens `url` in the window and waits for its load event. */
  open(url: string): Promise<void>;
  /** Runs `fn(...args)` in the page and returns its result (JSON). */
  run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /**
   * Opens `url` in a frame of `host` (a page of the same site whose body holds `<iframe id="frame">`): from then on
   * `run` runs in the frame, and `viewport` sizes it. A window cannot be narrower than MiniBrowser's own toolbar
   * (447 px), a frame can be any size, as Vitest's browser mode sizes the stories' frame.
   */
  openFramed(host: string, url: string): Promise<void>;
  /** Sets the framed page's viewport (`openFramed`) to `width`×`height` CSS pixels. */
  viewport(width: number, height: number): Promise<void>;
  /**
   * Gives the window, and in it the frame, the focus again, as a person who clicks back into the page: a page that
   * opened another window (a popup, a picture-in-picture window) leaves its own without focus, and then a script's
   * `focus()` moves `document.activeElement` but neither `:focus-within` nor `:focus-visible` match. Closes the windows
   * a page opened.
   */
  refocus(): Promise<void>;
  /** Ends the session, the browser, the driver and the virtual display. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/**
 * Starts WebKitWebDriver in a virtual display and opens one MiniBrowser session. `userAgentSuffix` is appended to
 * WebKit's own user agent. A page script may run for at most `scriptMs`.
 */
export async function launchWebKit({ userAgentSuffix = '', scriptMs = 70_000 }: { userAgentSuffix?: string; scriptMs?: number } = {}): Promise<WebKit> {
  const missing = webkitMissing();
  if (missing) throw new Error(missing);
  const port = await freePort();
  const output: string[] = [];
  // Its own process group: closing kills xvfb-run, Xvfb, the driver and the browser together.
  const driver: ChildProcess = spawn('xvfb-run', ['-a', '-s', '-screen 0 1920x1200x24', WEBKIT_DRIVER_PATH, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  driver.stdout!.on('data', keep);
  driver.stderr!.on('data', keep);
  const exited = new Promise<void>((done) => driver.once('exit', () => done()));
  const base = `http://127.0.0.1:${port}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new WebDriverError(`${method} ${path}: ${json.value.error ?? response.status}: ${json.value.message ?? ''}`);
    return json.value;
  }

  // The driver listens a moment after it starts: ask until it answers (bound: 30 s).
  const ready = Date.now() + 30_000;
  for (;;) {
    try {
      await call('GET', '/status');
      break;
    } catch (error) {
      if (Date.now() > ready) {
        process.kill(-driver.pid!, 'SIGKILL');
        throw new Error(`WebKitWebDriver did not answer within 30 s: ${String(error)}\n${output.join('')}`, { cause: error });
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  const args = [...BROWSER_ARGS];
  if (userAgentSuffix) {
    // WebKit's own user agent, read from a first session, plus the suffix.
    const probe = await call<{ sessionId: string }>('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args } } } });
    const agent = await call<string>('POST', `/session/${probe.sessionId}/execute/sync`, { script: 'return navigator.userAgent', args: [] });
    await call('DELETE', `/session/${probe.sessionId}`);
    args.push(`--user-agent=${agent} ${userAgentSuffix}`);
  }
  const { sessionId } = await call<{ sessionId: string }>('POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args } } },
  });
  const session = `/session/${sessionId}`;
  await call('POST', `${session}/timeouts`, { script: scriptMs, pageLoad: 60_000 });
  // The window holds the largest frame a story asks for (Storybook's 1200×900 test viewport) with room to spare.
  await call('POST', `${session}/window/rect`, { width: 1300, height: 1100 });

  const webkit: WebKit = {
    open: (url) => call('POST', `${session}/url`, { url }),
    async run(fn, ...args) {
      // An async script: the function's result, or its rejection, comes back through the driver's callback.
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${fn.toString()})(...Array.prototype.slice.call(arguments, 0, -1)))
          .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`;
      const result = await call<{ value?: unknown; error?: string }>('POST', `${session}/execute/async`, { script, args });
      if (result.error !== undefined) throw new WebDriverError(`in the page: ${result.error}`);
      return result.value as never;
    },
    async openFramed(host, url) {
      await call('POST', `${session}/url`, { url: host });
      await webkit.run(
        (src: string) =>
          new Promise<void>((loaded) => {
            const frame = document.getElementById('frame') as HTMLIFrameElement;
            frame.addEventListener('load', () => loaded(), { once: true });
            frame.src = src;
          }),
        url,
      );
      const element = await call<Record<string, string>>('POST', `${session}/element`, { using: 'css selector', value: '#frame' });
      await call('POST', `${session}/frame`, { id: element });
    },
    async refocus() {
      const mine = await call<string>('GET', `${session}/window`);
      for (const handle of await call<string[]>('GET', `${session}/window/handles`)) {
        if (handle === mine) continue;
        await call('POST', `${session}/window`, { handle });
        await call('DELETE', `${session}/window`);
      }
      await call('POST', `${session}/window`, { handle: mine });
      const element = await call<Record<string, string>>('POST', `${session}/element`, { using: 'css selector', value: '#frame' });
      await call('POST', `${session}/frame`, { id: element });
    },
    async viewport(width, height) {
      await call('POST', `${session}/frame/parent`, {});
      await webkit.run(
        (w: number, h: number) => {
          const frame = document.getElementById('frame') as HTMLIFrameElement;
          frame.style.width = `${w}px`;
          frame.style.height = `${h}px`;
        },
        width,
        height,
      );
      const element = await call<Record<string, string>>('POST', `${session}/element`, { using: 'css selector', value: '#frame' });
      await call('POST', `${session}/frame`, { id: element });
      const inner = await webkit.run(() => ({ width: window.innerWidth, height: window.innerHeight }));
      if (inner.width !== width || inner.height !== height) throw new WebDriverError(`viewport ${width}×${height} asked, ${inner.width}×${inner.height} given`);
    },
    async close() {
      await call('DELETE', session).catch(() => undefined);
      try {
        process.kill(-driver.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    },
  };
  return webkit;
}
