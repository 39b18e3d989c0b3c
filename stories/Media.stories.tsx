import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RoomAudioRenderer, useParticipant, VideoTrack } from '@roomkit/react';
import { Track } from 'livekit-client';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

function AdaCamera() {
  const ada = useParticipant('p1');
  const camera = ada?.tracks.find((t) => t.source === Track.Source.Camera);
  return (
    <figure style={{ width: 320, margin: 0 }}>
      {camera ? <VideoTrack track={camera} style={{ width: 320 }} aria-label="Ada's camera" /> : null}
      <RoomAudioRenderer />
    </figure>
  );
}

const meta = {
  title: 'Components/Media',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 3, ambient: false },
  argTypes: roomArgTypes,
  render: () => <AdaCamera />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A few of the video's pixels as it shows them now, to compare two moments of it. */
function pixels(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = 32;
  canvas.height = 18;
  const context = canvas.getContext('2d')!;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height).data.join(',');
}

/** The simulated camera moves (the toolbar's motion: moving), and the audio plays. */
export const MovingVideoAndAudio: Story = {
  globals: { motion: 'moving' },
  parameters: { pictures: { skip: 'its camera moves, which is what it shows; HeldFrame has the picture' } },
  play: async ({ canvasElement }) => {
    const video = within(canvasElement).getByLabelText("Ada's camera") as HTMLVideoElement;
    await waitFor(() => expect(video.videoWidth).toBeGreaterThan(0));
    const t0 = video.currentTime;
    await waitFor(() => expect(video.currentTime).toBeGreaterThan(t0));
    const before = pixels(video);
    // The camera draws a new frame every 100 ms; the bound leaves room for a loaded machine.
    await waitFor(() => expect(pixels(video)).not.toBe(before), { timeout: 5000 });
    await expect(canvasElement.querySelectorAll('audio').length).toBeGreaterThan(0);
  },
};

/**
 * `holdSimulatedFrames` (the toolbar's motion: still, as in the story tests): the video plays on, its picture stays
 * the same.
 */
export const HeldFrame: Story = {
  globals: { motion: 'still' },
  play: async ({ canvasElement }) => {
    const video = within(canvasElement).getByLabelText("Ada's camera") as HTMLVideoElement;
    await waitFor(() => expect(video.videoWidth).toBeGreaterThan(0));
    const before = pixels(video);
    const t0 = video.currentTime;
    // Several frames later (the camera sends 10 a second); the bound leaves room for a loaded machine.
    await waitFor(() => expect(video.currentTime).toBeGreaterThan(t0 + 0.3), { timeout: 5000 });
    await expect(pixels(video)).toBe(before);
  },
};

export const NoSubscribe: Story = {
  args: { canSubscribe: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('audio')).toHaveLength(0);
  },
};
