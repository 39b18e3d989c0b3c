import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { metaTitle, readmeForDocs, REPOSITORY_FILES } from '../../stories/docs/readmeLinks';

// The README is the front page: its table links every guide page (stories/docs/*.mdx), each guide lives there once,
// and the docs site shows the README with those links turned into links to its own pages.
const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const relativeLinks = [...readme.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
const guides = readdirSync(join(root, 'stories/docs'))
  .filter((name) => name.endsWith('.mdx') && name !== 'GettingStarted.mdx')
  .map((name) => `stories/docs/${name}`);
const pages = Object.fromEntries(guides.map((path) => [path, readFileSync(join(root, path), 'utf8')]));

test('every relative link of the README names a file of the repository', () => {
  expect(relativeLinks.length).toBeGreaterThan(15);
  expect(relativeLinks.filter((target) => !existsSync(join(root, target)))).toEqual([]);
});

test('the README links every guide page, and every guide page has a docs title', () => {
  expect(guides.filter((path) => !relativeLinks.includes(path))).toEqual([]);
  expect(guides.filter((path) => !metaTitle(pages[path]!)?.startsWith('Docs/'))).toEqual([]);
});

test('on the docs site, links to guides open their pages and other files open in the repository', () => {
  const shown = readmeForDocs('[R](stories/docs/Recording.mdx), [L](LICENSE), [n](https://www.npmjs.com/), [q](#quick-start)', pages);
  expect(shown).toBe(
    `[R](?path=/docs/docs-recording-with-egress--docs), [L](${REPOSITORY_FILES}LICENSE), [n](https://www.npmjs.com/), [q](#quick-start)`,
  );
  expect(readmeForDocs(readme, pages)).not.toMatch(/\]\(stories\/docs\//);
});
