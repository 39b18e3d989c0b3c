/**
 * The stories (and their pictures) run on the package's stylesheets as an app's production build has them
 * (.storybook/builtStylesheets.ts): defect 1, `light-dark()` lowered by Vite's build into variables that are invalid
 * on `:root`, showed only there, never in the source the stories used to load. These pin that the build is Vite's own
 * (lowering for its default targets, then minifying) and that Storybook's Vite config applies it to every package
 * stylesheet. The story tests check the page side (.storybook/vitest.setup.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../../.storybook/main.ts';
import { PACKAGE_STYLESHEETS, buildStylesheet } from '../../.storybook/builtStylesheets.ts';
import { unionSheets } from '../../scripts/stylesheets.ts';

const dir = mkdtempSync(join(tmpdir(), 'roomkit-css-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the package stylesheets as built', () => {
  it('lower what Vite’s default build targets lack and are minified, as an app’s vite build has them', async () => {
    const fixture = join(dir, 'fixture.css');
    writeFileSync(fixture, ':root {\n  /* a comment */\n  --rk-bg: light-dark(#ffffff, #121417);\n}\n.rk-button { inset-inline-start: 0; }\n');
    const built = await buildStylesheet(fixture);
    // Chrome 111, Safari 16.4 (Vite 8's defaults) lack light-dark(): lightningcss lowers it into its variables.
    expect(built).toContain('--lightningcss-light');
    expect(built).not.toContain('light-dark(');
    expect(built).not.toMatch(/\n|a comment/);
  });

  it('are what Storybook loads: its Vite config replaces each package stylesheet with the built one', async () => {
    const vite = await config.viteFinal!({}, {} as never);
    const plugin = (vite.plugins ?? []).flat().find((p): p is Plugin => !!p && typeof p === 'object' && 'name' in p && p.name === 'roomkit:built-stylesheets');
    expect(plugin, 'roomkit:built-stylesheets in .storybook/main.ts').toBeDefined();
    const transform = plugin!.transform as (code: string, id: string) => Promise<{ code: string } | undefined>;
    // styles.css, each of its sheets (styles/<name>.css), audio-room.css and agent.css
    expect(PACKAGE_STYLESHEETS).toHaveLength(unionSheets().length + 3);
    for (const file of PACKAGE_STYLESHEETS) {
      const source = readFileSync(file, 'utf8');
      const result = await transform.call({ addWatchFile: () => {} }, source, file);
      expect(result?.code, file).toBe(await buildStylesheet(file));
      expect(result?.code, file).not.toBe(source);
    }
    await expect(transform.call({ addWatchFile: () => {} }, 'a{}', join(dir, 'other.css'))).resolves.toBeUndefined();
  });
});
