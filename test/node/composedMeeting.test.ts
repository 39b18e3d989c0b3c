// The composed meeting of the Layouts guide ("Build your own conference") is the bench's app: one code, so the figure
// `npm run bench` reports (equalFeaturesKb) is the weight of what the guide tells users to write.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

it("the Layouts guide's composed meeting is bench/bundle-apps/composedMeeting.tsx, character for character", () => {
  const guide = readFileSync(resolve(root, 'stories/docs/Layouts.mdx'), 'utf8');
  const section = guide.slice(guide.indexOf('## Build your own conference'));
  const block = /```tsx\n([\s\S]*?)\n```/.exec(section)?.[1];
  expect(block).toBeDefined();
  expect(block).toBe(readFileSync(resolve(root, 'bench/bundle-apps/composedMeeting.tsx'), 'utf8').trimEnd());
});
