import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RoomProvider, VideoConference, displayName, useParticipant, useRaisedHands, useRoom, type RaisedHand } from '@roomkit/react';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { storyDevices } from './storyDevices';

/** One row of the ordered list an app builds with `useRaisedHands()`. */
function HandRow({ hand }: { hand: RaisedHand }) {
  const participant = useParticipant(hand.identity);
  return <li>{participant ? displayName(participant) : hand.identity}</li>;
}

function RaisedHandsList() {
  const hands = useRaisedHands();
  return (
    <ol aria-label="Raised hands" style={{ minWidth: 120 }}>
      {hands.map((hand) => (
        <HandRow key={hand.identity} hand={hand} />
      ))}
    </ol>
  );
}

/** The meeting, with the remote participants' hands and reactions scripted on the simulated room. */
function Meeting({ script }: { script?: (room: TestRoom) => () => void }) {
  const room = useRoom() as TestRoom;
  useEffect(() => script?.(room), [room, script]);
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      {/* Toasts stay until dismissed (they would leave after 8 s): what the story shows never depends on how long it took. */}
      <VideoConference style={{ height: 560, flex: 1 }} notifications={{ duration: null }} />
      <RaisedHandsList />
    </div>
  );
}

const handsUp = (room: TestRoom) => {
  room.raiseHand('p2', Date.now() - 2000);
  room.raiseHand('p1', Date.now() - 1000);
  return () => undefined;
};

const adaReacts = (room: TestRoom) => {
  const timer = setInterval(() => room.react('p1', '🎉'), 1500);
  room.react('p1', '🎉');
  return () => clearInterval(timer);
};

const meta = {
  title: 'Scenarios/Hands and reactions',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 3, ambient: false },
  argTypes: roomArgTypes,
  parameters: { layoutHeight: '600px' },
  render: () => <Meeting script={handsUp} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const listed = (canvas: HTMLElement) => within(within(canvas).getByRole('list', { name: 'Raised hands' })).queryAllByRole('listitem').map((li) => li.textContent);

export const RaisedHands: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(listed(canvasElement)).toEqual(['Grace', 'Ada']));
    await expect(within(c.getByRole('group', { name: 'Ada' })).getByRole('img', { name: 'Hand raised' })).toBeVisible();
    const toggle = c.getByRole('button', { name: 'Raise hand' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(listed(canvasElement)).toEqual(['Grace', 'Ada', 'Me']));
    await expect(c.getByRole('group', { name: /^Me/ })).toHaveAttribute('data-hand-raised', '');
  },
};

export const AdminLowersAHand: Story = {
  args: { roomAdmin: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const ada = await c.findByRole('group', { name: 'Ada' });
    await waitFor(() => expect(ada).toHaveAttribute('data-hand-raised', ''));
    within(ada).getByRole('button', { name: 'Manage Ada' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const item = await c.findByRole('menuitem', { name: 'Lower hand' });
    await waitFor(() => expect(item).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    // Ada's (simulated) client obeys and lowers its hand for everyone.
    await waitFor(() => expect(ada).not.toHaveAttribute('data-hand-raised'));
    await waitFor(() => expect(listed(canvasElement)).toEqual(['Grace']));
  },
};

export const Reactions: Story = {
  render: () => <Meeting script={adaReacts} />,
  parameters: { pictures: { skip: 'reactions leave 4 s after they are sent (src/hands/reactionStore.ts): the picture would depend on how long the story took' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const ada = await c.findByRole('group', { name: 'Ada' });
    await expect(await within(ada).findByRole('img', { name: 'Celebrate' })).toBeVisible();
    await waitFor(() => expect(c.getByTestId('rk-announcer')).toHaveTextContent('Ada reacted 🎉'));
    await userEvent.click(c.getByRole('button', { name: 'Reactions' }));
    const picker = c.getByRole('group', { name: 'Reactions' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Applause' }));
    await expect(await within(c.getByRole('group', { name: /^Me/ })).findByRole('img', { name: 'Applause' })).toBeVisible();
  },
};

export const RateLimited: Story = {
  render: () => <Meeting />,
  parameters: { pictures: { skip: 'reactions leave after 4 s and the limit after 5 s (src/hands/reactionStore.ts): the picture would depend on how long the story took' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Reactions' }));
    const picker = c.getByRole('group', { name: 'Reactions' });
    // The limit counts what was sent in 5 s of Date.now(): the clock holds still while the story sends three, as a
    // person sends them in a moment, so a slow machine (a click can take a second under load) cannot spread them out.
    const realNow = Date.now;
    const at = realNow();
    Date.now = () => at;
    try {
      for (const name of ['Thumbs up', 'Heart', 'Laughing']) await userEvent.click(within(picker).getByRole('button', { name }));
      await waitFor(() => expect(within(picker).getByRole('button', { name: 'Surprised' })).toHaveAttribute('aria-disabled', 'true'));
      await expect(within(picker).getByRole('status')).toHaveTextContent('Too many reactions');
    } finally {
      Date.now = realNow;
    }
  },
};

export const WithoutDataGrant: Story = {
  args: { canPublishData: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('toolbar', { name: 'Meeting controls' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Raise hand' })).toBeNull();
    await expect(c.queryByRole('button', { name: 'Reactions' })).toBeNull();
    // Receiving needs no grant: others' hands still show.
    await waitFor(() => expect(listed(canvasElement)).toEqual(['Grace', 'Ada']));
  },
};

/** Hands raised before this session joined: its catch-up request brings them in, in the order raised. */
function LateJoinerRoom() {
  const room = useMemo(
    () =>
      createTestRoom({
        devices: storyDevices,
        local: { identity: 'me', name: 'Me' },
        participants: [
          { identity: 'p1', name: 'Ada', camera: true, handRaisedAt: Date.now() - 60_000 },
          { identity: 'p2', name: 'Grace', camera: true },
          { identity: 'p3', name: 'Linus', camera: true, handRaisedAt: Date.now() - 120_000 },
        ],
      }),
    [],
  );
  return (
    <RoomProvider room={room}>
      <div className="rk-root" style={{ padding: 12 }}>
        <Meeting />
      </div>
    </RoomProvider>
  );
}

export const LateJoiner: Story = {
  decorators: [],
  render: () => <LateJoinerRoom />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(listed(canvasElement)).toEqual(['Linus', 'Ada']));
    await expect(within(within(canvasElement).getByRole('group', { name: 'Linus' })).getByRole('img', { name: 'Hand raised' })).toBeVisible();
  },
};
