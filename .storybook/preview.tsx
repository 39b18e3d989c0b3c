import { useEffect, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { holdSimulatedFrames } from '@roomkit/react/testing';
import { configure } from 'storybook/test';

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

/**
 * A story's play function starts once the story's first render has run its effects. Under Vitest, Storybook renders
 * inside React's `act`, which runs them; in a production build (the built Storybook, what designers open, and the
 * WebKit run of test/webkit) `act` is a no-op, and a play function could start before a component subscribed to
 * what it then delivers (a transcription sent before the transcript listens is dropped, as livekit-client drops a
 * stream nobody registered for). The outermost decorator's effect runs after every effect of that commit.
 */
let effectsRan: (() => void) | undefined;

function EffectsRan({ children }: { children: ReactNode }) {
  useEffect(() => effectsRan?.(), []);
  return children;
}

const withEffectsRan: Decorator = (Story) => (
  <EffectsRan>
    <Story />
  </EffectsRan>
);

/**
 * The bound of a story's `waitFor` and `findBy…` when it names none: 10 s, not Testing Library's 1 s. A wait ends as
 * soon as what it waits for happens; on a loaded two-core runner (CI, beside the other suites) a second was not
 * always enough for a select's options or a stored choice.
 */
configure({ asyncUtilTimeout: 10_000 });

/** What a story's first render may take to commit before its play function fails saying so. */
const FIRST_COMMIT_MS = 10_000;

const mount: Preview['mount'] = (context) => async (ui) => {
  if (ui != null) context.originalStoryFn = () => ui;
  let bound: ReturnType<typeof setTimeout> | undefined;
  const ran = new Promise<void>((done, fail) => {
    effectsRan = done;
    bound = setTimeout(() => fail(new Error(`the story's first render did not run its effects within ${FIRST_COMMIT_MS} ms`)), FIRST_COMMIT_MS);
  });
  try {
    await context.renderToCanvas();
    await ran;
  } finally {
    clearTimeout(bound);
    effectsRan = undefined;
  }
  return context.canvas;
};

const preview: Preview = {
  mount,
  // RoomKit remembers choices in localStorage (`roomkit.choices.v1`): each story starts with none remembered.
  beforeEach: () => {
    localStorage.removeItem('roomkit.choices.v1');
  },
  // Last: the outermost.
  decorators: [withStoryGlobals, withEffectsRan],
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
