import { expect } from 'storybook/test';
import type { BarRect, ControlInk } from '../.storybook/controlInk';

/**
 * No control of a bar is blank, in pixels: each control's box, inside its border, shows something besides its fill
 * (an icon, a label, a select's choice). The DOM cannot say this: the Effects button of a compact bar once had its
 * name in a label the compact bar hides and no icon, and showed as an empty box.
 *
 * The pixels come from the story tests' browser (`controlInk`, .storybook/controlInk.ts, wired up by
 * .storybook/vitest.setup.ts). In Storybook's own UI there is no such command and the check is left out.
 */

/** Pictures `bar` and returns what each of `rects` shows (set by the story tests' setup). */
export type ControlInkProbe = (bar: HTMLElement, rects: BarRect[]) => Promise<ControlInk[]>;

const PROBE = Symbol.for('roomkit.stories.controlInk');

/** Called by .storybook/vitest.setup.ts with the browser command. */
export function setControlInkProbe(probe: ControlInkProbe) {
  (globalThis as Record<symbol, unknown>)[PROBE] = probe;
}

/**
 * The least ink a control may show. Measured in the ControlBar and VideoConference stories: the sparsest icon of a
 * bar (More's three dots) shows 40 pixels, the others 76 to 180, a select's text 450 and more; the blank Effects
 * button showed 4 (its corners' curve).
 */
export const MIN_INK = 20;

/** What a person presses or chooses by its look (a radio or a checkbox is named by the text beside it). */
const CONTROLS = 'button, select, summary, a[href]';
const POPUPS = '.rk-more-panel, .rk-effects-panel, [role="menu"], [role="dialog"]';

/**
 * The controls in `container` itself: not those of a menu or panel opened from it (drawn outside its box; check the
 * panel itself for them).
 */
export function barControls(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => {
    const popup = el.closest(POPUPS);
    const inPopup = !!popup && popup !== container && container.contains(popup);
    return !inPopup && el.checkVisibility() && el.getBoundingClientRect().width > 0;
  });
}

/** Wholly inside the story's frame: a picture sees it (a bar wider than the frame runs past its edge). */
const inView = (el: HTMLElement) => {
  const box = el.getBoundingClientRect();
  return box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
};

const describe = (el: HTMLElement) =>
  `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}"`;

/**
 * Asserts that no control in `bar` (a control bar, or a panel opened from it) is blank (see the module's comment):
 * each one in the frame's view, which must be at least one (a control past the frame's edge cannot be pictured).
 * Returns each judged control's ink.
 */
export async function expectNoBlankControls(bar: HTMLElement): Promise<Map<HTMLElement, ControlInk> | undefined> {
  const probe = (globalThis as Record<symbol, unknown>)[PROBE] as ControlInkProbe | undefined;
  if (!probe) return undefined;
  const controls = barControls(bar).filter(inView);
  await expect(controls.length).toBeGreaterThan(0);
  const origin = bar.getBoundingClientRect();
  const rects = controls.map((el) => {
    const box = el.getBoundingClientRect();
    return { x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height };
  });
  const inks = await probe(bar, rects);
  const blank = controls
    .map((el, i) => ({ el, ink: inks[i]! }))
    .filter(({ ink }) => ink.ink < MIN_INK)
    .map(({ el, ink }) => `${describe(el)} is blank: ${ink.ink} of ${ink.area} pixels inside its border differ from its fill ${ink.fill}`);
  await expect(blank).toEqual([]);
  return new Map(controls.map((el, i) => [el, inks[i]!]));
}
