import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    // Every story is checked with axe in the story tests; a violation fails the test.
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'fullscreen',
  },
  globalTypes: {
    theme: {
      description: 'RoomKit theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
};
export default preview;
