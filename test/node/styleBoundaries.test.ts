// The stylesheets' boundaries, as dependency-cruiser checks the imports: a feature's sheet styles its own classes, the
// base classes and those of the folders its folder may import. The prefixes are the table in Docs/Architecture.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import postcss from 'postcss';
import { ROOM_KIND_SHEETS, unionSheets } from '../../scripts/stylesheets';

const root = resolve(import.meta.dirname, '../..');
const BASE = 'base';

/** Folder (or `base`) → the class names it owns: its prefix and its older names. */
function prefixTable(): Map<string, string[]> {
  const mdx = readFileSync(resolve(root, 'stories/docs/Architecture.mdx'), 'utf8');
  const start = mdx.indexOf('{/* CLASS PREFIXES START');
  const end = mdx.indexOf('{/* CLASS PREFIXES END */}');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  const table = new Map<string, string[]>();
  for (const line of mdx.slice(start, end).split('\n')) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    if (cells.length !== 3 || cells[0] === 'Folder' || cells[0]!.startsWith('---')) continue;
    const folder = cells[0]!.startsWith('base') ? BASE : /^`([\w-]+)\/`$/.exec(cells[0]!)?.[1];
    expect([line, folder]).toEqual([line, expect.any(String)]);
    const names = [...`${cells[1]} ${cells[2]}`.matchAll(/`(rk-[\w-]+)`/g)].map((m) => m[1]!);
    table.set(folder!, names);
  }
  return table;
}

/** Which folders each folder may import (`ALLOWED` in .dependency-cruiser.cjs). */
function allowedFolders(): Record<string, string[]> {
  const rules = readFileSync(resolve(root, '.dependency-cruiser.cjs'), 'utf8');
  const features = /const FEATURES = (\[[^\]]*\]);/.exec(rules)?.[1];
  const allowed = /const ALLOWED = (\{[\s\S]*?\n\});/.exec(rules)?.[1];
  if (!features || !allowed) throw new Error('FEATURES or ALLOWED not found in .dependency-cruiser.cjs');
  // The rules file's own literal, evaluated as its config evaluates it.
  return new Function('FEATURES', `return ${allowed};`)(JSON.parse(features.replace(/'/g, '"'))) as Record<string, string[]>;
}

/** The class's folder: the row with the longest name the class starts with. */
function ownerOf(table: Map<string, string[]>, cls: string): string | undefined {
  let owner: string | undefined;
  let length = 0;
  for (const [folder, names] of table) {
    for (const name of names) {
      if (cls.startsWith(name) && name.length > length) [owner, length] = [folder, name.length];
    }
  }
  return owner;
}

/**
 * The folder a sheet belongs to: `src/chat/chat.css` is chat's; a sheet of the foundation or the shared parts
 * (`src/ui/base.css`, `src/ui/toolbar.css`, `src/media/effects/effects.css`) is a base sheet.
 */
const folderOf = (file: string) => (/^src\/(ui|room|media)\//.test(file) ? BASE : file.split('/')[1]!);

/** Every problem of one sheet's selectors: a class of a folder it may not use, or of no folder. */
export function boundaryProblems(file: string, css: string, table = prefixTable(), allowed = allowedFolders()): string[] {
  const folder = folderOf(file);
  const problems: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    for (const selector of rule.selectors) {
      for (const [, cls] of selector.matchAll(/\.(rk-[\w-]+)/g)) {
        const owner = ownerOf(table, cls!);
        if (owner === undefined) problems.push(`${file}: ${selector} names .${cls}, which matches no prefix of Docs/Architecture: give it its folder's`);
        else if (owner !== folder && owner !== BASE && !(allowed[folder] ?? []).includes(owner)) {
          problems.push(`${file}: ${selector} names .${cls}, a class of ${owner}/, which ${folder === BASE ? 'the base sheet' : `${folder}/`} may not use`);
        }
      }
    }
  });
  return problems;
}

const SHEETS = [...unionSheets(), ...ROOM_KIND_SHEETS];

test('every sheet belongs to a folder with a row in the prefix table, and no two rows own the same name', () => {
  const table = prefixTable();
  expect(SHEETS.map(folderOf).filter((folder) => !table.has(folder))).toEqual([]);
  const names = [...table.values()].flat();
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  // a folder's prefix is its own: no other row's name starts with it unless that row's name is longer (a nested owner)
  expect(table.size).toBeGreaterThan(10);
});

test.each(SHEETS)("%s names only its folder's classes, the base classes and those of the folders it may import", (file) => {
  expect(boundaryProblems(file, readFileSync(resolve(root, file), 'utf8'))).toEqual([]);
});

test("a selector naming another feature's class is refused, one of an allowed folder is not", () => {
  expect(boundaryProblems('src/hands/hands.css', '@layer roomkit { .rk-chat-log .rk-hand-badge { color: red } }')).toEqual([
    'src/hands/hands.css: .rk-chat-log .rk-hand-badge names .rk-chat-log, a class of chat/, which hands/ may not use',
  ]);
  expect(boundaryProblems('src/ui/base.css', '.rk-button .rk-tile { color: red }')).toEqual([
    'src/ui/base.css: .rk-button .rk-tile names .rk-tile, a class of tile/, which the base sheet may not use',
  ]);
  expect(boundaryProblems('src/chat/chat.css', '.rk-chat .rk-mystery { color: red }')).toEqual([
    "src/chat/chat.css: .rk-chat .rk-mystery names .rk-mystery, which matches no prefix of Docs/Architecture: give it its folder's",
  ]);
  expect(boundaryProblems('src/layouts/layouts.css', '.rk-grid-cell > .rk-tile, .rk-grid .rk-button { flex: 1 }')).toEqual([]);
});
