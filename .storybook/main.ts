import { resolve } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';

const root = resolve(import.meta.dirname, '..');

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  // Stories import the public entry points; here they resolve to the sources.
  viteFinal: async (viteConfig) => {
    viteConfig.resolve ??= {};
    const aliases = [
      { find: /^@roomkit\/react\/testing$/, replacement: resolve(root, 'src/testing/index.ts') },
      { find: /^@roomkit\/react\/styles\.css$/, replacement: resolve(root, 'src/styles/styles.css') },
      { find: /^@roomkit\/react$/, replacement: resolve(root, 'src/index.ts') },
    ];
    const existing = viteConfig.resolve.alias;
    viteConfig.resolve.alias = Array.isArray(existing)
      ? [...aliases, ...existing]
      : [...aliases, ...Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement: replacement as string }))];
    return viteConfig;
  },
};
export default config;
