import { resolve } from 'node:path';

const root = import.meta.dirname;

/**
 * Resolves the package's public entry points to its sources, for the demo, Storybook and the benchmark page:
 * they import `@roomkit/react` like an app does, and see edits without a build.
 */
export const sourceAliases = [
  { find: /^@roomkit\/react\/(agent|recording|audio-room)$/, replacement: resolve(root, 'src/$1/index.ts') },
  { find: /^@roomkit\/react\/testing$/, replacement: resolve(root, 'src/testing/index.ts') },
  { find: /^@roomkit\/react\/query$/, replacement: resolve(root, 'src/query/index.ts') },
  { find: /^@roomkit\/react\/server$/, replacement: resolve(root, 'src/server/index.ts') },
  { find: /^@roomkit\/react\/styles\.css$/, replacement: resolve(root, 'src/styles.css') },
  { find: /^@roomkit\/react\/styles\/base\.css$/, replacement: resolve(root, 'src/ui/base.css') },
  { find: /^@roomkit\/react\/styles\/([\w-]+)\.css$/, replacement: resolve(root, 'src/$1/$1.css') },
  { find: /^@roomkit\/react\/(audio-room|agent)\.css$/, replacement: resolve(root, 'src/$1/$1.css') },
  { find: /^@roomkit\/react$/, replacement: resolve(root, 'src/index.ts') },
];
