import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MediaDeviceSelect, PreJoin } from '@roomkit/react';
import { flipsToTheBackCamera } from './cameraFlip';
import { arabic } from './arabicLabels';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { expectOffered } from './engineSupport';

const onSubmit = fn();

const meta = {
  title: 'Prefabs/PreJoin',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 0, ambient: false },
  argTypes: roomArgTypes,
  parameters: { pictures: { variants: 'all' } },
  render: () => <PreJoin onSubmit={onSubmit} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Publisher: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const preview = c.getByLabelText('Camera preview') as HTMLVideoElement;
    await waitFor(() => expect(preview.videoWidth).toBeGreaterThan(0));
    // The speaker's select, named as the microphone's and the camera's rows are: an icon and "Speaker" beside it.
    // Where the browser can choose the speaker (not WebKitGTK).
    const speaker = c.queryByRole('combobox', { name: 'Choose speaker' });
    await expectOffered('speakerSelection', speaker);
    if (speaker) await expect(within(speaker.closest<HTMLElement>('.rk-control-group')!).getByText('Speaker')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Microphone' }));
    await userEvent.click(c.getByRole('button', { name: 'Join' }));
    await expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ audioEnabled: false, videoEnabled: true, viewer: false }));
  },
};

/**
 * A waiting room's guest (a token without any right, until a host lets them in): the same choices as a publisher,
 * which publish once they are let in with publishing.
 */
export const WaitingGuest: Story = {
  args: { canPublish: false, canSubscribe: false, canPublishData: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const preview = c.getByLabelText('Camera preview') as HTMLVideoElement;
    await waitFor(() => expect(preview.videoWidth).toBeGreaterThan(0));
    await expect(c.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(c.getByRole('button', { name: 'Join' }));
    await expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ audioEnabled: true, videoEnabled: true, viewer: false }));
  },
};

export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByLabelText('Camera preview')).toBeNull();
    await expect(c.getByText(/You will join as a viewer/)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Join as viewer' }));
    await expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ viewer: true }));
  },
};

/**
 * A browser that cannot join calls (no WebRTC: Debian's WebKitGTK, some in-app browsers): PreJoin says so and which
 * browsers can, and Join is disabled; the preview still shows (the camera opens), and there is no connection test.
 */
export const BrowserCannotJoin: Story = {
  args: { browserSupport: { join: 'no' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const message = 'This browser cannot join calls. Open this page in a current Chrome or Edge, Firefox, or Safari.';
    await expect(c.getByText(message)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Join' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Join' })).toHaveAccessibleDescription(message);
    await expect(c.queryByRole('button', { name: 'Test connection' })).toBeNull();
    const preview = c.getByLabelText('Camera preview') as HTMLVideoElement;
    await waitFor(() => expect(preview.videoWidth).toBeGreaterThan(0));
  },
};

/** A browser that cannot choose the speaker (no `setSinkId`, or Safari): no speaker row, no "Speaker" word. */
export const NoSpeakerChoice: Story = {
  args: { browserSupport: { speakerSelection: 'no' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Choose microphone' })).toBeVisible();
    await expect(c.queryByRole('combobox', { name: 'Choose speaker' })).toBeNull();
    await expect(c.queryByText('Speaker')).toBeNull();
    await expect(c.getByRole('button', { name: 'Join' })).toBeEnabled();
  },
};

/** On a phone, the preview can be flipped between the front and back cameras before joining. */
export const PhoneCameras: Story = {
  args: { phone: true },
  play: async ({ canvasElement }) => flipsToTheBackCamera(canvasElement),
};

export const DeviceSelects: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <MediaDeviceSelect kind="audioinput" />
      <MediaDeviceSelect kind="videoinput" />
      <MediaDeviceSelect kind="audiooutput" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mic = c.getByLabelText('Choose microphone');
    await waitFor(() => expect(within(mic).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(mic, 'mic-2');
    await waitFor(() => expect(mic).toHaveValue('mic-2'));
  },
};

export const DeviceSelectsForViewer: Story = {
  ...DeviceSelects,
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByLabelText('Choose microphone')).toBeNull();
    // A viewer still chooses where the meeting plays, where the browser can (not WebKitGTK).
    await expectOffered('speakerSelection', c.queryByLabelText('Choose speaker'));
  },
};

/** Right to left (the toolbar's direction) with an Arabic label set. */
export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  parameters: { labels: arabic },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const preview = c.getByLabelText('معاينة الكاميرا') as HTMLVideoElement;
    await expect(getComputedStyle(preview).direction).toBe('rtl');
    await waitFor(() => expect(preview.videoWidth).toBeGreaterThan(0));
    await expect(c.getByRole('button', { name: 'انضمام' })).toBeVisible();
    await expect(c.getByLabelText('الاسم الظاهر')).toBeVisible();
  },
};
