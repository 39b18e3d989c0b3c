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
      [59, 'ts', 'snippet.ts'],
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

describe('extractSnippets in MDX', () => {
  const mdx = join(root, 'test/docs/fixtures/snippets.mdx');
  const { snippets, skipped } = extractSnippets(readFileSync(mdx, 'utf8'), 'snippets.mdx');

  it('takes Source elements with a ts/tsx language, whatever the attribute order, and fenced blocks', () => {
    expect(snippets.map((s) => [s.line, s.lang, s.inline ?? false])).toEqual([
      [7, 'tsx', true],
      [11, 'ts', true],
      [19, 'ts', false],
    ]);
    expect(snippets[0]?.code).toBe("import { VideoConference } from '@roomkit/react';\nexport const Page = () => <VideoConference />;\n");
  });

  it('skips a Source element with a no-check comment before it', () => {
    expect(skipped).toEqual([{ doc: 'snippets.mdx', line: 14, info: '<Source language="ts"> no-check' }]);
  });

  it('refuses a Source element whose code it cannot read, instead of passing it', () => {
    expect(() => extractSnippets('<Source language="ts" code={example} />\n', 'x.mdx')).toThrow(/string literal/);
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
    expect(result.errors.every((e) => /snippets\.md:(20|27|51|61|62|65):/.test(e.location))).toBe(true);
    expect(result.errors.find((e) => e.location.endsWith(':20:7'))?.block).toBe('test/docs/fixtures/snippets.md:17 (checked as snippet.ts)');
    expect(existsSync(join(outDir, '004-test-docs-fixtures-snippets-md-L43/app/api/token/route.ts'))).toBe(true);
    expect(JSON.parse(readFileSync(join(outDir, 'tsconfig.json'), 'utf8')).compilerOptions.paths['@roomkit/react']).toEqual(['../src/index.ts']);
  }, 120_000);

  it("fails a block a new create-vite react-ts app would refuse: an unused local or parameter, an enum", () => {
    const result = checkSnippets({ root, docs: [fixture], outDir });
    expect(result.errors.filter((e) => /snippets\.md:6\d:/.test(e.location)).map((e) => [e.location, e.code, e.message])).toEqual([
      ['test/docs/fixtures/snippets.md:61:39', 'TS6133', "'attempt' is declared but its value is never read."],
      ['test/docs/fixtures/snippets.md:62:9', 'TS6133', "'code' is declared but its value is never read."],
      ['test/docs/fixtures/snippets.md:65:13', 'TS1294', 'This syntax is not allowed when \'erasableSyntaxOnly\' is enabled.'],
    ]);
    const { compilerOptions } = JSON.parse(readFileSync(join(outDir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    expect(compilerOptions).toMatchObject({
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      erasableSyntaxOnly: true,
      verbatimModuleSyntax: true,
      noFallthroughCasesInSwitch: true,
      noUncheckedSideEffectImports: true,
    });
  }, 120_000);

  it('reports an error inside an MDX Source element by the element line, and skips generated pages', () => {
    const docs = ['snippets.mdx', 'generated.mdx'].map((f) => join(root, 'test/docs/fixtures', f));
    const result = checkSnippets({ root, docs, outDir });
    expect(result.snippets.map((s) => s.doc)).not.toContain('test/docs/fixtures/generated.mdx');
    expect(result.errors.map((e) => [e.location, e.code])).toEqual([
      ['test/docs/fixtures/snippets.mdx:11 (line 2, column 14 of its <Source> code)', 'TS2322'],
    ]);
  }, 120_000);
});
