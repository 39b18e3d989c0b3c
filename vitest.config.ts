import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_PATH, HEADLESS_ARGS } from './test/chromium.ts';
import { WAIT } from './test/e2e/wait.ts';
import { RoomKitSequencer } from './test/sequencer.ts';
import type { EmulatedMedia } from './.storybook/pictures.ts';
import { matchPictureCommand, PICTURE_COMPARISON } from './.storybook/pictureMatch.ts';
import { controlInkCommand } from './.storybook/controlInk.ts';

// The stories' Chromium; sRGB whatever the machine's display, for the pictures.
const chromiumArgs = [...HEADLESS_ARGS, '--autoplay-policy=no-user-gesture-required', '--force-color-profile=srgb'];

const here = import.meta.dirname;
const react18 = resolve(here, 'test/react18/node_modules');

/** Aliases that make every import of React (and Testing Library's ESM build) take the copy in `modules`. */
function reactAliases(modules: string) {
  return [
    { find: /^react$/, replacement: resolve(modules, 'react/index.js') },
    { find: /^react\/jsx-runtime$/, replacement: resolve(modules, 'react/jsx-runtime.js') },
    { find: /^react\/jsx-dev-runtime$/, replacement: resolve(modules, 'react/jsx-dev-runtime.js') },
    { find: /^react-dom$/, replacement: resolve(modules, 'react-dom/index.js') },
    { find: /^react-dom\/client$/, replacement: resolve(modules, 'react-dom/client.js') },
    { find: /^react-dom\/server$/, replacement: resolve(modules, 'react-dom/server.node.js') },
    { find: /^react-dom\/test-utils$/, replacement: resolve(modules, 'react-dom/test-utils.js') },
    // Testing Library's ESM build, inlined below (with react-query), so its own react-dom imports take the aliases too.
    {
      find: /^@testing-library\/react$/,
      replacement: resolve(here, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
    },
  ];
}

/**
 * A test's time limit is a guard against a hang, never a performance check (those live in `npm run bench`): a
 * jsdom test rendering a 200-participant room or a property test takes seconds on a loaded 2-core runner.
 */
const HANG_MS = 60_000;

// The lowest version each peer range admits (test/floors/*/package.json). FLOOR_LIVEKIT_DIR points the floor
// projects at another livekit-client install (a node_modules folder), to find the lowest one that passes.
const floors = resolve(here, 'test/floors');
const floorLivekit = process.env.FLOOR_LIVEKIT_DIR ?? resolve(floors, 'livekit/node_modules');
const floorReactQuery = resolve(floors, 'react18/node_modules/@tanstack/react-query/build/modern/index.js');
const floorSmoke = {
  environment: 'jsdom',
  globals: true,
  testTimeout: HANG_MS,
  setupFiles: ['./test/setup.ts'],
  restoreMocks: true,
  include: ['test/floors/smoke.test.tsx'],
  server: { deps: { inline: [/@testing-library\/react/, /@tanstack\/react-query/, /test\/floors/] } },
};

/** One smoke project at the floors: React from `reactModules`, livekit-client and react-query at their floors. */
function floorProject(name: string, reactModules: string, reactMajor: string) {
  return {
    extends: true,
    resolve: {
      alias: [
        ...reactAliases(reactModules),
        { find: /^livekit-client$/, replacement: resolve(floorLivekit, 'livekit-client/dist/livekit-client.esm.mjs') },
        { find: /^@tanstack\/react-query$/, replacement: floorReactQuery },
      ],
    },
    test: { name, ...floorSmoke, env: { EXPECTED_REACT_MAJOR: reactMajor } },
  } as const;
}

const unit = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['./test/setup.ts'],
  restoreMocks: true,
  testTimeout: HANG_MS,
};
const UNIT_FILES = 'test/unit/**/*.test.{ts,tsx}';

/**
 * The jsdom files that need a module registry and a jsdom of their own. Every other file shares its worker's
 * (`isolate: false`): a new jsdom and a new import of React, livekit-client and RoomKit for each file was most of
 * the suite's CPU time. test/node/unitProjects.test.ts checks that each file runs in exactly one half.
 */
const ISOLATED_UNIT_FILES = [
  // vi.mock('livekit-client', …): a module mock holds for the whole registry, so it would reach the files after.
  'test/unit/RoomProvider.test.tsx',
  'test/unit/encryption.test.tsx',
  'test/unit/subscriptionJoin.test.tsx',
  'test/unit/useConnection.test.tsx',
  // Adds tile features to the module-wide registry (src/ui/tileFeatures.tsx): every later tile would carry them.
  'test/unit/tileFeatures.test.tsx',
  'test/unit/agentOnTiles.test.tsx',
];

/**
 * The jsdom suite at one React version, as two projects: `name`, the files that share a registry, and
 * `${name}-isolated`, ISOLATED_UNIT_FILES (each in a fresh one). The npm scripts run both.
 */
function unitProjects(
  name: string,
  reactMajor: string,
  react: { alias?: ReturnType<typeof reactAliases>; inline?: RegExp[] } = {},
): TestProjectInlineConfiguration[] {
  const test = {
    ...unit,
    env: { EXPECTED_REACT_MAJOR: reactMajor },
    ...(react.inline && { server: { deps: { inline: react.inline } } }),
  };
  const aliases = react.alias && { resolve: { alias: react.alias } };
  return [
    {
      extends: true,
      ...aliases,
      test: { ...test, name, include: [UNIT_FILES], exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_FILES], isolate: false },
    },
    { extends: true, ...aliases, test: { ...test, name: `${name}-isolated`, include: ISOLATED_UNIT_FILES } },
  ];
}

export default defineConfig({
  plugins: [react()],
  test: {
    // The e2e project's CPU-heavy file last (test/sequencer.ts).
    sequence: { sequencer: RoomKitSequencer },
    projects: [
      ...unitProjects('unit', '19'),
      // The same suite against React 18 (a peer we support), installed by the test/react18 workspace.
      ...unitProjects('react18', '18', { alias: reactAliases(react18), inline: [/@testing-library\/react/, /@tanstack\/react-query/, /react18/] }),
      floorProject('floor-react18', resolve(floors, 'react18/node_modules'), '18'),
      floorProject('floor-react19', resolve(floors, 'react19/node_modules'), '19'),
      {
        // RoomKit with @tanstack/react-query ABSENT (an optional peer for apps that pass the connection
        // themselves): any import of it throws. Not in `test:unit` until nothing reachable imports it; see
        // test/floors/noReactQuery.test.tsx.
        extends: true,
        resolve: { alias: [{ find: /^@tanstack\/react-query$/, replacement: resolve(floors, 'reactQueryAbsent.ts') }] },
        test: { name: 'floor-no-react-query', ...floorSmoke, include: ['test/floors/noReactQuery.test.tsx'] },
      },
      {
        // The node tests share each worker's module registry (isolate: false): the dev servers' and the server
        // entry's modules load once per worker, not once per file (74 -> 45 s alone, 76 -> 41 s of CPU). A test that
        // stubs an environment variable or a global undoes it (vi.unstubAllEnvs / vi.unstubAllGlobals); spies are
        // restored after each test (restoreMocks). Shuffled file orders pass too (--sequence.shuffle.files).
        extends: true,
        test: { name: 'node', environment: 'node', globals: true, include: ['test/node/**/*.test.{ts,tsx}'], testTimeout: HANG_MS, isolate: false },
      },
      {
        // A Next.js App Router app on the packed package: next build, next start, requests. Needs `npm run build` first.
        extends: true,
        test: {
          name: 'nextjs',
          environment: 'node',
          globals: true,
          include: ['test/nextjs-app/*.test.ts'],
          testTimeout: HANG_MS,
          hookTimeout: 300_000,
        },
      },
      {
        // styles.css after the CSS pipelines of users' apps (a Vite 8 build, PostCSS with autoprefixer, the raw file),
        // its colours read in Chromium. Needs `npm run build` first; Next.js's pipeline is checked by `nextjs`.
        extends: true,
        test: {
          name: 'pipelines',
          environment: 'node',
          globals: true,
          include: ['test/pipelines/*.test.ts'],
          testTimeout: HANG_MS,
          hookTimeout: 120_000,
        },
      },
      {
        // Every story is a test: rendered in Debian's Chromium, its play function run, axe checked, its pictures
        // compared with the reviewed baselines in stories/__screenshots__ (.storybook/pictures.ts; `npm run
        // test:visual:update` rewrites them). The stories take the package's stylesheets as an app's build has them
        // (.storybook/builtStylesheets.ts) and run `motion: still`: simulated cameras hold one frame, speakers stop.
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { motion: 'still' } })],
        test: {
          name: 'storybook',
          testTimeout: HANG_MS,
          setupFiles: ['./.storybook/vitest.setup.ts'],
          globalSetup: ['./.storybook/vitest.globalSetup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              // Fonts: DejaVu only, set up by .storybook/fonts.conf, so the pictures are drawn alike on any machine.
              launchOptions: {
                executablePath: CHROMIUM_PATH,
                args: chromiumArgs,
                env: { ...process.env, FONTCONFIG_FILE: resolve(here, '.storybook/fonts.conf') },
              },
              // Times and dates in the pictures read the same wherever they are taken.
              // The page holds the stories' 1200×900 frame (Storybook's test viewport) at its own size, not scaled to fit.
              contextOptions: { locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 1000 } },
            }),
            instances: [{ browser: 'chromium' }],
            commands: {
              emulateMedia: async ({ page }, media: EmulatedMedia) => page.emulateMedia(media),
              throttleCpu: async ({ page }, rate: number) => {
                const cdp = await page.context().newCDPSession(page);
                await cdp.send('Emulation.setCPUThrottlingRate', { rate });
              },
              // A picture that differs leaves the baseline, the picture taken and the diff image in
              // test-results/pictures/<story file>/ (gitignored).
              matchPicture: matchPictureCommand(PICTURE_COMPARISON),
              // What each control of a bar shows, in pixels (stories/blankControls.ts: no control is blank).
              controlInk: controlInkCommand(),
            },
          },
        },
      },
      {
        // WebKit (Debian's WebKitGTK, test/webkit/webkit.ts): every story's play function and axe on the built
        // Storybook, and the demo's PreJoin. Needs `npm run build-storybook` and `npm run build` first.
        extends: true,
        test: {
          name: 'webkit',
          environment: 'node',
          include: ['test/webkit/**/*.webkit.test.ts'],
          // Larger than a story's own bound (120 s, test/webkit/stories.webkit.test.ts) plus the driver's round trips.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          expect: { poll: WAIT },
          fileParallelism: false,
        },
      },
      {
        // Real Chromium against the dev media server; one browser at a time. Run through test/e2e/netns.sh.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          // Larger than any wait inside a test (WAIT, 20 s; a reconnection's own bounds, up to 60 s) with room for a
          // few of them in a row on a busy machine; the tests with longer waits set their own.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // No expect.poll falls back to vitest's 1 s: the suite's bound (test/e2e/wait.ts) is the default here too.
          expect: { poll: WAIT },
          fileParallelism: false,
          // One worker runs the files in turn and keeps the modules they share (Vite, Playwright, the dev servers)
          // loaded: importing them again for each file cost 1.2 s a file. Each file still starts its own servers
          // and browser and stops them; the shared modules keep no state between files.
          isolate: false,
        },
      },
    ],
  },
});
