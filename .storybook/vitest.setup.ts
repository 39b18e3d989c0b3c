import { beforeAll, beforeEach, expect, inject } from 'vitest';
import { commands, page } from 'vitest/browser';
import { setControlInkProbe } from '../stories/blankControls.ts';
import type { BarRect, ControlInk } from './controlInk.ts';
import './pictures.ts';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Pictures the bar and returns what each box shows (controlInk.ts): the pixels of stories/blankControls.ts. */
    controlInk: (barSelector: string, rects: BarRect[]) => Promise<ControlInk[]>;
  }
}

// The story helper that checks a bar's controls for blank ones pictures the bar through this (Storybook's UI has none).
setControlInkProbe((bar, rects) => commands.controlInk(page.elementLocator(bar).selector, rects));

/**
 * The stories run on the package's stylesheets as an app's production build has them, never on the source
 * (builtStylesheets.ts, in .storybook/main.ts): each one this page loaded holds exactly the built text.
 */
beforeAll(() => {
  const built = inject('builtStylesheets');
  const loaded = [...document.querySelectorAll('style[data-vite-dev-id]')].filter((s) => s.getAttribute('data-vite-dev-id')! in built);
  // styles.css, or (the composed meeting) only the sheets of what the page renders.
  expect(loaded.length, 'a package stylesheet on the page').toBeGreaterThan(0);
  for (const style of loaded) expect(style.textContent, `${style.getAttribute('data-vite-dev-id')} as built`).toBe(built[style.getAttribute('data-vite-dev-id')!]);
});

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Chromium's CPU throttling (`Emulation.setCPUThrottlingRate`) on the page that runs the stories; 1 is none. */
    throttleCpu: (rate: number) => Promise<void>;
  }
}

/**
 * `VITE_CPU_THROTTLE=N npx vitest run --project storybook …` runs every story with the page's CPU N times slower, to
 * make a story that depends on timing fail every time rather than now and then.
 */
const THROTTLE = Number(import.meta.env.VITE_CPU_THROTTLE ?? 1);
if (THROTTLE > 1) {
  beforeEach(async () => {
    await commands.throttleCpu(THROTTLE);
    return () => commands.throttleCpu(1);
  });
}
