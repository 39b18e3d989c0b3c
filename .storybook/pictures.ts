/**
 * Pictures of the stories (visual regression), taken in the story tests after each story's play function and axe,
 * and compared with the reviewed baselines in `stories/__screenshots__/` (pictureMatch.ts, on the node side). Every
 * story: as rendered (light) and with every theme flipped to dark; stories with `pictures: { variants: 'all' }`
 * (the prefabs and the tile) also right to left and in forced colours. Each extra picture is of the story already
 * rendered, so a variant costs a screenshot, not a render.
 *
 * What could change between runs is held still: simulated cameras show one frame and voices are silent (the
 * `motion: still` global, vitest.config.ts), the room decorator's speakers stop after the first turn, animations,
 * transitions and the caret are off, the browser has DejaVu fonts only (.storybook/fonts.conf), the page's time zone
 * and locale are fixed (vitest.config.ts), and the clock starts at {@link STORY_CLOCK} in every story (chat times
 * read 09:30).
 *
 * Browser-side: imported by vitest.setup.ts only (it needs Vitest's browser API).
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import type { MatchResult } from './pictureMatch.ts';

/** A story's `parameters.pictures`. */
export interface PictureParameters {
  /** `all`: also right to left and in forced colours (the prefabs and the tile); default `themes`: light and dark. */
  variants?: 'themes' | 'all';
  /** No pictures of this story, and why (a live measurement, a picture that would depend on when it is taken). */
  skip?: string;
}

/** The options of Playwright's `page.emulateMedia` the pictures use (`null`: back to the browser's own). */
export interface EmulatedMedia {
  colorScheme?: 'light' | 'dark' | null;
  forcedColors?: 'active' | 'none' | null;
  reducedMotion?: 'reduce' | 'no-preference' | null;
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Playwright's `page.emulateMedia` on the page that runs the stories (vitest.config.ts). */
    emulateMedia: (media: EmulatedMedia) => Promise<void>;
    /** Pictures the element and compares it with its baseline (pictureMatch.ts). */
    matchPicture: (selector: string, name: string, stableMs: number) => Promise<MatchResult>;
  }
}

/** The time every story starts at: 2025-06-02 09:30:00 UTC (the page's time zone is UTC, vitest.config.ts). */
export const STORY_CLOCK = Date.UTC(2025, 5, 2, 9, 30);

/** How long a visible `<video>` may take to show its first frame before the picture fails. */
const FRAME_BOUND_MS = 10_000;
/** How long a picture that differs from its baseline may take to hold still (two pictures in a row that match). */
const STABLE_BOUND_MS = 10_000;

const STILL_CSS = '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }';

/*
 * The clock: `Date.now()` and `new Date()` read STORY_CLOCK at the start of each story and advance with real time
 * from there, so durations stay true and a time shown (a chat message's 09:30) is the same on every run as long as a
 * story takes less than a minute (its time limit).
 */
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let offset = 0;
const clockDate = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [realNow() + offset], newTarget) as object,
  apply: () => new RealDate(realNow() + offset).toString(),
});
clockDate.now = () => realNow() + offset;
globalThis.Date = clockDate;

/** The story's last focus (see holdFocus). */
let lastFocus: { element: HTMLElement; visible: boolean } | undefined;

beforeEach(() => {
  offset = STORY_CLOCK - realNow();
  lastFocus = undefined;
});

/*
 * The story's focus, held for its pictures. A focused control draws its ring only while the story's frame has the
 * page's focus, and the runner's page can take that focus away between the play function and the pictures: seen in
 * CI under load, the Listener story's Raise hand lost its ring (1046 pixels; here, `window.parent.focus()` after
 * its play function gives the same picture). Losing the frame's focus blurs the control, so what had focus cannot
 * be read afterwards: each focus the story gives is noted as it happens, with whether it showed its ring, and given
 * back before a picture. Focus the story moves or drops itself (the frame still focused) is left as it is.
 */
document.addEventListener(
  'focusin',
  (event) => {
    if (event.target instanceof HTMLElement) lastFocus = { element: event.target, visible: event.target.matches(':focus-visible') };
  },
  true,
);
// The frame losing focus blurs the control first (the frame still counts as focused then), then the window: a blur
// with no window blur in the same task is the story's own.
let blurred: typeof lastFocus;
document.addEventListener(
  'focusout',
  () => {
    blurred = lastFocus;
    lastFocus = undefined;
    queueMicrotask(() => (blurred = undefined));
  },
  true,
);
window.addEventListener('blur', (event) => {
  if (event.target === window && blurred) lastFocus = blurred;
});

function holdFocus(name: string) {
  if (document.hasFocus()) return;
  window.focus();
  if (lastFocus?.element.isConnected) lastFocus.element.focus({ focusVisible: lastFocus.visible, preventScroll: true });
  if (!document.hasFocus()) throw new Error(`${name}: the story's frame lost the page's focus and could not take it back`);
}

/** The element a story renders into: the parent of the preview's direction wrapper (preview.tsx). */
function storyRoot(): HTMLElement {
  const root = document.querySelector('[data-story-direction]')?.parentElement;
  if (!root) throw new Error('pictures: the story root (the parent of [data-story-direction]) is not in the page');
  return root;
}

/** Visible `<video>` elements with a live camera or screen share that show no frame yet. */
function videosWithoutFrame(root: HTMLElement): string[] {
  return [...root.querySelectorAll('video')]
    .filter((video) => video.checkVisibility())
    .filter((video) => {
      const stream = video.srcObject;
      const live = stream instanceof MediaStream && stream.getVideoTracks().some((t) => t.readyState === 'live' && t.enabled);
      return live && (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0);
    })
    .map((video) => video.closest('[aria-label]')?.getAttribute('aria-label') ?? video.getAttribute('aria-label') ?? 'a video');
}

async function picture(root: HTMLElement, name: string) {
  await expect
    .poll(() => videosWithoutFrame(root), { timeout: FRAME_BOUND_MS, message: `${name}: videos still without a first frame` })
    .toEqual([]);
  holdFocus(name);
  const result = await commands.matchPicture(page.elementLocator(root).selector, name, STABLE_BOUND_MS);
  if (!result.pass) throw new Error(`${name}: ${result.message}`);
}

/** Sets `name` to `value` on each element for the time of `take`, then puts back what was there. */
async function withAttribute(elements: Element[], name: string, value: string, take: () => Promise<void>) {
  const before = elements.map((el) => el.getAttribute(name));
  elements.forEach((el) => el.setAttribute(name, value));
  try {
    await take();
  } finally {
    elements.forEach((el, i) => (before[i] === null ? el.removeAttribute(name) : el.setAttribute(name, before[i]!)));
  }
}

async function withMedia(media: EmulatedMedia, take: () => Promise<void>) {
  await commands.emulateMedia(media);
  try {
    await take();
  } finally {
    await commands.emulateMedia(Object.fromEntries(Object.keys(media).map((key) => [key, null])));
  }
}

afterEach(async (context) => {
  const story = (context as { story?: { id: string; parameters: { pictures?: PictureParameters }; globals: { theme?: string; direction?: string } } }).story;
  // A story that failed has said what is wrong; its pictures would only repeat it.
  if (!story || context.task.result?.errors?.length) return;
  const options = story.parameters.pictures ?? {};
  if (options.skip !== undefined) {
    if (!options.skip.trim()) throw new Error(`${story.id}: pictures.skip needs the reason there are no pictures`);
    return;
  }
  const root = storyRoot();
  // Reactions leave on a timer nothing can hold (4 s; the rate limit 5 s): a picture with one in it differs by when
  // it was taken. (Toasts can stay: a story that shows them passes `notifications={{ duration: null }}`.)
  const timed = root.querySelector('.rk-reaction, .rk-reactions[data-limited]');
  if (timed) throw new Error(`${story.id}: its picture would show ${timed.className}, which leaves on a timer; skip its pictures with the reason`);
  const still = document.head.appendChild(document.createElement('style'));
  still.textContent = STILL_CSS;
  try {
    await document.fonts.ready;
    const theme = story.globals.theme === 'dark' ? 'dark' : 'light';
    await picture(root, `${story.id}-${theme}`);
    const themed = [...root.querySelectorAll('[data-rk-theme]')];
    if (theme === 'light') {
      await withMedia({ colorScheme: 'dark' }, () => withAttribute(themed, 'data-rk-theme', 'dark', () => picture(root, `${story.id}-dark`)));
    }
    if (options.variants === 'all') {
      if (story.globals.direction !== 'rtl') await withAttribute([root], 'dir', 'rtl', () => picture(root, `${story.id}-rtl`));
      // Forced colours force caret-color too (to a system colour), so a focused text field's caret blinks in the
      // picture whatever STILL_CSS says: the field is read-only for that picture (Chromium draws no caret then).
      const field = document.activeElement;
      const typing = (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && !field.readOnly ? [field] : [];
      await withMedia({ forcedColors: 'active' }, () =>
        withAttribute(typing, 'readonly', '', () => picture(root, `${story.id}-forced-colors`)),
      );
    }
  } finally {
    still.remove();
  }
});
