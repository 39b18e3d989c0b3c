import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ConnectionQualityIndicator, ParticipantName, ParticipantTile, TrackMutedIndicator } from '@roomkit/react';
import { Track } from 'livekit-client';
import { defaultRoomArgs, nextSpeaker, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

const meta = {
  title: 'Components/ParticipantTile',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 5, ambient: false },
  argTypes: roomArgTypes,
  parameters: { pictures: { variants: 'all' } },
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 240px)', gap: 8 }}>
      <ParticipantTile identity="p1" />
      <ParticipantTile identity="p2" />
      <ParticipantTile identity="p4" />
      <ParticipantTile identity="p5" />
      <ParticipantTile identity="me" />
    </div>
  ),
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tiles: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const ada = c.getByRole('group', { name: 'Ada' });
    await expect(ada).toHaveAttribute('data-video', 'on');
    await waitFor(() => expect(ada.querySelector('video')!.videoWidth).toBeGreaterThan(0));
    await expect(c.getByRole('group', { name: 'Margaret' })).toHaveAttribute('data-video', 'off');
    await expect(within(c.getByRole('group', { name: 'Grace' })).getByRole('img', { name: 'Microphone muted' })).toBeVisible();
    await expect(within(c.getByRole('group', { name: 'Ken' })).getByRole('img', { name: 'Connection: poor' })).toBeVisible();
    await expect(c.getByRole('group', { name: 'Me (you)' })).toHaveAttribute('data-local', '');
  },
};

export const Speaking: Story = {
  args: { ambient: true },
  play: async ({ canvasElement }) => {
    // Speakers take turns in order: Ada first, then Grace; one tile speaks at a time.
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole('group', { name: 'Ada' })).toHaveAttribute('data-speaking'));
    nextSpeaker(canvasElement);
    await waitFor(() => expect(c.getByRole('group', { name: 'Grace' })).toHaveAttribute('data-speaking'));
    await expect(c.getByRole('group', { name: 'Ada' })).not.toHaveAttribute('data-speaking');
    await expect(canvasElement.querySelectorAll('[data-speaking]')).toHaveLength(1);
  },
};

export const NoSubscribe: Story = {
  args: { canSubscribe: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole('group', { name: 'Ada' })).getByText('Video unavailable: this session may not receive media')).toBeVisible();
    await expect(c.getByRole('group', { name: 'Ada' })).toHaveAttribute('data-video', 'unavailable');
  },
};

export const Parts: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <ParticipantName identity="p2" />
      <TrackMutedIndicator identity="p2" source={Track.Source.Microphone} />
      <ConnectionQualityIndicator identity="p2" />
    </p>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Grace')).toBeVisible();
    await expect(c.getByRole('img', { name: 'Microphone muted' })).toBeVisible();
    await expect(c.getByRole('img', { name: 'Connection: excellent' })).toBeVisible();
  },
};
