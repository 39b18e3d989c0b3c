/**
 * Reads, in Chromium, what the states page (vite-app/States.tsx, served by a Vite or a Next.js build) shows: the
 * computed styles of each element of expectedColours.ts's table, in one of its theme modes. Shared by
 * pipelines.test.ts and ../nextjs-app/nextjs.test.ts.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { EXPECTATIONS, expectedFor, THEME_MODES, type Property, type StateElement, type ThemeMode } from './expectedColours';

/** The bound of every wait here: the page loading, an element appearing, transitions ending. */
export const BOUND_MS = 15_000;

/** Each `rgb()`/`rgba()` of a computed value as #rrggbb (#rrggbbaa when not opaque), so it reads against the table. */
export function hexColours(value: string): string {
  return value.replace(/rgba?\(([^)]*)\)/g, (whole, args: string) => {
    const [r, g, b, a] = args.split(/[\s,/]+/).filter(Boolean).map(Number);
    if ([r, g, b].some((n) => n === undefined || !Number.isInteger(n))) return whole;
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    return `#${hex(r!)}${hex(g!)}${hex(b!)}${a === undefined || a === 1 ? '' : hex(Math.round(a * 255))}`;
  });
}

/**
 * The declarations of a built stylesheet that read a light-dark() fallback's helper variables: lightningcss's
 * `var(--lightningcss-light, A) var(--lightningcss-dark, B)` or postcss-preset-env's `--csstools-light-dark-*`. Those
 * helpers are defined only where the stylesheet sets `color-scheme`, so such a value on `:root` is two colours in a
 * row there, invalid wherever it is used (issue 37). A built stylesheet should have none.
 */
export function helperReliance(css: string): string[] {
  return [...css.matchAll(/[^{};]*var\(\s*--(?:lightningcss-(?:light|dark)|csstools-)[^;}]*/g)].map((m) => m[0].trim());
}

function locate(page: Page, { scope, role, name }: StateElement): Locator {
  return page.locator(scope).getByRole(role, { name, exact: true });
}

/**
 * Opens the states page at `url` in a context of its own, and waits until both rooms show (Grace speaking). With
 * `stylesheet`, every stylesheet the page requests is answered with it instead: the same app, another pipeline's
 * CSS. Then focuses, by keyboard, the element the table reads focused (Tab until it has focus, at most 40 times).
 */
export async function openStatesPage(browser: Browser, url: string, stylesheet?: string): Promise<Page> {
  const context = await browser.newContext({ colorScheme: 'light' });
  context.setDefaultTimeout(BOUND_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  let replaced = 0;
  if (stylesheet !== undefined) {
    await page.route(
      (target) => target.pathname.endsWith('.css'),
      (route) => {
        replaced++;
        return route.fulfill({ status: 200, contentType: 'text/css', body: stylesheet });
      },
    );
  }
  await page.goto(url);
  if (stylesheet !== undefined && replaced === 0) throw new Error(`${url} requested no stylesheet to replace.`);
  await page.locator('.rk-conference .rk-tile[data-speaking]').waitFor();
  for (const { element } of Object.values(EXPECTATIONS)) await locate(page, element).waitFor();
  const focused = Object.values(EXPECTATIONS).find((e) => e.focused);
  if (focused) {
    const target = locate(page, focused.element);
    for (let presses = 0; !(await target.evaluate((el) => el === document.activeElement)); presses++) {
      if (presses === 40) throw new Error(`40 presses of Tab did not reach ${focused.element.name}.`);
      await page.keyboard.press('Tab');
    }
  }
  if (problems.length > 0) throw new Error(`the states page threw: ${problems.join('; ')}`);
  return page;
}

/** The states the table assumes, as the page has them (asserted before the colours, so neither can hide the other). */
export async function pageStates(page: Page): Promise<Record<string, string | boolean | null>> {
  const pressed = (scope: StateElement['scope'], name: string) => locate(page, { scope, role: 'button', name }).getAttribute('aria-pressed');
  const test = locate(page, { scope: '.rk-prejoin', role: 'button', name: 'Test connection' });
  return {
    'PreJoin Microphone aria-pressed': await pressed('.rk-prejoin', 'Microphone'),
    'meeting bar Microphone aria-pressed': await pressed('.rk-conference', 'Microphone'),
    'meeting bar Camera aria-pressed': await pressed('.rk-conference', 'Camera'),
    'Test connection matches :focus-visible': await test.evaluate((el) => el.matches(':focus-visible')),
    'speaking tiles': (await page.locator('.rk-conference .rk-tile[data-speaking]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')).join(', '))) || null,
  };
}

/** The states page's expected states (see pageStates). */
export const EXPECTED_STATES = {
  'PreJoin Microphone aria-pressed': 'true',
  'meeting bar Microphone aria-pressed': 'true',
  'meeting bar Camera aria-pressed': 'false',
  'Test connection matches :focus-visible': true,
  'speaking tiles': 'Grace',
};

/**
 * Puts the page in `mode` (the system preference, and `data-rk-theme` on the element around the prefabs) and reads
 * every element of the table once the transitions the change started have ended (a tile's outline colour eases).
 */
export async function seenIn(page: Page, mode: ThemeMode): Promise<Record<string, Partial<Record<Property, string>>>> {
  await page.emulateMedia({ colorScheme: mode.system });
  await page.evaluate((theme) => {
    const around = document.getElementById('rk-states')!;
    if (theme) around.setAttribute('data-rk-theme', theme);
    else around.removeAttribute('data-rk-theme');
  }, mode.theme ?? null);
  // getAnimations() applies pending style changes first, so a transition the change starts is listed.
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition), undefined, { timeout: BOUND_MS });
  const seen: Record<string, Partial<Record<Property, string>>> = {};
  for (const [name, { element, ring, shows }] of Object.entries(EXPECTATIONS)) {
    const properties = Object.keys(shows) as Property[];
    const values = await locate(page, element).evaluate(
      (el, [names, layered]) => {
        let style = getComputedStyle(el);
        const after = getComputedStyle(el, '::after');
        if (layered && style.outlineStyle === 'none' && after.content !== 'none') style = after;
        return names.map((n) => style[n]);
      },
      [properties, ring === true] as const,
    );
    seen[name] = Object.fromEntries(properties.map((p, i) => [p, hexColours(values[i]!)]));
  }
  return seen;
}

/**
 * The colour tests of one pipeline, registered in the calling `describe`: its stylesheet (which must contain
 * `marker`, so the check reads the real file) relies on no light-dark helper, the page is in the states the table
 * reads, and each theme mode shows the documented colours. `get` is read when the tests run (after `beforeAll`).
 */
export function colourTests(get: () => { page: Page; css: string }, marker: string): void {
  test('no value in the stylesheet reads light-dark helper variables', () => {
    expect(get().css).toContain(marker);
    expect(helperReliance(get().css)).toEqual([]);
  });

  test('the page is in the states the table reads', async () => {
    expect(await pageStates(get().page)).toEqual(EXPECTED_STATES);
  });

  for (const mode of THEME_MODES) {
    test(`${mode.name}: the documented ${mode.sees} colours`, async () => {
      expect(await seenIn(get().page, mode)).toEqual(expectedFor(mode.sees));
    });
  }
}
