/**
 * The node side of the blank-control check (stories/blankControls.ts): a control bar as the person sees it, in
 * pixels, not in the DOM. A control whose only content is hidden (a label the compact bar hides, with no icon) is a
 * box with a border and nothing in it, however its DOM reads; this finds it.
 *
 * The bar is pictured once (Chromium's `Page.captureScreenshot` with the bar's box as the clip, as pictureMatch.ts
 * takes a story's picture). In each control's box, `BORDER_INSET` pixels in from its edge (its border and the
 * anti-aliased curve of its corners), a pixel is ink when it differs from the control's fill, the commonest colour
 * there, by more than `INK_DISTANCE`. A blank control left on the bar's surface has the bar's background as its fill;
 * taking the control's own fill also finds a blank control that is pressed (accent) or under the pointer.
 */
import type { CDPSession, Page } from 'playwright';
import { PNG } from 'pngjs';
import type { BrowserCommand } from 'vitest/node';

/** A control's box in CSS pixels, from the bar's top left corner. */
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What one control's box shows. */
export interface ControlInk {
  /** Pixels inside the border that differ from the fill. */
  ink: number;
  /** Pixels inside the border. */
  area: number;
  /** The fill (the commonest colour inside the border), `#rrggbb`. */
  fill: string;
}

/** The border left out of each box: a 1 px border and the anti-aliased curve of rounded corners. */
export const BORDER_INSET = 2;
/** How far a pixel's colour may be from the fill and still count as the fill: the sum of its channels' differences. */
export const INK_DISTANCE = 48;

/** A decoded RGBA picture. */
export interface Picture {
  width: number;
  height: number;
  data: Uint8Array;
}

const hex = (n: number) => `#${(n >>> 0).toString(16).padStart(8, '0').slice(0, 6)}`;

/**
 * The ink in `rect` of `picture` (in picture pixels), `inset` pixels in from its edges. Pure, for the node tests.
 */
export function inkIn(picture: Picture, rect: BarRect, inset = BORDER_INSET): ControlInk {
  const x0 = Math.max(0, Math.ceil(rect.x + inset));
  const y0 = Math.max(0, Math.ceil(rect.y + inset));
  const x1 = Math.min(picture.width, Math.floor(rect.x + rect.width - inset));
  const y1 = Math.min(picture.height, Math.floor(rect.y + rect.height - inset));
  if (x1 <= x0 || y1 <= y0) return { ink: 0, area: 0, fill: '' };
  const { data, width } = picture;
  const counts = new Map<number, number>();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4;
      const key = ((data[i]! << 24) | (data[i + 1]! << 16) | (data[i + 2]! << 8) | 0xff) >>> 0;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let fill = 0;
  let most = -1;
  for (const [key, count] of counts) {
    if (count > most) [fill, most] = [key, count];
  }
  const [r, g, b] = [fill >>> 24, (fill >>> 16) & 0xff, (fill >>> 8) & 0xff];
  let ink = 0;
  for (const [key, count] of counts) {
    const distance = Math.abs((key >>> 24) - r) + Math.abs(((key >>> 16) & 0xff) - g) + Math.abs(((key >>> 8) & 0xff) - b);
    if (distance > INK_DISTANCE) ink += count;
  }
  return { ink, area: (x1 - x0) * (y1 - y0), fill: hex(fill) };
}

/** Playwright's rounding of an element's box to the pixels of its screenshot (as pictureMatch.ts). */
function enclosingIntRect(rect: BarRect) {
  const x = Math.floor(rect.x + 1e-3);
  const y = Math.floor(rect.y + 1e-3);
  return { x, y, width: Math.ceil(rect.x + rect.width - 1e-3) - x, height: Math.ceil(rect.y + rect.height - 1e-3) - y };
}

/**
 * The `controlInk(barSelector, rects)` browser command (vitest.config.ts): pictures the bar that `barSelector` finds
 * in the story's frame (a Vitest locator's selector) and returns what each of `rects` (boxes from the bar's corner,
 * CSS pixels) shows.
 */
export function controlInkCommand(): BrowserCommand<[barSelector: string, rects: BarRect[]], ControlInk[]> {
  const sessions = new WeakMap<Page, Promise<CDPSession>>();
  return async (context, barSelector, rects) => {
    const { page } = context;
    if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
    const cdp = await sessions.get(page)!;
    const [box, scroll] = await Promise.all([
      context.iframe.locator(barSelector).boundingBox(),
      page.evaluate(() => ({ x: window.scrollX, y: window.scrollY })),
    ]);
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('controlInk: the page has no viewport size (vitest.config.ts sets one)');
    if (!box) throw new Error('controlInk: the bar is not in the page');
    // The part of the bar in the page's view: a bar wider than the story's frame runs past its edge, and a clip
    // cannot start before the page's corner.
    const left = Math.max(box.x, 0);
    const top = Math.max(box.y, 0);
    const seen = { x: left, y: top, width: Math.min(box.x + box.width, viewport.width) - left, height: Math.min(box.y + box.height, viewport.height) - top };
    if (seen.width <= 0 || seen.height <= 0) throw new Error('controlInk: the bar is not in view');
    const clip = enclosingIntRect({ ...seen, x: seen.x + scroll.x, y: seen.y + scroll.y });
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip: { ...clip, scale: 1 } });
    const picture = PNG.sync.read(Buffer.from(data, 'base64'));
    // Picture pixels per CSS pixel (1 unless the page has a device scale factor).
    const scale = picture.width / clip.width;
    // Where the bar's corner is in the picture (left of or above it when the bar starts out of view).
    const dx = box.x + scroll.x - clip.x;
    const dy = box.y + scroll.y - clip.y;
    return rects.map((r) =>
      inkIn(picture, { x: (r.x + dx) * scale, y: (r.y + dy) * scale, width: r.width * scale, height: r.height * scale }, BORDER_INSET * scale),
    );
  };
}
