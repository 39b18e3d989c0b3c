import type { StorybookConfig } from '@storybook/react-vite';
import { sourceAliases } from '../sourceAliases.ts';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  // Stories import the public entry points; here they resolve to the sources.
  viteFinal: async (viteConfig) => {
    viteConfig.resolve ??= {};
    const aliases = sourceAliases;
    const existing = viteConfig.resolve.alias;
    viteConfig.resolve.alias = Array.isArray(existing)
      ? [...aliases, ...existing]
      : [...aliases, ...Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement: replacement as string }))];
    return viteConfig;
  },
};
export default config;
