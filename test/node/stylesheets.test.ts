// The shipped stylesheets' own rules, read as text: what no picture test would name as plainly.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOM_KIND_SHEETS, unionCss, unionSheets } from '../../scripts/stylesheets';

const root = resolve(import.meta.dirname, '../..');
const uncommented = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
/** styles.css as it ships (the union of the features' sheets, scripts/stylesheets.ts), each of its sheets, the room kinds'. */
const UNION = 'styles.css (the union)';
const SHEETS = [UNION, ...unionSheets(), ...ROOM_KIND_SHEETS];
const sheets = SHEETS.map((file) => ({ file, css: uncommented(file === UNION ? unionCss() : readFileSync(resolve(root, file), 'utf8')) }));
const main = sheets[0]!.css;

/** The theme colours: declared as `--_rk-x` defaults in styles.css, set by apps as `--rk-x`. */
const themed = [...new Set([...main.matchAll(/--_rk-([\w-]+)\s*:/g)].map((m) => m[1]!))];

test('styles.css declares each theme colour for light, for a dark system and for data-rk-theme="dark"', () => {
  expect(themed.length).toBeGreaterThan(10);
  for (const name of themed) expect([name, main.match(new RegExp(`--_rk-${name}\\s*:`, 'g'))?.length]).toEqual([name, 3]);
});

test('the dark defaults for a dark system and for data-rk-theme="dark" are the same values (CSS cannot share one block between a media query and a selector, so they are written twice)', () => {
  const values = (n: number) => new Map(themed.map((name) => [name, [...main.matchAll(new RegExp(`--_rk-${name}\\s*:\\s*([^;]+);`, 'g'))][n]?.[1]?.trim()]));
  const system = values(1);
  expect([...system.values()].every(Boolean)).toBe(true);
  expect(values(2)).toEqual(system);
  // and they are not the light ones
  expect(values(0)).not.toEqual(system);
});

test.each(SHEETS)('%s reads every theme colour as var(--rk-x, var(--_rk-x)): an app value first, the theme default otherwise', (file) => {
  const css = sheets.find((s) => s.file === file)!.css;
  const bare = themed.flatMap((name) => [...css.matchAll(new RegExp(`var\\(--rk-${name}\\)`, 'g'))].map((m) => m[0]));
  expect(bare).toEqual([]);
  const wrong = [...css.matchAll(/var\(--rk-([\w-]+),\s*var\(--_rk-([\w-]+)\)\)/g)].filter((m) => m[1] !== m[2]).map((m) => m[0]);
  expect(wrong).toEqual([]);
});

test.each(SHEETS)('%s has no light-dark(): bundlers lower it into helpers that resolve only where color-scheme is set', (file) => {
  expect(sheets.find((s) => s.file === file)!.css).not.toMatch(/light-dark\(/);
});

/*
 * Right to left needs nothing when every side is logical. Physical sides stay only where physics is meant: centring
 * (`left: 50%` with `translateX(-50%)`, the same in both directions) and the mirrored self-view (`scaleX(-1)`).
 */
test.each(SHEETS)('%s uses logical sides (inset-inline, margin-inline, border-inline, text-align: start)', (file) => {
  const css = sheets.find((s) => s.file === file)!.css;
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
  const physical: string[] = [];
  for (const [, selector, body = ''] of rules) {
    const centred = /transform:\s*translateX\(-50%\)/.test(body);
    for (const m of body.matchAll(/(?:^|;|\s)((?:margin|padding|border)-(?:left|right)[\w-]*|left|right|float|clear|text-align)\s*:\s*([^;]+)/g)) {
      const [, prop = '', value = ''] = m;
      if ((prop === 'text-align' || prop === 'float' || prop === 'clear') && !/\b(left|right)\b/.test(value)) continue;
      if (prop === 'left' && value.trim() === '50%' && centred) continue;
      physical.push(`${selector!.trim()} { ${prop}: ${value.trim()} }`);
    }
  }
  expect(physical).toEqual([]);
});

// Each feature's sheet holds the forced-colours rules of its own states; a sheet with no state shown by colour has none.
test.each([UNION, ...ROOM_KIND_SHEETS])('%s keeps its states visible in forced colours (a @media (forced-colors: active) block)', (file) => {
  expect(sheets.find((s) => s.file === file)!.css).toMatch(/@media \(forced-colors: active\)/);
});

test('every pressed or checked state in styles.css has a forced-colours rule', () => {
  const forced = main.slice(main.indexOf('@media (forced-colors: active)'));
  for (const state of ["[aria-pressed='true']", "[aria-checked='true']", '[data-speaking]']) {
    expect([state, main.includes(state)]).toEqual([state, true]);
    expect([state, forced.includes(state)]).toEqual([state, true]);
  }
});
