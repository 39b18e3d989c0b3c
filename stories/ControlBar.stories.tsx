import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ControlBar, LeaveButton, TrackToggle } from '@roomkit/react';
import { Track } from 'livekit-client';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

const meta = {
  title: 'Components/ControlBar',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 0, ambient: false },
  argTypes: roomArgTypes,
  render: () => <ControlBar controls={{ chat: true }} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Publisher: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mic = c.getByRole('button', { name: 'Microphone' });
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(mic);
    await expect(mic).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByLabelText('Choose microphone')).toBeVisible();
    await expect(c.getByRole('toolbar', { name: 'Meeting controls' })).toBeVisible();
  },
};

export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(c.queryByLabelText('Choose microphone')).toBeNull();
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};

export const HiddenObserver: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Camera' })).toBeNull();
  },
};

/** TrackToggle alone, one per source; a viewer's toggles are absent. */
export const TrackToggles: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <TrackToggle source={Track.Source.Microphone} />
      <TrackToggle source={Track.Source.Camera} />
      <TrackToggle source={Track.Source.ScreenShare} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const share = c.getByRole('button', { name: 'Share screen' });
    await userEvent.click(share);
    await expect(share).toHaveAttribute('data-state', 'on');
  },
};

export const TrackTogglesForViewer: Story = {
  ...TrackToggles,
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

export const Leave: Story = {
  render: () => <LeaveButton />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Leave' })).toBeEnabled();
  },
};
