import type { Meta, StoryObj } from '@storybook/react-vite';
import { Track } from 'livekit-client';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ControlBar, MediaDeviceSelect, PreJoin, RoomProvider, TrackToggle, USER_CHOICES_STORAGE_KEY } from '@roomkit/react';
import { createTestRoom, type TestRoom, type TestRoomInit } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { expectOffered } from './engineSupport';

/** Device problems, remembered choices and the speaker select, in a simulated room whose browser can refuse devices. */
interface DeviceArgs {
  init: TestRoomInit;
  rememberChoices?: boolean;
}

const DEVICES: TestRoomInit['devices'] = {
  audioinput: [
    { deviceId: 'mic-1', label: 'Built-in microphone' },
    { deviceId: 'mic-2', label: 'USB headset' },
  ],
  videoinput: [
    { deviceId: 'cam-1', label: 'HD camera' },
    { deviceId: 'cam-2', label: 'USB camera' },
  ],
  audiooutput: [
    { deviceId: 'spk-1', label: 'Speakers' },
    { deviceId: 'spk-2', label: 'Headphones' },
  ],
};

const rooms = new WeakMap<HTMLElement, TestRoom>();

function DeviceRoom({ init, rememberChoices, children }: DeviceArgs & { children: ReactNode }) {
  const room = useMemo(() => createTestRoom({ name: 'devices', devices: DEVICES, ...init, local: { identity: 'me', name: 'Me', ...init.local } }), [init]);
  return (
    <RoomProvider room={room} {...(rememberChoices === undefined ? {} : { rememberChoices })}>
      <div className="rk-root" style={{ padding: 12 }} ref={(el) => void (el && rooms.set(el, room))}>
        {children}
      </div>
    </RoomProvider>
  );
}

const roomOf = (canvas: HTMLElement) => rooms.get(canvas.querySelector<HTMLElement>('.rk-root')!)!;
const onSubmit = fn();
const stored = () => JSON.parse(localStorage.getItem(USER_CHOICES_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;

const meta = {
  title: 'Devices/Problems and choices',
  args: { init: {} },
  render: ({ init, rememberChoices }) => (
    <DeviceRoom init={init} {...(rememberChoices === undefined ? {} : { rememberChoices })}>
      <PreJoin onSubmit={onSubmit} />
    </DeviceRoom>
  ),
} satisfies Meta<DeviceArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const toggles = ({ init }: DeviceArgs) => (
  <DeviceRoom init={init}>
    <div role="toolbar" aria-label="Devices" style={{ display: 'flex', gap: 8 }}>
      <TrackToggle source={Track.Source.Microphone} />
      <TrackToggle source={Track.Source.Camera} />
    </div>
  </DeviceRoom>
);

/** The camera is blocked: PreJoin names the fix, offers to try again, and still joins with the microphone. */
export const PreJoinCameraBlocked: Story = {
  args: { init: { deviceFailures: { videoinput: 'permission-denied' } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent('Camera blocked: allow it in the address bar, then try again');
    await expect(c.getByRole('button', { name: 'Camera' })).toHaveAttribute('data-error', 'permission-denied');
    await userEvent.click(c.getByRole('button', { name: 'Join' }));
    await expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ audioEnabled: true }));
    roomOf(canvasElement).setDeviceFailure('videoinput', undefined);
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(c.queryByRole('alert')).toBeNull());
  },
};

/** Another app holds the camera. */
export const PreJoinCameraInUse: Story = {
  args: { init: { deviceFailures: { videoinput: 'device-in-use' } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent('Camera in use by another app: close that app, then try again');
  },
};

function toggleStory(code: 'permission-denied' | 'device-not-found' | 'device-in-use', words: string): Story {
  return {
    args: { init: { deviceFailures: { videoinput: code } } },
    render: toggles,
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      const camera = c.getByRole('button', { name: 'Camera' });
      await userEvent.click(camera);
      await waitFor(() => expect(camera).toHaveAttribute('data-error', code));
      await expect(camera).toHaveAccessibleDescription(words);
      await expect(c.getByRole('button', { name: 'Microphone' })).not.toHaveAttribute('data-error');
    },
  };
}

/** The camera toggle after the browser refused the camera. */
export const TogglePermissionDenied = toggleStory('permission-denied', 'Camera blocked: allow it in the address bar, then try again');
/** No camera is connected. */
export const ToggleDeviceNotFound = toggleStory('device-not-found', 'No camera found: connect one, then try again');
/** Another app holds the camera. */
export const ToggleDeviceInUse = toggleStory('device-in-use', 'Camera in use by another app: close that app, then try again');

/** The camera is unplugged mid-call; pressing the toggle again switches to the other camera. */
export const ToggleDeviceLost: Story = {
  args: { init: { local: { camera: true } } },
  render: toggles,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const camera = c.getByRole('button', { name: 'Camera' });
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    roomOf(canvasElement).unplugDevice('cam-1');
    await waitFor(() => expect(camera).toHaveAttribute('data-error', 'device-lost'));
    await expect(camera).toHaveAccessibleDescription('Camera disconnected: reconnect it or choose another, then try again');
    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    await expect(camera).not.toHaveAttribute('data-error');
  },
};

/** The remembered camera is not connected: the default is used, and the select says so. */
export const SavedCameraMissing: Story = {
  beforeEach: () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ videoDeviceId: 'cam-gone', displayName: 'Remembered name' }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Your saved camera is not connected; using the default camera');
    await expect(c.getByLabelText('Choose camera')).toHaveValue('cam-1');
    await expect(c.getByLabelText('Display name')).toHaveValue('Remembered name');
  },
};

/** The control bar's device selects, with the speaker where this browser can choose the audio output (not WebKitGTK). */
export const SpeakerSelect: Story = {
  render: ({ init }) => (
    <DeviceRoom init={init}>
      <ControlBar />
    </DeviceRoom>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByLabelText('Choose microphone')).toBeVisible());
    const speaker = c.queryByLabelText('Choose speaker');
    await expectOffered('speakerSelection', speaker);
    if (speaker) await waitFor(() => expect(within(speaker).getAllByRole('option')).toHaveLength(2));
  },
};

/** Where the browser cannot choose the audio output (no `setSinkId`), there is no speaker select. */
export const SpeakerUnsupported: Story = {
  ...SpeakerSelect,
  beforeEach: () => {
    const proto = HTMLMediaElement.prototype as { setSinkId?: unknown };
    const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'setSinkId');
    delete proto.setSinkId;
    return () => {
      if (original) Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', original);
    };
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByLabelText('Choose microphone')).toBeVisible());
    await expect(c.queryByLabelText('Choose speaker')).toBeNull();
  },
};

/** A hidden observer: nothing of it is remembered, and nothing remembered is shown to it. */
export const HiddenObserverRemembersNothing: Story = {
  args: { init: { local: { name: 'Observer', grants: { hidden: true } } } },
  beforeEach: () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ displayName: 'Someone else' }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Display name')).toHaveValue('Observer');
    await userEvent.click(c.getByRole('button', { name: 'Join as viewer' }));
    await expect(stored()).toEqual({ displayName: 'Someone else' });
  },
};

/** A viewer: its name is remembered, microphone and camera switches are not. */
export const ViewerRemembersOnlyTheName: Story = {
  args: { init: { local: { name: 'Val', grants: { canPublish: false } } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Join as viewer' }));
    await expect(stored()).toEqual({ displayName: 'Val' });
  },
};

/** `rememberChoices={false}`: nothing is read or written. */
export const RememberingOff: Story = {
  args: { init: {}, rememberChoices: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Join' }));
    await expect(stored()).toBeNull();
  },
};

/** Every device select in one place. */
export const AllSelects: Story = {
  render: ({ init }) => (
    <DeviceRoom init={init}>
      <div style={{ display: 'flex', gap: 8 }}>
        <MediaDeviceSelect kind="audioinput" />
        <MediaDeviceSelect kind="videoinput" />
        <MediaDeviceSelect kind="audiooutput" />
      </div>
    </DeviceRoom>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const camera = c.getByLabelText('Choose camera');
    await waitFor(() => expect(within(camera).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(camera, 'cam-2');
    await waitFor(() => expect(stored()).toEqual({ videoDeviceId: 'cam-2' }));
  },
};
