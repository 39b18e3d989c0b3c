import type { Decorator, Preview } from '@storybook/react-vite';
import { holdSimulatedFrames } from '@roomkit/react/testing';

/**
 * The toolbar's globals that concern every story. Direction: `dir="rtl"` on a wrapper around everything the story
 * renders, which adds no box (`display: contents`), so the layout is the story's own; left to right adds no `dir` at
 * all (the page's). Motion: `still` holds every simulated camera on one frame and silences simulated voices
 * (`holdSimulatedFrames`, before the story's rooms make their tracks), as the story tests' pictures need; the
 * decorators of rooms also stop the speakers' turns (roomDecorator.tsx).
 */
const withStoryGlobals: Decorator = (Story, { globals }) => {
  holdSimulatedFrames(globals.motion === 'still');
  return (
    <div data-story-direction dir={globals.direction === 'rtl' ? 'rtl' : undefined} style={{ display: 'contents' }}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  // RoomKit remembers choices in localStorage (`roomkit.choices.v1`): each story starts with none remembered.
  beforeEach: () => {
    localStorage.removeItem('roomkit.choices.v1');
  },
  decorators: [withStoryGlobals],
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
            'Browsers',
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
    direction: {
      description: 'Text direction of the story (dir on its root)',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
    motion: {
      description: 'Simulated media and speakers: moving, or held still as in the story tests’ pictures',
      toolbar: {
        title: 'Motion',
        icon: 'play',
        items: [
          { value: 'moving', title: 'Moving' },
          { value: 'still', title: 'Still (as the pictures)', icon: 'stop' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', direction: 'ltr', motion: 'moving' },
};
export default preview;
