/**
 * The browser engines the cross-engine e2e tests run in, driven through one API (puppeteer-core): Debian's Chromium
 * over the Chrome DevTools Protocol and Debian's Firefox ESR over WebDriver BiDi. Neither needs a driver or a
 * download. A test body written against {@link EnginePage} runs unchanged in both.
 *
 * Run inside test/e2e/netns.sh: Firefox gathers ICE candidates only on the default route's address, which that
 * namespace gives it (a veth pair with both ends inside).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS } from './support';
import { CHROMIUM_PATH } from '../chromium';
import { WAIT } from './wait';

/** The engines a meeting's people join from that this machine can run with WebRTC. */
export type EngineName = 'chromium' | 'firefox';

/** Debian's Firefox ESR (`apt-get install firefox-esr`). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox's prefs for a test: fake camera and microphone without a prompt, sound that plays without a gesture, and
 * ICE host candidates as they are (no mDNS names, which the dev media server cannot resolve).
 */
export const FIREFOX_PREFS: Readonly<Record<string, boolean | number | string>> = Object.freeze({
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  'media.autoplay.default': 0,
  'media.autoplay.block-webaudio': false,
  'media.peerconnection.ice.loopback': true,
  'media.peerconnection.ice.obfuscate_host_addresses': false,
  'media.gmp-manager.updateEnabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'app.update.auto': false,
});

/** One page of one person in one engine. */
export interface EnginePage {
  readonly engine: EngineName;
  readonly page: Page;
  close(): Promise<void>;
}

/** What a person's page needs of its browser beyond the meeting. */
export interface PageNeeds {
  /**
   * A screen to share. Headless Firefox has none: its getDisplayMedia rejects with NotFoundError, whatever the prefs
   * (its fake media engine makes cameras and microphones only). Such a person's Firefox runs headful on an X server
   * of the engine's own (Xvfb, started on first need and stopped with the engine), where getDisplayMedia captures
   * that server's screen. Headless Chromium shares its fake screen as it is.
   */
  screen?: boolean;
}

/** A running browser of one engine; each {@link Engine.newPage} is a person with nothing remembered. */
export interface Engine {
  readonly name: EngineName;
  /** Console lines and page errors of every page, tagged `[engine:person]`, for failure messages. */
  readonly logs: string[];
  newPage(person: string, needs?: PageNeeds): Promise<EnginePage>;
  close(): Promise<void>;
}

/** An X server of its own (Debian's `xvfb`) on a free display number, for a headful Firefox. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  // -displayfd: the server picks a free display and writes its number once it accepts connections
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x720x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [chunk] = (await Promise.race([
    once(xvfb.stdout!, 'data'),
    once(xvfb, 'exit').then(([code]) => {
      throw new Error(`Xvfb exited (${String(code)}) before it had a display: apt-get install xvfb`);
    }),
  ])) as [Buffer];
  return { display: `:${chunk.toString().trim()}`, process: xvfb };
}

async function launch(name: EngineName, profile: string, display?: string): Promise<Browser> {
  return name === 'firefox'
    ? puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX_PATH,
        headless: !display,
        userDataDir: profile,
        extraPrefsFirefox: { ...FIREFOX_PREFS },
        ...(display ? { env: { ...process.env, DISPLAY: display } } : {}),
      })
    : puppeteer.launch({
        browser: 'chrome',
        executablePath: CHROMIUM_PATH,
        headless: true,
        userDataDir: profile,
        args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      });
}

/**
 * Starts `name`'s browser, headless, with fake media. Each person in Firefox gets a Firefox of their own: headless
 * Firefox shows one page at a time, the others are `document.hidden`, and livekit-client's adaptive stream rightly
 * stops the video of a hidden page (the first of two Firefox pages in one browser never received the other's
 * camera). Headless Chromium keeps every page visible, so its people share one browser, each in its own context.
 */
export async function launchEngine(name: EngineName): Promise<Engine> {
  const profiles: string[] = [];
  const browsers: Browser[] = [];
  let xvfb: Promise<{ display: string; process: ChildProcess }> | undefined;
  const start = async (needs: PageNeeds = {}) => {
    const profile = await mkdtemp(join(tmpdir(), `roomkit-e2e-${name}-`));
    profiles.push(profile);
    const display = needs.screen && name === 'firefox' ? (await (xvfb ??= startXvfb())).display : undefined;
    const browser = await launch(name, profile, display);
    browsers.push(browser);
    return browser;
  };
  const shared = name === 'chromium' ? await start() : undefined;
  const logs: string[] = [];
  return {
    name,
    logs,
    async newPage(person, needs) {
      const browser = shared ?? (await start(needs));
      // a context of its own: no storage shared with the engine's other people
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT.timeout);
      page.setDefaultNavigationTimeout(WAIT.timeout);
      page.on('console', (message) => {
        // React's profiling marks (Firefox reports console.timeStamp as messages) say nothing about a failure
        if ((message.type() as string) !== 'timeStamp') logs.push(`[${name}:${person}:${message.type()}] ${message.text()}`);
      });
      page.on('pageerror', (error) => logs.push(`[${name}:${person}:pageerror] ${String(error)}`));
      return {
        engine: name,
        page,
        async close() {
          await context.close().catch(() => {});
          if (!shared) {
            browsers.splice(browsers.indexOf(browser), 1);
            await browser.close();
          }
        },
      };
    },
    async close() {
      for (const browser of browsers.splice(0)) await browser.close();
      for (const profile of profiles.splice(0)) await rm(profile, { recursive: true, force: true });
      const x = await xvfb?.catch(() => undefined);
      xvfb = undefined;
      if (x && x.process.exitCode === null) {
        x.process.kill();
        await once(x.process, 'exit');
      }
    },
  };
}
