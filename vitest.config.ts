import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_PATH, HEADLESS_ARGS } from './test/chromium';

const chromiumArgs = [...HEADLESS_ARGS, '--autoplay-policy=no-user-gesture-required'];

const here = import.meta.dirname;
const react18 = resolve(here, 'test/react18/node_modules');

const unit = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['./test/setup.ts'],
  include: ['test/unit/**/*.test.{ts,tsx}'],
  restoreMocks: true,
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { name: 'unit', ...unit, env: { EXPECTED_REACT_MAJOR: '19' } } },
      {
        // The same suite against React 18 (a peer we support), installed by the test/react18 workspace.
        extends: true,
        resolve: {
          alias: [
            { find: /^react$/, replacement: resolve(react18, 'react/index.js') },
            { find: /^react\/jsx-runtime$/, replacement: resolve(react18, 'react/jsx-runtime.js') },
            { find: /^react\/jsx-dev-runtime$/, replacement: resolve(react18, 'react/jsx-dev-runtime.js') },
            { find: /^react-dom$/, replacement: resolve(react18, 'react-dom/index.js') },
            { find: /^react-dom\/client$/, replacement: resolve(react18, 'react-dom/client.js') },
            { find: /^react-dom\/server$/, replacement: resolve(react18, 'react-dom/server.node.js') },
            { find: /^react-dom\/test-utils$/, replacement: resolve(react18, 'react-dom/test-utils.js') },
            // Testing Library's ESM build, inlined below (with react-query), so its own react-dom imports take the aliases too.
            {
              find: /^@testing-library\/react$/,
              replacement: resolve(here, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
            },
          ],
        },
        test: { name: 'react18', ...unit, env: { EXPECTED_REACT_MAJOR: '18' }, server: { deps: { inline: [/@testing-library\/react/, /@tanstack\/react-query/, /react18/] } } },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', globals: true, include: ['test/node/**/*.test.{ts,tsx}'] },
      },
      {
        // A Next.js App Router app on the packed package: next build, next start, requests. Needs `npm run build` first.
        extends: true,
        test: {
          name: 'nextjs',
          environment: 'node',
          globals: true,
          include: ['test/nextjs-app/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Every story is a test: rendered in Debian's Chromium, its play function run, axe checked.
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // Real Chromium against the dev media server; one browser at a time. Run through test/e2e/netns.sh.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
