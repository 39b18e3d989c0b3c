import type { StorybookConfig } from '@storybook/react-vite';
import { sourceAliases } from '../sourceAliases.ts';
import { builtStylesheets } from './builtStylesheets.ts';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  // Stories import the public entry points; here they resolve to the sources. The package's stylesheets arrive as
  // an app's production build has them (builtStylesheets.ts), so stories and their pictures see what users get.
  viteFinal: async (viteConfig) => {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), builtStylesheets()];
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
