/**
 * The node side of the stories' pictures (.storybook/pictures.ts): take a picture of an element and compare it with
 * its reviewed baseline. It does what Vitest's `toMatchScreenshot` does, for less (the whole stories suite: 336 → 233
 * CPU-seconds, 254 → 170 s):
 *
 * - **One capture.** Chromium's `Page.captureScreenshot` with the element's box as the clip: the call Playwright's
 *   element screenshot makes, without its wait for two still animation frames and its scroll (the story has
 *   settled and is in view by the time its pictures are taken).
 * - **No decoding when nothing changed.** Baselines are Chromium's own PNG bytes, so an unchanged picture is the
 *   same bytes and is compared as bytes. Decoding the picture and its baseline (pngjs, about 25 ms each for a
 *   1200×660 picture) is left for pictures that differ in bytes: those are compared with pixelmatch, as before.
 *
 * Everything else is Vitest's algorithm (`@vitest/browser`'s screenshotMatcher): a picture that matches its
 * baseline passes; one that does not is taken again until two in a row match (the page has settled, within
 * `stableMs`) and then compared with the baseline; `-u` rewrites baselines, a missing one is written and fails.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import type { CDPSession, Page } from 'playwright';
import { PNG } from 'pngjs';
import type { BrowserCommand } from 'vitest/node';

/** How far a picture may be from its baseline (pixelmatch's per-pixel threshold; mismatched pixels allowed). */
export interface PictureComparison {
  threshold: number;
  allowedMismatchedPixels: number;
}

/**
 * How far a story's picture may be from its baseline: pixelmatch's per-pixel colour distance (YIQ, 0 to 1) under
 * which two pixels count as the same, with anti-aliased pixels ignored; no pixel beyond it may differ. The story
 * tests (vitest.config.ts) and `test:visual:update` (scripts/updatePictures.ts) both compare with it.
 */
export const PICTURE_COMPARISON: PictureComparison = { threshold: 0.1, allowedMismatchedPixels: 0 };

/** Where a picture's files go. */
export interface PicturePaths {
  /** The reviewed baseline. */
  reference: string;
  /** On a mismatch: the baseline, the picture taken and their difference, side by side for review. */
  diffs: { reference: string; actual: string; diff: string };
}

/** Vitest's snapshot update mode: `all` with `-u`, `new` by default, `none` in CI. */
export type UpdateMode = 'all' | 'new' | 'none';

export interface MatchOptions {
  /** Takes the picture: PNG bytes. */
  capture: () => Promise<Buffer>;
  paths: PicturePaths;
  comparison: PictureComparison;
  update: UpdateMode;
  /** How long the page may take to hold still (two pictures in a row that match). */
  stableMs: number;
}

/** What happened: `pass` false carries the reason, and the files written for review. */
export type MatchResult =
  | { pass: true; outcome: 'same-bytes' | 'matched' | 'matched-after-settling' | 'written' }
  | { pass: false; outcome: 'unstable' | 'missing' | 'mismatch'; message: string };

interface Image {
  width: number;
  height: number;
  data: Buffer;
}

function decode(bytes: Buffer): Image {
  const { width, height, data } = PNG.sync.read(bytes);
  return { width, height, data };
}

/** The number of pixels that differ beyond the threshold, or a message if the sizes differ. */
function difference(a: Image, b: Image, comparison: PictureComparison, diff?: Buffer): number | string {
  if (a.width !== b.width || a.height !== b.height) {
    return `Expected image dimensions to be ${a.width}×${a.height}px, but received ${b.width}×${b.height}px.`;
  }
  return pixelmatch(a.data, b.data, diff, a.width, a.height, { threshold: comparison.threshold, includeAA: false });
}

function matches(a: Image, b: Image, comparison: PictureComparison): boolean {
  const d = difference(a, b, comparison);
  return typeof d === 'number' && d <= comparison.allowedMismatchedPixels;
}

/** Pixels alike to the last byte (so a baseline may take the new bytes without a review). */
function samePixels(a: Image, b: Image): boolean {
  return a.width === b.width && a.height === b.height && a.data.equals(b.data);
}

async function write(path: string, bytes: Buffer) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

/**
 * How a new picture compares with an old one: `same pixels` (every pixel alike, perhaps in other PNG bytes), `same to
 * the test` (pixels differ, but within `comparison`: the story test would pass it) or `changed`.
 */
export function comparePictures(old: Buffer, fresh: Buffer, comparison: PictureComparison = PICTURE_COMPARISON): 'same pixels' | 'same to the test' | 'changed' {
  if (old.equals(fresh)) return 'same pixels';
  const [a, b] = [decode(old), decode(fresh)];
  if (samePixels(a, b)) return 'same pixels';
  return matches(a, b, comparison) ? 'same to the test' : 'changed';
}

/**
 * Takes pictures until two in a row match, starting from `first`; `undefined` if the page does not hold still within
 * the deadline.
 */
async function settle(first: { bytes: Buffer; image: Image }, options: MatchOptions, deadline: number) {
  let last = first;
  while (Date.now() < deadline) {
    const bytes = await options.capture();
    if (bytes.equals(last.bytes)) return last;
    const next = { bytes, image: decode(bytes) };
    if (matches(last.image, next.image, options.comparison)) return next;
    last = next;
  }
  return undefined;
}

/** Takes a picture and compares it with its baseline (see the module's comment). */
export async function matchPicture(options: MatchOptions): Promise<MatchResult> {
  const { paths, comparison, update } = options;
  const deadline = Date.now() + options.stableMs;
  const referenceBytes = await readFile(paths.reference).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const bytes = await options.capture();
  if (referenceBytes?.equals(bytes)) return { pass: true, outcome: 'same-bytes' };

  const first = { bytes, image: decode(bytes) };
  const reference = referenceBytes && decode(referenceBytes);
  if (reference && matches(reference, first.image, comparison)) {
    // The same picture in other bytes (a baseline written by another encoder): `-u` gives it Chromium's bytes, so
    // that the next run compares bytes. Pixels that differ at all, even within the threshold, are left for review.
    if (update === 'all' && samePixels(reference, first.image)) await write(paths.reference, bytes);
    return { pass: true, outcome: 'matched' };
  }

  const settled = await settle(first, options, deadline);
  if (!settled) {
    return { pass: false, outcome: 'unstable', message: `Could not take two pictures in a row that match within ${options.stableMs} ms.` };
  }
  if (!reference) {
    if (update === 'none') {
      await write(paths.diffs.actual, settled.bytes);
      return { pass: false, outcome: 'missing', message: `No baseline at ${paths.reference}; the picture taken is at ${paths.diffs.actual}.` };
    }
    await write(paths.reference, settled.bytes);
    if (update === 'all') return { pass: true, outcome: 'written' };
    return { pass: false, outcome: 'missing', message: `No baseline at ${paths.reference}; one was written. Review it, then run again.` };
  }
  const diff = Buffer.alloc(reference.data.length);
  const differing = difference(reference, settled.image, comparison, diff);
  if (typeof differing === 'number' && differing <= comparison.allowedMismatchedPixels) {
    return { pass: true, outcome: 'matched-after-settling' };
  }
  if (update === 'all') {
    await write(paths.reference, settled.bytes);
    return { pass: true, outcome: 'written' };
  }
  await write(paths.diffs.reference, referenceBytes);
  await write(paths.diffs.actual, settled.bytes);
  let message = typeof differing === 'string' ? differing : `${differing} pixels differ from the baseline (${paths.reference}).`;
  if (typeof differing === 'number') {
    const png = new PNG({ width: reference.width, height: reference.height });
    png.data = diff;
    await write(paths.diffs.diff, PNG.sync.write(png));
    message += ` The difference is drawn in ${paths.diffs.diff}.`;
  }
  return { pass: false, outcome: 'mismatch', message };
}

/** Playwright's rounding of an element's box to the pixels of its screenshot (`enclosingIntRect`). */
function enclosingIntRect(rect: { x: number; y: number; width: number; height: number }) {
  const x = Math.floor(rect.x + 1e-3);
  const y = Math.floor(rect.y + 1e-3);
  return { x, y, width: Math.ceil(rect.x + rect.width - 1e-3) - x, height: Math.ceil(rect.y + rect.height - 1e-3) - y };
}

/**
 * The `matchPicture(selector, name, stableMs)` browser command (vitest.config.ts): pictures the element `selector`
 * finds in the story's frame (a Vitest locator's selector) and compares it with `<story file>'s
 * __screenshots__/<name>-chromium-linux.png`; on a mismatch the files for review go to
 * `test-results/pictures/<story file>/`.
 */
export function matchPictureCommand(comparison: PictureComparison): BrowserCommand<[selector: string, name: string, stableMs: number], MatchResult> {
  const sessions = new WeakMap<Page, Promise<CDPSession>>();
  return async (context, selector, name, stableMs) => {
    const { page, testPath, project } = context;
    if (!testPath) throw new Error('matchPicture: call it from a story test (it needs the test file for its baselines)');
    if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
    const cdp = await sessions.get(page)!;
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('matchPicture: the page has no viewport size (vitest.config.ts sets one)');
    const element = context.iframe.locator(selector);
    const capture = async () => {
      // The element's box in the page and the page's scroll, as Playwright's element screenshot measures them.
      const [box, scroll] = await Promise.all([element.boundingBox(), page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }))]);
      if (!box || box.width === 0 || box.height === 0) throw new Error(`matchPicture: ${name}: the element to picture is not visible`);
      const clip = { ...enclosingIntRect({ ...box, x: box.x + scroll.x, y: box.y + scroll.y }), scale: 1 };
      const fits = box.width <= viewport.width && box.height <= viewport.height;
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: !fits });
      return Buffer.from(data, 'base64');
    };
    const file = basename(testPath);
    // The file names Vitest's toMatchScreenshot gave the baselines: spaces made `-`, nothing but word characters and
    // `-`, no `--` (a story id's `--` becomes `-`).
    const picture = name.replace(/\s+/g, '-').replace(/[^\w-]+/g, '').replace(/-{2,}/g, '-');
    const diffs = (suffix: string) => resolve(project.config.root, 'test-results/pictures', file, `${picture}-${suffix}.png`);
    return matchPicture({
      capture,
      comparison,
      stableMs,
      update: project.serializedConfig.snapshotOptions.updateSnapshot,
      paths: {
        reference: resolve(dirname(testPath), '__screenshots__', file, `${picture}-chromium-${process.platform}.png`),
        diffs: { reference: diffs('reference'), actual: diffs('actual'), diff: diffs('diff') },
      },
    });
  };
}
