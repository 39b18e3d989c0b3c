import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { ROOM_KIND_SHEETS, UNION_SOURCE, unionSheets } from '../scripts/stylesheets.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * The package's stylesheets (`@roomkit/react/styles.css`, each of its sheets as `styles/<name>.css`, `agent.css`,
 * `audio-room.css`), by source path.
 */
export const PACKAGE_STYLESHEETS = [UNION_SOURCE, ...unionSheets(), ...ROOM_KIND_SHEETS].map((file) => resolve(root, file));

/**
 * `file` as an app's `vite build` ships it: an entry that imports the stylesheet, built with Vite's defaults (no
 * config file), so its CSS goes through the same pipeline (PostCSS, then lightningcss lowering for Vite's default
 * build targets and minifying). What this returns is what a user of the package gets, not the source: a colour that
 * only resolves in the source (defect 1: `light-dark()` lowered into variables that are invalid on `:root`) is
 * missing here too.
 */
export async function buildStylesheet(file: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'roomkit-css-'));
  try {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, `import ${JSON.stringify(file)};\n`);
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      build: { write: false, rollupOptions: { input: entry } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
    const css = outputs.filter((o) => o.type === 'asset' && o.fileName.endsWith('.css'));
    if (css.length !== 1) throw new Error(`building ${file} gave ${css.length} stylesheets, expected 1`);
    return String((css[0] as { source: string | Uint8Array }).source).trimEnd();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Storybook (dev, build and the story tests) loads the package's stylesheets as an app's production build has them
 * ({@link buildStylesheet}) instead of the source. Runs between Vite's CSS plugin and the one that injects the
 * stylesheet into the page, so the page's `<style>` holds the built text.
 */
export function builtStylesheets(): Plugin {
  return {
    name: 'roomkit:built-stylesheets',
    async transform(_code, id) {
      const [file, query = ''] = id.split('?');
      if (!PACKAGE_STYLESHEETS.includes(file!) || /(^|&)(raw|url)\b/.test(query)) return undefined;
      this.addWatchFile(file!);
      return { code: await buildStylesheet(file!), map: null };
    },
  };
}
