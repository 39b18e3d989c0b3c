import { expect, userEvent } from 'storybook/test';

/**
 * Phone viewports. Storybook's viewport toolbar offers them; in the story tests, @storybook/addon-vitest sizes the
 * browser's viewport from the story's `globals.viewport` (it reads `parameters.viewport.options`).
 */
export const phoneViewports = {
  options: {
    phonePortrait: { name: 'Phone portrait (375×667)', styles: { width: '375px', height: '667px' }, type: 'mobile' },
    phoneLandscape: { name: 'Phone landscape (667×375)', styles: { width: '667px', height: '375px' }, type: 'mobile' },
    reflow320: { name: 'Reflow, WCAG 1.4.10 (320×640)', styles: { width: '320px', height: '640px' }, type: 'mobile' },
  },
} as const;

/** A phone upright or on its side, or `narrow`: 320 CSS px wide, where WCAG 1.4.10 (reflow) allows no sideways scroll. */
export type Orientation = 'portrait' | 'landscape' | 'narrow';
const VIEWPORTS = { portrait: 'phonePortrait', landscape: 'phoneLandscape', narrow: 'reflow320' } as const;
export const viewportGlobals = (orientation: Orientation) => ({
  viewport: { value: VIEWPORTS[orientation], isRotated: false },
});
const SIZES = { portrait: [375, 667], landscape: [667, 375], narrow: [320, 640] } as const;

const CONTROLS = 'button, select, input, textarea';
const describe = (el: Element) =>
  `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? ` "${el.getAttribute('aria-label')}"` : ''}${el.textContent ? ` "${el.textContent.trim().slice(0, 40)}"` : ''}${el.className ? `.${String(el.className).replace(/ /g, '.')}` : ''}`;

/** Whether an ancestor below `root` clips `el` horizontally (a scroller): then the ancestor is what must fit. */
function clipped(el: Element, root: Element) {
  for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
    if (getComputedStyle(a).overflowX !== 'visible') return true;
  }
  return false;
}

/**
 * Asserts what the small-screen stories promise, in the real browser at a phone's viewport:
 * - the viewport is the phone's (the test really runs at that size);
 * - nothing overflows horizontally: the page does not scroll sideways and no element of `root` (outside a scroller
 *   that clips it) reaches past the viewport's left or right edge;
 * - every control in `scopes` (buttons, selects, inputs) lies within the viewport, is at least 44×44 px, is not
 *   covered (the element at its centre is itself or inside it), and is reached by Tab.
 */
export async function expectUsableOnSmallScreen(root: HTMLElement, orientation: Orientation, scopes: readonly string[]) {
  const [width, height] = SIZES[orientation];
  await expect([window.innerWidth, window.innerHeight]).toEqual([width, height]);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  const overflowing = Array.from(root.querySelectorAll('*'))
    .filter((el) => !clipped(el, root))
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
    })
    .map(describe);
  await expect(overflowing).toEqual([]);

  const controls = scopes.flatMap((scope) => Array.from(root.querySelectorAll<HTMLElement>(`${scope} :is(${CONTROLS})`)));
  await expect(controls.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    const name = describe(control);
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5) {
      problems.push(`${name} is outside the viewport (${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)})`);
    }
    if (box.width < 44 || box.height < 44) problems.push(`${name} is ${Math.round(box.width)}×${Math.round(box.height)}, under 44×44`);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !control.contains(hit)) problems.push(`${name} is covered by ${hit ? describe(hit) : 'nothing'}`);
  }
  await expect(problems).toEqual([]);

  // Tab from the start of the page through every control (disabled ones are skipped by design).
  await new Promise(requestAnimationFrame);
  (document.activeElement as HTMLElement | null)?.blur();
  const reached = new Set<Element>();
  let passedBody = false;
  for (let i = 0; i < 200; i++) {
    await userEvent.tab();
    const active = document.activeElement;
    if (!active || reached.has(active) || (active === document.body && passedBody)) break;
    if (active === document.body) passedBody = true;
    reached.add(active);
  }
  // The controls there are now: under load the bar may refold after the checks above, once content that appears
  // after mount (the picture-in-picture toggle, shown once the browser's support is read) has widened it; a
  // control it folded away is in the More menu, reached through the More button.
  const present = scopes.flatMap((scope) => Array.from(root.querySelectorAll<HTMLElement>(`${scope} :is(${CONTROLS})`)));
  await expect(present.length).toBeGreaterThan(0);
  const unreached = present.filter((c) => !(c as HTMLButtonElement).disabled && !reached.has(c)).map(describe);
  await expect(unreached).toEqual([]);
}
