import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { RaiseHandToggle, useRoom } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
// The Layouts guide's "Build your own conference", as the bench builds it (test/node/composedMeeting.test.ts).
import { MyConference } from '../bench/bundle-apps/composedMeeting';
// The meeting imports the sheets of what it renders; the story that adds RaiseHandToggle adds its sheet (hands on tiles).
import '@roomkit/react/styles/hands.css';

/** Ada (p1) raises her hand once the meeting is on screen. */
function AdaRaisesHerHand() {
  const room = useRoom() as TestRoom;
  useEffect(() => void room.raiseHand('p1', Date.now()), [room]);
  return null;
}

/**
 * The meeting the Layouts guide composes from RoomKit's parts (**Docs/Layouts**, "Build your own conference"): what
 * `@livekit/components-react`'s `VideoConference` shows and no more, in each state that changes what it shows.
 */
const meta = {
  title: 'Guides/Composed meeting',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 3, ambient: false },
  argTypes: roomArgTypes,
  parameters: { layoutHeight: '560px' },
  render: () => (
    <div style={{ height: 540 }}>
      <MyConference />
    </div>
  ),
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const toolbar = (canvas: HTMLElement) => within(within(canvas).getByRole('toolbar', { name: 'Meeting controls' }));

/** Everyone in the grid; the bar has the microphone and camera with their devices, screen share, chat and leave. */
export const Grid: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('group')).toHaveLength(4);
    const bar = toolbar(canvasElement);
    for (const name of ['Microphone', 'Camera', 'Share screen', 'Chat', 'Leave']) {
      await expect(bar.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(canvasElement.querySelector('.rk-focus-layout')).toBeNull();
  },
};

/** A screen share takes the stage in the focus layout. */
export const ScreenShare: Story = {
  args: { screenShare: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.rk-focus-main [data-source="screen_share"]')).not.toBeNull();
  },
};

/** Pinning a tile switches to the focus layout with it large; unpinning goes back to the grid. */
export const Pinned: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Pin Grace' }));
    await expect(canvasElement.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('aria-label', 'Grace');
    await userEvent.click(c.getByRole('button', { name: 'Pin Grace' }));
    await expect(canvasElement.querySelector('.rk-focus-layout')).toBeNull();
  },
};

/** The chat button opens the chat beside the grid and says so (`aria-pressed`). */
export const ChatOpen: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const chat = toolbar(canvasElement).getByRole('button', { name: 'Chat' });
    await userEvent.click(chat);
    await expect(chat).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('log', { name: 'Chat messages' })).toBeVisible();
    await expect(c.getByRole('textbox')).toBeEnabled();
  },
};

/** Without `canPublishData` the chat reads, and says why it cannot send. */
export const ChatWithoutData: Story = {
  args: { canPublishData: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(toolbar(canvasElement).getByRole('button', { name: 'Chat' }));
    await expect(c.getByRole('log', { name: 'Chat messages' })).toBeVisible();
    await expect(c.getByLabelText('Message')).toBeDisabled();
    await expect(c.getByText('You can read the chat, but this session may not send messages.')).toBeVisible();
  },
};

/** A viewer (no `canPublish`) gets no microphone, camera or screen share, and keeps chat and leave. */
export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const bar = toolbar(canvasElement);
    for (const name of ['Microphone', 'Camera', 'Share screen']) await expect(bar.queryByRole('button', { name: new RegExp(`^${name}`) })).toBeNull();
    await expect(bar.getByRole('button', { name: 'Chat' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};

/** The connection drops: the toast says so over the meeting. */
export const Reconnecting: Story = {
  args: { connectionState: 'reconnecting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(/Reconnecting/);
  },
};

/**
 * The guide's way to add raised hands: `<MyConference><RaiseHandToggle /></MyConference>`. With the toggle in the
 * app, every tile shows a raised hand.
 */
export const WithRaisedHands: Story = {
  render: () => (
    <div style={{ height: 540 }}>
      <MyConference>
        <RaiseHandToggle />
      </MyConference>
      <AdaRaisesHerHand />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const ada = c.getByRole('group', { name: 'Ada' });
    await expect(ada).toHaveAttribute('data-hand-raised', '');
    await expect(within(ada).getByRole('img', { name: 'Hand raised' })).toBeVisible();
    await userEvent.click(toolbar(canvasElement).getByRole('button', { name: 'Raise hand' }));
    await expect(within(c.getByRole('group', { name: /^Me/ })).getByRole('img', { name: 'Hand raised' })).toBeVisible();
  },
};

/** An end-to-end encrypted room (`RoomProvider`'s `e2ee={createEncryption(…)}`): a lock on every tile. */
export const Encrypted: Story = {
  args: { encrypted: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const tile of c.getAllByRole('group')) {
      await expect(tile).toHaveAttribute('data-encrypted', '');
      await expect(within(tile).getByRole('img', { name: 'End-to-end encrypted' })).toBeVisible();
    }
  },
};
