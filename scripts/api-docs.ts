/**
 * Generates the API reference from the TSDoc: one MDX page per export of the package's entry points, an overview,
 * and `reference.json` (error codes, CSS variables, data attributes) for the "Error codes" and "Styling" pages.
 * Writes into `stories/docs/generated/` (gitignored); npm runs it before `storybook`, `build-storybook` and
 * `test:stories`. Exits 1, listing them, when an export has no TSDoc summary or the reference data is incomplete.
 *
 * Usage: `npm run docs:api` (or `tsx scripts/api-docs.ts`).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dataAttributeMeanings } from './api-docs/dataAttributes.js';
import { errorFixes } from './api-docs/errorFixes.js';
import { createProgram, extractEntry, type EntryDoc } from './api-docs/extract.js';
import { cssVariables, dataAttributes, errorCodes } from './api-docs/reference.js';
import { docsId, fileOf, renderEntry, renderIndex, titleOf } from './api-docs/render.js';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'stories/docs/generated');

const ENTRIES = [
  { file: 'src/index.ts', module: '@roomkit/react' },
  { file: 'src/testing/index.ts', module: '@roomkit/react/testing' },
  { file: 'src/server/index.ts', module: '@roomkit/react/server' },
].filter((e) => existsSync(join(root, e.file)));

const errorFile = join(root, 'src/core/RoomKitError.ts');
const program = createProgram(
  root,
  [...ENTRIES.map((e) => join(root, e.file)), errorFile].filter(
    (f) => f.endsWith('.ts'),
  ),
);

const entries: EntryDoc[] = ENTRIES.flatMap((e) => extractEntry(program, join(root, e.file), e.module, root));
const problems: string[] = [];
for (const e of entries) {
  if (!e.summary) problems.push(`${e.module}: ${e.name} (${e.file}) has no TSDoc summary`);
}
const undocumentedMembers = entries.flatMap((e) =>
  e.kind === 'interface' || e.kind === 'type' || e.kind === 'class' ? e.members.filter((m) => !m.summary).map((m) => `${e.name}.${m.name}`) : [],
);

const links = new Map(entries.map((e) => [e.name, `?path=/docs/${docsId(titleOf(e))}`]));
const css = cssVariables(join(root, 'src/styles/styles.css'), problems);
const reference = {
  errorCodes: errorCodes(program, errorFile, errorFixes, problems),
  cssVariables: css.variables,
  cssLayers: css.layers,
  dataAttributes: dataAttributes(program, root, css.css, dataAttributeMeanings, problems),
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let bytes = 0;
const write = (name: string, text: string) => {
  writeFileSync(join(out, name), text);
  bytes += Buffer.byteLength(text);
};
for (const e of entries) write(fileOf(e), renderEntry(e, links));
write('Overview.mdx', renderIndex(entries, links));
write('reference.json', `${JSON.stringify(reference, null, 2)}\n`);

console.log(
  `api-docs: ${entries.length} exports from ${ENTRIES.map((e) => e.module).join(', ')}; ` +
    `${entries.length + 2} files, ${(bytes / 1024).toFixed(1)} kB in ${join('stories/docs/generated')}; ` +
    `${reference.errorCodes.length} error codes, ${reference.cssVariables.length} CSS variables, ${reference.dataAttributes.length} data attributes; ` +
    `${undocumentedMembers.length} members without TSDoc (not required).`,
);
if (problems.length > 0) {
  console.error(`api-docs: ${problems.length} problem(s); every export needs a TSDoc summary:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
