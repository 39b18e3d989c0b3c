/**
 * Generates the API reference from the TSDoc: one MDX page per export of the package's entry points, an overview,
 * and `reference.json` (error codes, CSS variables, data attributes) for the "Error codes" and "Styling" pages.
 * Writes into `stories/docs/generated/` (gitignored); npm runs it before `storybook`, `build-storybook` and
 * `test:stories`. Exits 1, listing them, when an export has no TSDoc summary or the reference data is incomplete.
 *
 * Usage: `npm run docs:api` (or `tsx scripts/api-docs.ts`).
 */
import ts from 'typescript';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dataAttributeMeanings } from './api-docs/dataAttributes.js';
import { errorFixes } from './api-docs/errorFixes.js';
import { createProgram, extractEntry, type EntryDoc } from './api-docs/extract.js';
import { cssVariables, dataAttributes, errorCodes } from './api-docs/reference.js';
import { unionCss } from './stylesheets.js';
import { migration } from '../stories/docs/migration.js';
import { docsId, fileOf, renderEntry, renderIndex, titleOf } from './api-docs/render.js';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'stories/docs/generated');

const ENTRIES = [
  { file: 'src/index.ts', module: '@roomkit/react' },
  { file: 'src/agent/index.ts', module: '@roomkit/react/agent' },
  { file: 'src/recording/index.ts', module: '@roomkit/react/recording' },
  { file: 'src/audio-room/index.ts', module: '@roomkit/react/audio-room' },
  { file: 'src/testing/index.ts', module: '@roomkit/react/testing' },
  { file: 'src/query/index.ts', module: '@roomkit/react/query' },
  { file: 'src/server/index.ts', module: '@roomkit/react/server' },
].filter((e) => existsSync(join(root, e.file)));

const errorFile = join(root, 'src/room/RoomKitError.ts');
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

// A name exported by several entries (the server entry re-exports RoomKitError…) links to its first page.
const links = new Map<string, string>();
for (const e of entries) if (!links.has(e.name)) links.set(e.name, `?path=/docs/${docsId(titleOf(e))}`);
// The stylesheet is the union of every feature's sheet (src/styles.css lists them), as the package ships it.
const css = cssVariables(join(root, 'src/styles.css'), problems, unionCss());
const reference = {
  errorCodes: errorCodes(program, errorFile, errorFixes, problems),
  cssVariables: css.variables,
  cssLayers: css.layers,
  dataAttributes: dataAttributes(program, root, css.css, dataAttributeMeanings, problems),
  /** Each export's API page, for links from the hand-written pages. */
  links: Object.fromEntries(links),
};

// The migration table must name every value export of the installed @livekit/components-react, and no other.
const lkDir = join(root, 'node_modules/@livekit/components-react/dist');
const lkProgram = ts.createProgram([join(lkDir, 'index.d.ts'), join(lkDir, 'krisp.d.ts')], { skipLibCheck: true, noEmit: true });
const lkChecker = lkProgram.getTypeChecker();
const lkExports = new Set(
  [join(lkDir, 'index.d.ts'), join(lkDir, 'krisp.d.ts')].flatMap((file) => {
    const moduleSymbol = lkChecker.getSymbolAtLocation(lkProgram.getSourceFile(file)!);
    return moduleSymbol
      ? lkChecker
          .getExportsOfModule(moduleSymbol)
          .filter((s) => (s.flags & ts.SymbolFlags.Alias ? lkChecker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value)
          .map((s) => s.name)
      : [];
  }),
);
for (const name of lkExports) if (!migration[name]) problems.push(`stories/docs/migration.ts lacks @livekit/components-react's ${name}`);
for (const name of Object.keys(migration)) {
  if (!lkExports.has(name)) problems.push(`stories/docs/migration.ts names ${name}, which @livekit/components-react does not export`);
  for (const ours of migration[name]?.ours?.split(/,\s*/) ?? []) {
    if (!links.has(ours)) problems.push(`stories/docs/migration.ts maps ${name} to ${ours}, which RoomKit does not export`);
  }
}
const mapped = [...lkExports].filter((n) => migration[n]?.ours).length;

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
    `${undocumentedMembers.length} members without TSDoc (not required); ` +
    `migration: ${mapped} of ${lkExports.size} @livekit/components-react exports have a RoomKit counterpart.`,
);
if (problems.length > 0) {
  console.error(`api-docs: ${problems.length} problem(s); every export needs a TSDoc summary:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
