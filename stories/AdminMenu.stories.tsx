import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ParticipantAdminMenu } from '@roomkit/react';
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
