import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { ConnectionQualityIndicator, GridLayout, ParticipantName, ParticipantTile, RoomProvider, TrackMutedIndicator, useRoom } from '@roomkit/react';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import { Track } from 'livekit-client';
import '@roomkit/react/styles.css';
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

/** Makes `identity` speak once rendered (the simulated room's `setSpeaking`). */
function Speaks({ identity }: { identity: string }) {
  const room = useRoom() as TestRoom;
  useEffect(() => void room.setSpeaking(identity, true), [room, identity]);
  return null;
}

/**
 * Your own tile while you speak: the ring shows over the mirrored camera (a transform makes the video a layer of its
 * own, which painted over the tile's outline before the ring moved to a layer above it).
 */
export const LocalSpeaking: Story = {
  render: () => (
    <div style={{ width: 320 }}>
      <ParticipantTile identity="me" />
      <Speaks identity="me" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const tile = within(canvasElement).getByRole('group', { name: 'Me (you)' });
    await waitFor(() => expect(tile).toHaveAttribute('data-speaking'));
    const video = tile.querySelector('video')!;
    await expect(getComputedStyle(video).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The ring's colour fades in (a 150 ms transition): wait for where it ends, not for a moment of it.
    const ring = getComputedStyle(tile, '::after');
    await waitFor(() => expect([ring.outlineStyle, ring.outlineColor, ring.zIndex, ring.position]).toEqual(['solid', 'rgb(31, 138, 76)', '1', 'absolute']));
  },
};

const LONG_NAME = 'Maria-Magdalena Anastasia Papadopoulou-Fitzgerald';

/** A name too long for its tile (in a grid, with a pin toggle) is cut with an ellipsis, and shows whole while the tile is hovered or holds focus. */
export const LongName: Story = {
  loaders: [async () => ({ room: createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'long', name: LONG_NAME, camera: true }] }) })],
  render: (_args, { loaded }) => (
    <RoomProvider room={(loaded as { room: TestRoom }).room}>
      <div style={{ width: 520, height: 180, display: 'flex' }}>
        <GridLayout />
      </div>
    </RoomProvider>
  ),
  play: async ({ canvasElement }) => {
    const tile = within(canvasElement).getByRole('group', { name: LONG_NAME });
    const name = tile.querySelector<HTMLElement>('.rk-participant-name')!;
    // Cut: the text is wider than its box.
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    // Focus inside the tile (its pin toggle) shows it whole, wrapped within the tile.
    const pin = within(tile).getByRole('button', { name: `Pin ${LONG_NAME}` });
    pin.focus();
    await expect(pin).toHaveFocus();
    await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth);
    await expect(name.getBoundingClientRect().right).toBeLessThanOrEqual(tile.getBoundingClientRect().right);
  },
};
