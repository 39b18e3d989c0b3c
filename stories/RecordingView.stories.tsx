import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { RecordingView, type RecordingLayout } from '@roomkit/react/recording';
import { type RoomKitLabels } from '@roomkit/react';
import { createRecorderSignalLog, createTestRoom, type TestParticipantInit, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { french } from './frenchLabels';
import { arabic } from './arabicLabels';

/** The recorder as LiveKit Egress joins: hidden, subscribe only. */
const RECORDER = { identity: 'EG_recorder', grants: { hidden: true, canPublish: false, canPublishData: false, canSubscribe: true } };

const PEOPLE: TestParticipantInit[] = [
  { identity: 'ada', name: 'Ada', camera: true, microphone: true },
  { identity: 'grace', name: 'Grace', camera: true, microphone: 'muted' },
  { identity: 'linus', name: 'Linus', camera: true, microphone: true },
];

interface RecordingStoryProps {
  people: TestParticipantInit[];
  layout?: RecordingLayout;
  captions?: boolean;
  labels?: Partial<RoomKitLabels>;
  script?: (room: TestRoom) => void;
}

/** A recording page in a simulated room (1280×720, as a recorder's window), with the signals kept for the play function. */
function RecordingPage({ people, layout, captions, labels, script }: RecordingStoryProps) {
  const room = useMemo(() => createTestRoom({ name: 'recorded', local: RECORDER, participants: people }), [people]);
  const log = useMemo(() => createRecorderSignalLog(), []);
  useEffect(() => script?.(room), [room, script]);
  return (
    <div style={{ width: 960, height: 540 }}>
      <RecordingView room={room} sink={log.sink} {...(layout ? { layout } : {})} {...(captions ? { captions } : {})} {...(labels ? { labels } : {})} />
    </div>
  );
}

const meta = {
  title: 'Prefabs/RecordingView',
  component: RecordingPage,
  parameters: { layout: 'fullscreen', pictures: { variants: 'all' } },
  args: { people: PEOPLE },
} satisfies Meta<typeof RecordingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const stage = (canvas: HTMLElement) => canvas.querySelector('.rk-recording-stage');

/** Everyone in a grid with names; the hidden recorder has no tile; nothing to press. Starts once video plays. */
export const Grid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const view = await canvas.findByRole('region', { name: 'Recording' });
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-layout', 'grid'));
    expect(within(view).getAllByRole('group').map((t) => t.getAttribute('aria-label'))).toEqual(['Ada', 'Grace', 'Linus']);
    expect(canvasElement.querySelectorAll('button')).toHaveLength(0);
    // The simulated cameras play in the browser: the recorder says start.
    await waitFor(() => expect(view).toHaveAttribute('data-signal', 'started'), { timeout: 10_000 });
  },
};

/** The speaker view: whoever speaks large, the others in a strip. */
export const Speaker: Story = {
  args: { layout: 'speaker', script: (room: TestRoom) => void room.setSpeaking('linus', true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Recording' });
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-layout', 'speaker'));
    await waitFor(() => expect(canvas.getByRole('group', { name: 'Linus' })).toHaveAttribute('data-speaking', ''));
    // Linus takes the large tile once he has spoken for the hold time (1.2 s); the bound leaves room for a loaded machine.
    await waitFor(() => expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Linus'), { timeout: 6000 });
  },
};

/** A screen share takes the stage, whatever the layout. */
export const ScreenShareOnStage: Story = {
  args: { people: [...PEOPLE.slice(0, 2), { identity: 'linus', name: 'Linus', camera: true, screenShare: true }] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Recording' });
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-layout', 'focus'));
    expect(canvasElement.querySelector('.rk-focus-main [data-source="screen_share"]')).not.toBeNull();
  },
};

/** An admin spotlighted Grace for everyone: the recording shows her large, as every conference does. */
export const Spotlight: Story = {
  args: { script: (room: TestRoom) => void room.spotlight('grace') },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Recording' });
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-layout', 'focus'));
    expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Grace');
    expect(canvasElement.querySelector('.rk-focus-layout')).toHaveAttribute('data-spotlight');
  },
};

/** Live captions over the stage. */
export const CaptionsOn: Story = {
  args: { captions: true, script: (room: TestRoom) => void room.deliverTranscription('ada', 'Welcome to the quarterly review.') },
  play: async ({ canvasElement }) => {
    const captions = await within(canvasElement).findByRole('region', { name: 'Captions' });
    await waitFor(() => expect(captions).toHaveTextContent('Welcome to the quarterly review.'));
  },
};

/** No one else in the room yet: the recorder waits, and says so. */
export const EmptyRoom: Story = {
  args: { people: [] },
  play: async ({ canvasElement }) => {
    const view = await within(canvasElement).findByRole('region', { name: 'Recording' });
    await waitFor(() => expect(within(view).getByRole('status')).toHaveTextContent('Waiting for participants…'));
    expect(view).toHaveAttribute('data-empty', '');
    expect(view).toHaveAttribute('data-signal', 'idle');
  },
};

/** Every visible string in French. */
export const French: Story = {
  args: { people: [], labels: french },
  play: async ({ canvasElement }) => {
    const view = await within(canvasElement).findByRole('region', { name: 'Enregistrement' });
    await waitFor(() => expect(within(view).getByRole('status')).toHaveTextContent('En attente des participants…'));
  },
};

/** Right to left (the toolbar's direction) with an Arabic label set: the grid starts at the right. */
export const RightToLeft: Story = {
  args: { labels: arabic },
  globals: { direction: 'rtl' },
  play: async ({ canvasElement }) => {
    const view = await within(canvasElement).findByRole('region', { name: 'تسجيل' });
    await expect(getComputedStyle(view).direction).toBe('rtl');
    const ada = within(view).getByRole('group', { name: 'Ada' }).getBoundingClientRect();
    const grace = within(view).getByRole('group', { name: 'Grace' }).getBoundingClientRect();
    await expect(grace.right).toBeLessThanOrEqual(ada.left);
  },
};
