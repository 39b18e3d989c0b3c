import { beforeAll, expect, inject } from 'vitest';
import './pictures.ts';

/**
 * The stories run on the package's stylesheets as an app's production build has them, never on the source
 * (builtStylesheets.ts, in .storybook/main.ts): each one this page loaded holds exactly the built text.
 */
beforeAll(() => {
  const built = inject('builtStylesheets');
  const loaded = [...document.querySelectorAll('style[data-vite-dev-id]')].filter((s) => s.getAttribute('data-vite-dev-id')! in built);
  expect(loaded.map((s) => s.getAttribute('data-vite-dev-id'))).toContain(Object.keys(built)[0]);
  for (const style of loaded) expect(style.textContent, `${style.getAttribute('data-vite-dev-id')} as built`).toBe(built[style.getAttribute('data-vite-dev-id')!]);
});
