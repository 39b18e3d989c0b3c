import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RoomAudioRenderer, useParticipant, VideoTrack } from '@roomkit/react';
import { Track } from 'livekit-client';
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

export const MovingVideoAndAudio: Story = {
  play: async ({ canvasElement }) => {
    const video = within(canvasElement).getByLabelText("Ada's camera") as HTMLVideoElement;
    await waitFor(() => expect(video.videoWidth).toBeGreaterThan(0));
    const t0 = video.currentTime;
    await waitFor(() => expect(video.currentTime).toBeGreaterThan(t0));
    await expect(canvasElement.querySelectorAll('audio').length).toBeGreaterThan(0);
  },
};

export const NoSubscribe: Story = {
  args: { canSubscribe: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('audio')).toHaveLength(0);
  },
};
