import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ConnectionStateToast, RecordingControl, RecordingIndicator, StartAudio } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { RefusedJoin } from './joinStates';

const meta = {
  title: 'Components/Status',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 1, ambient: false },
  argTypes: roomArgTypes,
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      <ConnectionStateToast />
      <RecordingIndicator />
      <RecordingControl onStartRecording={async () => {}} onStopRecording={async () => {}} />
      <StartAudio />
    </div>
  ),
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/Connecting|Reconnecting|Disconnected/)).toBeNull();
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Connecting: Story = {
  args: { connectionState: 'connecting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Connecting…');
  },
};

export const Reconnecting: Story = {
  args: { connectionState: 'reconnecting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Connection lost. Reconnecting…')).toBeVisible();
  },
};

export const Disconnected: Story = {
  args: { connectionState: 'disconnected' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Disconnected: the meeting server shut down')).toBeVisible();
  },
};

/** A refused join (401): the toast says what went wrong in words, never the error code. */
export const JoinRefused: Story = {
  render: () => (
    <RefusedJoin>
      <ConnectionStateToast />
    </RefusedJoin>
  ),
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByText('You are not allowed to join this meeting.');
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('data-state', 'disconnected');
    await expect(within(canvasElement).queryByText(/unauthorized/)).toBeNull();
  },
};

export const Recording: Story = {
  args: { recording: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Recording')).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: /recording/ })).toBeNull();
  },
};

export const Recorder: Story = {
  args: { roomRecord: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start recording' }));
    await expect(within(canvasElement).getByRole('button', { name: 'Start recording' })).toBeEnabled();
  },
};

export const AutoplayBlocked: Story = {
  args: { audioPlaybackBlocked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Allow audio' })).toBeVisible();
  },
};
