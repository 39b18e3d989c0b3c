import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FocusLayout, GridLayout } from '@roomkit/react';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

const meta = {
  title: 'Components/Layouts',
  decorators: [withRoom],
  args: { ...defaultRoomArgs },
  argTypes: roomArgTypes,
  render: () => <GridLayout style={{ height: 520 }} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GridFour: Story = {
  args: { participants: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('group')).toHaveLength(4);
    await expect(within(canvasElement).queryByRole('button', { name: 'Next page' })).toBeNull();
  },
};

export const GridFiftyPaged: Story = {
  args: { participants: 49 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const first = c.getAllByRole('group').length;
    await expect(first).toBeLessThanOrEqual(25);
    await userEvent.click(c.getByRole('button', { name: 'Next page' }));
    await expect(c.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  },
};

export const GridForViewerWithoutSubscribe: Story = {
  args: { participants: 3, canSubscribe: false, canPublish: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Video unavailable: this session may not receive media')).toHaveLength(3);
  },
};

export const FocusOnScreenShare: Story = {
  args: { participants: 4, screenShare: true },
  render: () => <FocusLayout style={{ height: 520 }} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.rk-focus-main [data-source="screen_share"]')).not.toBeNull();
    await expect(within(canvasElement.querySelector<HTMLElement>('.rk-focus-strip')!).getAllByRole('group').length).toBeGreaterThan(0);
  },
};
