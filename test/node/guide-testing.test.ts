import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { extractSnippets } from '../docs/check-snippets';

// The guide "Testing your UI" (stories/docs/Testing.mdx), run as a user would: its vitest.config.ts, its setup
// file and its test, in a folder of their own. Only the package name is resolved to the sources here, as an install would resolve it.
const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.docs-check-vitest');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the testing guide's Vitest setup and example test pass as written", () => {
  const guide = 'stories/docs/Testing.mdx';
  const { snippets } = extractSnippets(readFileSync(join(root, guide), 'utf8'), guide);
  const files = snippets.filter((s) => s.fileName === 'vitest.config.ts' || s.fileName === 'vitest.setup.ts' || s.fileName.endsWith('.test.tsx'));
  expect(files.map((s) => s.fileName).sort()).toEqual(['src/People.test.tsx', 'vitest.config.ts', 'vitest.setup.ts']);
  rmSync(dir, { recursive: true, force: true });
  for (const s of files) {
    mkdirSync(dirname(join(dir, s.fileName)), { recursive: true });
    writeFileSync(join(dir, s.fileName), s.code);
  }
  writeFileSync(
    join(dir, 'resolve-package.config.ts'),
    `import { mergeConfig } from 'vitest/config';
import readme from './vitest.config';
export default mergeConfig(readme, {
  resolve: { alias: [
    { find: /^@roomkit\\/react$/, replacement: ${JSON.stringify(join(root, 'src/index.ts'))} },
    { find: /^@roomkit\\/react\\/testing$/, replacement: ${JSON.stringify(join(root, 'src/testing/index.ts'))} },
  ] },
});
`,
  );
  const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'resolve-package.config.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', NO_COLOR: '1', VITEST: undefined, VITEST_MODE: undefined, VITEST_POOL_ID: undefined, VITEST_WORKER_ID: undefined, NODE_ENV: 'test' },
  });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(output).toMatch(/Tests\s+1 passed \(1\)/);
  expect(run.status, output).toBe(0);
}, 120_000);
