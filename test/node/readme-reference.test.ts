import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

// The README's reference tables list everything the source defines, so a new error code or CSS variable
// cannot ship undocumented.
const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
/** The first cells of the README's table rows: `| \`name\` | …`. */
const tableNames = new Set([...readme.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));

test('every RoomKitErrorCode has a row in the error-code tables', () => {
  const path = join(root, 'src/room/RoomKitError.ts');
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const alias = file.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'RoomKitErrorCode');
  const members = alias && ts.isUnionTypeNode(alias.type) ? alias.type.types : [];
  const codes = members.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : []));
  expect(codes.length).toBeGreaterThan(15);
  expect(codes.filter((code) => !tableNames.has(code!))).toEqual([]);
});

test('every CSS variable of styles.css has a row in the styling table', () => {
  const css = readFileSync(join(root, 'src/styles.css'), 'utf8');
  const variables = [...new Set([...css.matchAll(/^\s*(--rk-[a-z-]+)\s*:/gm)].map((m) => m[1]))];
  expect(variables.length).toBeGreaterThan(10);
  expect(variables.filter((name) => !tableNames.has(name!))).toEqual([]);
});
