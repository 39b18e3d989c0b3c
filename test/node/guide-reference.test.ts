import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { errorFixes } from '../../scripts/api-docs/errorFixes';
import { createProgram } from '../../scripts/api-docs/extract';
import { cssVariables, errorCodes } from '../../scripts/api-docs/reference';
import { unionCss } from '../../scripts/stylesheets';

// The guides' reference tables list everything the source defines, so a new error code or CSS variable cannot
// ship undocumented. The tables of "Error codes" (stories/docs/ErrorCodes.mdx) and "Styling" (Styling.mdx) are
// rendered from the data `npm run docs:api` generates; these tests read the sources on their own and check that
// each page renders its table and that the table's data has a documented row for every name.
const root = resolve(import.meta.dirname, '../..');
const page = (name: string) => readFileSync(join(root, 'stories/docs', name), 'utf8');
const REFERENCE_IMPORT = "import reference from './generated/reference.json';";

test('every RoomKitErrorCode has a row in the error-code table, with its cause and fix', () => {
  const mdx = page('ErrorCodes.mdx');
  expect(mdx).toContain(REFERENCE_IMPORT);
  expect(mdx).toMatch(/^<ErrorCodeTable reference=\{reference\} \/>$/m);

  const path = join(root, 'src/room/RoomKitError.ts');
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const alias = file.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'RoomKitErrorCode');
  const members = alias && ts.isUnionTypeNode(alias.type) ? alias.type.types : [];
  const codes = members.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : []));
  expect(codes.length).toBeGreaterThan(15);

  const problems: string[] = [];
  const rows = errorCodes(createProgram(root, [path]), path, errorFixes, problems);
  expect(problems).toEqual([]);
  const documented = new Set(rows.filter((r) => r.cause && r.fix).map((r) => r.code));
  expect(codes.filter((code) => !documented.has(code))).toEqual([]);
});

test('every CSS variable of styles.css has a row in the styling table, with its meaning', () => {
  const mdx = page('Styling.mdx');
  expect(mdx).toContain(REFERENCE_IMPORT);
  expect(mdx).toMatch(/^<CssVariableTable reference=\{reference\} \/>$/m);

  // styles.css is the union of the features' sheets (scripts/stylesheets.ts), as the package ships it.
  const path = join(root, 'src/styles.css');
  const css = unionCss();
  // A theme colour is declared as its default, `--_rk-x`, and set by apps as `--rk-x`: the table documents `--rk-x`.
  const variables = [...new Set([...css.matchAll(/^\s*--_?(rk-[a-z-]+)\s*:/gm)].map((m) => `--${m[1]}`))];
  expect(variables.length).toBeGreaterThan(10);

  const problems: string[] = [];
  const rows = cssVariables(path, problems, css).variables;
  expect(problems).toEqual([]);
  const documented = new Set(rows.filter((r) => r.meaning).map((r) => r.name));
  expect(variables.filter((name) => !documented.has(name!))).toEqual([]);
});
