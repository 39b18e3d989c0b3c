import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  // RoomKit remembers choices in localStorage (`roomkit.choices.v1`): each story starts with none remembered.
  beforeEach: () => {
    localStorage.removeItem('roomkit.choices.v1');
  },
  parameters: {
    // Every story is checked with axe in the story tests; a violation fails the test.
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'fullscreen',
    options: {
      storySort: {
        order: [
          'Docs',
          [
            // The README's order of guides.
            'Getting started',
            'The backend route',
            'Room actions',
            'Layouts and big rooms',
            'Your own UI with hooks',
            'Audio rooms',
            'Voice agents',
            'Recording with egress',
            'Devices and PreJoin',
            'Background effects',
            'End-to-end encryption',
            'Grants and roles',
            'Error codes',
            'Styling',
            'Labels',
            'Testing your UI',
            'SSR and Next.js',
            'Migrating from LiveKit components',
            'Contributing',
            'Architecture',
            'API',
            ['Overview', 'Components', 'Hooks', 'Functions', 'Classes', 'Types', 'Constants', 'Testing kit', 'Server'],
          ],
        ],
      },
    },
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
