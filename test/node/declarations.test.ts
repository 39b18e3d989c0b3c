// The build's pruning of declaration files (scripts/declarations.ts): what an entry's types reach stays, the rest goes.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { pruneDeclarations } from '../../scripts/declarations';

const dir = mkdtempSync(join(tmpdir(), 'roomkit-dts-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

test('keeps what the entries reach by from, import(), a bare import and declare module; removes the rest', () => {
  write({
    'package.json': JSON.stringify({ exports: { '.': { types: './dist/index.d.ts' }, './sub': { types: './dist/sub/index.d.ts' }, './a.css': './dist/a.css' } }),
    'dist/index.d.ts': "export { A } from './a.js';\nexport type B = import('./b.js').B;\nimport './c.js';\n",
    'dist/a.d.ts': "declare module './labels.js' { interface L { a: string } }\nexport declare const A: number;\n",
    'dist/b.d.ts': 'export type B = string;\n',
    'dist/c.d.ts': 'export {};\n',
    'dist/labels.d.ts': 'export interface L {}\n',
    'dist/sub/index.d.ts': "export * from '../deep/index.js';\n",
    'dist/deep/index.d.ts': "export * from './x';\n",
    'dist/deep/x.d.ts': 'export declare const x = 1;\n',
    'dist/internal/store.d.ts': 'export declare const store: unknown;\n',
    'dist/orphan.d.ts': "export * from './b.js';\n",
    'dist/a.js': 'export const A = 1;\n',
  });
  const removed = pruneDeclarations(join(dir, 'dist'), join(dir, 'package.json')).map((f) => f.slice(dir.length + 1)).sort();
  expect(removed).toEqual(['dist/internal/store.d.ts', 'dist/orphan.d.ts']);
  for (const kept of ['index', 'a', 'b', 'c', 'labels', 'sub/index', 'deep/index', 'deep/x']) expect(existsSync(join(dir, `dist/${kept}.d.ts`))).toBe(true);
  expect(existsSync(join(dir, 'dist/a.js'))).toBe(true);
});

test('a relative specifier that resolves to no declaration file stops the build', () => {
  write({
    'broken/package.json': JSON.stringify({ exports: { '.': { types: './dist/index.d.ts' } } }),
    'broken/dist/index.d.ts': "export * from './missing.js';\n",
  });
  expect(() => pruneDeclarations(join(dir, 'broken/dist'), join(dir, 'broken/package.json'))).toThrow(/'\.\/missing\.js' .* resolves to no declaration file/);
});
