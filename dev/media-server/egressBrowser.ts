import { existsSync } from 'node:fs';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import type { Logger } from './log';

/** What a template page reports, as LiveKit Egress reads it. */
export interface TemplateEvents {
  /** The page logged `START_RECORDING`. */
  started(): void;
  /** The page logged `END_RECORDING`. */
  ended(): void;
  /** The page could not load, showed a `div.error`, or crashed. */
  failed(message: string): void;
}

/** An open template page; closing it makes its recorder leave the room. */
export interface TemplatePage {
  close(): Promise<void>;
}

const START_RECORDING = 'START_RECORDING';
const END_RECORDING = 'END_RECORDING';
/** Egress's `chromeTimeout`: how long the page may take to load. */
export const TEMPLATE_LOAD_MS = 30_000;

/**
 * Chrome as LiveKit Egress launches it (pkg/pipeline/source/web.go), headless, plus what WebRTC over loopback with
 * this server needs: loopback candidates, and no mDNS `.local` candidates (werift cannot resolve them).
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
  '--window-size=1280,720',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/** The Chromium the dev egress uses: `path` when it exists. */
export function findChromium(path: string | false): string | undefined {
  return path !== false && existsSync(path) ? path : undefined;
}

/**
 * The dev egress's browser: one headless Chromium (playwright-core), launched at the first room composite with a
 * custom base URL, each template page in a context of its own. The page's console is read as Egress reads it: any
 * argument of a console call that is exactly `START_RECORDING` or `END_RECORDING`.
 */
export class TemplateBrowser {
  private browser: Promise<Browser> | undefined;
  private readonly executablePath: string;
  private readonly logger: Logger;

  constructor(executablePath: string, logger: Logger) {
    this.executablePath = executablePath;
    this.logger = logger;
  }

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core')
      .then(({ chromium }) => chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS }))
      .catch((error: unknown) => {
        // the next egress tries again
        this.browser = undefined;
        throw error;
      });
    return this.browser;
  }

  /**
   * Opens `url` in a new page; `events` hears its signals, `onPage` gets the page before it navigates (tests read
   * its DOM). Resolves once the page is open (it may still be loading).
   */
  async open(url: string, events: TemplateEvents, onPage?: (page: Page) => void): Promise<TemplatePage> {
    const browser = await this.launch();
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    onPage?.(page);
    let closed = false;
    // console arguments are read one message after another, so START_RECORDING is seen before END_RECORDING
    let reading = Promise.resolve();
    page.on('console', (message: ConsoleMessage) => {
      reading = reading.then(() => this.read(message, events));
    });
    page.on('crash', () => events.failed('chrome crashed'));
    void this.load(page, url, events, () => closed);
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        await context.close().catch(() => undefined);
      },
    };
  }

  private async read(message: ConsoleMessage, events: TemplateEvents): Promise<void> {
    for (const arg of message.args()) {
      const value: unknown = await arg.jsonValue().catch(() => undefined);
      if (value === START_RECORDING) events.started();
      else if (value === END_RECORDING) events.ended();
    }
  }

  /**
   * Navigates as Egress does: a status of 400 or more, or a `div.error` in the loaded page, fails the egress. Messages
   * never carry the address (its query holds the recorder's token).
   */
  private async load(page: Page, url: string, events: TemplateEvents, closed: () => boolean): Promise<void> {
    let answer: { status: number; text: string } | undefined;
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) answer = { status: response.status(), text: response.statusText() };
    });
    const where = url.split('?')[0];
    try {
      await page.goto(url, { timeout: TEMPLATE_LOAD_MS });
    } catch (error) {
      if (closed()) return;
      // Chromium refuses an error status with an empty body (ERR_HTTP_RESPONSE_CODE_FAILURE): the status says why
      const message = answer && answer.status >= 400 ? '' : (error instanceof Error ? error.message.split('\n')[0]! : String(error)).replace(/ at \S+$/, '');
      if (message !== '') {
        this.logger.warn(`egress template page ${where}: ${message}`);
        events.failed(`page load error: ${message}`);
        return;
      }
    }
    if (answer && answer.status >= 400) {
      events.failed(`page load error: ${answer.status} ${answer.text}`.trimEnd());
      return;
    }
    const templateError = await page.evaluate(() => document.querySelector<HTMLElement>('div.error')?.innerText ?? '').catch(() => '');
    if (templateError !== '') events.failed(`template error: ${templateError}`);
  }

  /** Closes the browser and every page. */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined);
  }
}
