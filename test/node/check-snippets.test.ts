import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkSnippets, extractSnippets } from '../docs/check-snippets';

const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'test/docs/fixtures/snippets.md');

describe('extractSnippets', () => {
  const { snippets, skipped } = extractSnippets(readFileSync(fixture, 'utf8'), 'snippets.md');

  it('takes the ts and tsx blocks with the line of their first code line', () => {
    expect(snippets.map((s) => [s.line, s.lang, s.fileName])).toEqual([
      [6, 'tsx', 'snippet.tsx'],
      [18, 'ts', 'snippet.ts'],
      [27, 'tsx', 'snippet.tsx'],
      [43, 'ts', 'app/api/token/route.ts'],
      [51, 'ts', 'snippet.ts'],
    ]);
  });

  it('strips the indentation of a block inside a list and keeps a longer fence open past shorter ones', () => {
    expect(snippets[3]?.code).toBe(
      "// app/api/token/route.ts\nimport { looksLikeApiKey } from '@roomkit/react';\nexport const secret: boolean = looksLikeApiKey('lk_a.b');\n",
    );
  });

  it('skips no-check blocks and ignores other languages', () => {
    expect(skipped).toEqual([{ doc: 'snippets.md', line: 32, info: 'tsx no-check' }]);
    expect(snippets.some((s) => s.code.includes('npm run'))).toBe(false);
  });

  it('refuses a named file outside the block folder', () => {
    expect(() => extractSnippets('```ts\n// ../escape.ts\n```\n', 'x.md')).toThrow(/outside its folder/);
  });
});

describe('checkSnippets', () => {
  const outDir = join(root, '.docs-check-fixture');
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('fails the broken blocks with their place in the document and passes the good ones', () => {
    const result = checkSnippets({ root, docs: [fixture], outDir });
    const found = result.errors.map((e) => [e.location, e.code]);
    expect(found).toContainEqual(['test/docs/fixtures/snippets.md:20:7', 'TS2322']);
    expect(found).toContainEqual(['test/docs/fixtures/snippets.md:27:28', 'TS2304']);
    expect(found).toContainEqual(['test/docs/fixtures/snippets.md:51:30', 'exports']);
    expect(found).toContainEqual(['test/docs/fixtures/snippets.md:51:30', 'TS2307']);
    // The good tsx block (lines 6-12) and the named file (43-45) have no error; nothing else fails.
    expect(result.errors.every((e) => /snippets\.md:(20|27|51):/.test(e.location))).toBe(true);
    expect(result.errors.find((e) => e.location.endsWith(':20:7'))?.block).toBe('test/docs/fixtures/snippets.md:17 (checked as snippet.ts)');
    expect(existsSync(join(outDir, '004-test-docs-fixtures-snippets-md-L43/app/api/token/route.ts'))).toBe(true);
    expect(JSON.parse(readFileSync(join(outDir, 'tsconfig.json'), 'utf8')).compilerOptions.paths['@roomkit/react']).toEqual(['../src/index.ts']);
  }, 120_000);
});
