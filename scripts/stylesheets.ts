/**
 * The package's stylesheets, as it ships them. Each feature's rules live in its folder (`src/chat/chat.css`, …, the
 * base sheet in `src/ui/base.css`); `src/styles.css` lists them, in order, as `@import`s. The build writes
 *
 * - `dist/styles.css`: the union, every sheet of `src/styles.css` in its order, one self-contained file (an app's
 *   bundler, PostCSS or a plain `<link>` reads it without resolving imports);
 * - `dist/styles/<name>.css`: each of those sheets alone (`@roomkit/react/styles/chat.css`), its rules without
 *   their comments (`sheetCss`): the union carries the same rules with every comment, and a second commented copy of
 *   every rule was 3 kB of the packed tarball's 300 (issue 53);
 * - `dist/audio-room.css`, `dist/agent.css`: the room kinds' own sheets, as before.
 *
 * `tsx scripts/stylesheets.ts [outDir]` writes them (the `build` script; `outDir` defaults to `dist`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The union's source: a list of `@import`s. */
export const UNION_SOURCE = 'src/styles.css';

/** The room kinds' sheets, shipped beside the union under their own names. */
export const ROOM_KIND_SHEETS = ['src/audio-room/audio-room.css', 'src/agent/agent.css'];

/** The sheets of `@roomkit/react/styles.css`, in its order (paths from the repository's root). */
export function unionSheets(): string[] {
  const source = readFileSync(resolve(root, UNION_SOURCE), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const imports = [...source.matchAll(/@import\s+'([^']+)';/g)].map((m) => relative(root, resolve(root, dirname(UNION_SOURCE), m[1]!)));
  const rest = source.replace(/@import\s+'[^']+';/g, '').trim();
  if (rest) throw new Error(`${UNION_SOURCE} holds only @import lines; found: ${rest.slice(0, 80)}`);
  return imports;
}

/** A sheet's public name: `src/chat/chat.css` is `chat`, exported as `@roomkit/react/styles/chat.css`. */
export function sheetName(file: string): string {
  return basename(file, '.css');
}

const HEADER = `/*
 * RoomKit default styles (@roomkit/react/styles.css). Optional: every component works without this file.
 * The union of the sheets exported as @roomkit/react/styles/<name>.css, in this order: {sheets}.
 * Scoped: every rule sits in the \`roomkit\` cascade layer and selects only \`rk-\` classes, so it never styles
 * the host app, and any unlayered rule of the app wins over it.
 */
`;

/**
 * A sheet's rules: what its one `@layer roomkit { … }` block holds. A sheet is its header comment and that block,
 * nothing else (the union relies on it).
 */
export function layerBody(file: string): string {
  const css = readFileSync(resolve(root, file), 'utf8');
  const m = /^\s*(?:\/\*[\s\S]*?\*\/\s*)?@layer roomkit \{\n([\s\S]*)\n\}\s*$/.exec(css);
  if (!m) throw new Error(`${file} is not one comment and one @layer roomkit { … } block`);
  return m[1]!;
}

/**
 * `@roomkit/react/styles.css` as the package ships it: every sheet's rules, in order, in one `@layer roomkit` block
 * (the same cascade as the sheets one after another, without repeating the block's opening in each).
 */
export function unionCss(): string {
  const sheets = unionSheets();
  const bodies = sheets.map((file) => `  /* ${sheetName(file)}.css */\n${layerBody(file)}`);
  return `${HEADER.replace('{sheets}', sheets.map(sheetName).join(', '))}@layer roomkit {\n${bodies.join('\n\n')}\n}\n`;
}

/**
 * A sheet as `dist/styles/<name>.css` ships it: a header naming it, then its `@layer roomkit` block with the comments
 * left out (the same rules, in the same order; whitespace-only lines dropped). `styles.css` keeps the comments.
 */
export function sheetCss(file: string): string {
  const rules = layerBody(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
  return `/* @roomkit/react/styles/${sheetName(file)}.css: RoomKit's ${sheetName(file)} sheet. Its comments are in @roomkit/react/styles.css. */\n@layer roomkit {\n${rules}\n}\n`;
}

/** Writes the stylesheets into `outDir`. */
export function writeStylesheets(outDir: string): void {
  mkdirSync(join(outDir, 'styles'), { recursive: true });
  writeFileSync(join(outDir, 'styles.css'), unionCss());
  for (const file of unionSheets()) writeFileSync(join(outDir, 'styles', `${sheetName(file)}.css`), sheetCss(file));
  for (const file of ROOM_KIND_SHEETS) writeFileSync(join(outDir, basename(file)), readFileSync(resolve(root, file)));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeStylesheets(resolve(root, process.argv[2] ?? 'dist'));
}
