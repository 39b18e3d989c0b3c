import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createRoomActions, ParticipantAdminMenu, useRoom, useRoomActions, type RoomAction } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 400));

const meta = {
  title: 'Components/ParticipantAdminMenu',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 2, roomAdmin: true, ambient: false },
  argTypes: roomArgTypes,
  render: () => (
    <div style={{ height: 200 }}>
      <ParticipantAdminMenu
        identity="p1"
        onMuteParticipant={slow}
        onUpdatePermissions={slow}
        onRemoveParticipant={async () => {
          throw new Error('the Room API answered 404');
        }}
      />
    </div>
  ),
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const trigger = c.getByRole('button', { name: 'Manage Ada' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await c.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Mute microphone' })).toHaveFocus());
    await userEvent.keyboard('{End}{Enter}');
    await expect(await c.findByRole('alert')).toHaveTextContent('Action failed: the Room API answered 404');
  },
};

export const NotAdmin: Story = {
  args: { roomAdmin: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/**
 * A stand-in for your room actions route (`createRoomActionsHandler`): lowering a hand works, removing finds that the
 * participant already left, as the route answers it.
 */
const roomActions = createRoomActions({
  endpoint: '/api/room-actions',
  getToken: () => 'a-connection-token',
  fetch: async (_input, init) => {
    const action = JSON.parse(String(init?.body)) as RoomAction;
    if (action.type === 'remove') {
      return Response.json({ error: { code: 'not_found', message: `No participant "${action.identity}" in this room: they may have left.` } }, { status: 404 });
    }
    return Response.json({ type: action.type });
  },
});

function MenuWithRoomActions() {
  const room = useRoom() as TestRoom;
  // Ada raises her hand, so the menu offers to lower it.
  useEffect(() => void room.raiseHand('p1'), [room]);
  return (
    <div style={{ height: 200 }}>
      <ParticipantAdminMenu identity="p1" {...useRoomActions(roomActions).admin} />
    </div>
  );
}

/**
 * Through `createRoomActions`: the menu offers "Lower hand" to an admin without `canPublishData` (the route's server
 * asks Ada's client), and a refusal shows in the route's own words.
 */
export const ThroughRoomActions: Story = {
  args: { canPublishData: false },
  render: () => <MenuWithRoomActions />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Manage Ada' }));
    const menu = await c.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Lower hand' })).toBeInTheDocument());
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from room' }));
    await expect(await c.findByRole('alert')).toHaveTextContent('Action failed: No participant "p1" in this room: they may have left.');
  },
};
