import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ControlBar, EffectsControl, PreJoin, TrackToggle, type BackgroundEffectsConfig } from '@roomkit/react';
import { fakeBackgroundProcessors } from '@roomkit/react/testing';
import { Track } from 'livekit-client';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { expectNoBlankControls } from './blankControls';
import { expectOffered } from './engineSupport';

/** The testing kit's stand-in for @livekit/track-processors: no MediaPipe, a 2D-canvas blur. */
const config = (options?: Parameters<typeof fakeBackgroundProcessors>[0]): BackgroundEffectsConfig => ({
  load: () => fakeBackgroundProcessors(options),
  wasmUrl: '/mediapipe/wasm',
  modelUrl: '/mediapipe/selfie_segmenter.tflite',
});
const backgrounds = [{ url: '/beach.jpg', label: 'Beach' }];

const meta = {
  title: 'Components/EffectsControl',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 0, ambient: false },
  argTypes: roomArgTypes,
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <TrackToggle source={Track.Source.Camera} />
      <EffectsControl config={config()} backgrounds={backgrounds} />
    </div>
  ),
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A publisher: None, Blur, a virtual background, and the noise filter. Blur applies once loaded. */
export const Supported: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Camera' }));
    const group = c.getByRole('radiogroup', { name: 'Effects' });
    await expect(c.getByRole('radio', { name: 'No effect' })).toBeChecked();
    await userEvent.click(c.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(group.closest('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    await userEvent.click(c.getByRole('radio', { name: 'Beach' }));
    await waitFor(() => expect(c.getByRole('radio', { name: 'Beach' })).toBeChecked());
    // The noise filter, on by default, where the browser can switch noise suppression (Chromium; not WebKitGTK).
    const noise = c.queryByRole('switch', { name: 'Noise filter' });
    await expectOffered('noiseFilter', noise);
    if (noise) await expect(noise).toHaveAttribute('aria-checked', 'true');
  },
};

/** While @livekit/track-processors and the model load: the choice shows, with a status. */
export const Loading: Story = {
  render: () => <EffectsControl config={config({ loadDelayMs: 600_000 })} backgrounds={backgrounds} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('radio', { name: 'Blur background' }));
    await expect(await c.findByRole('status')).toHaveTextContent('Applying effect…');
    await expect(c.getByRole('radiogroup', { name: 'Effects' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** @livekit/track-processors is not installed (or its assets failed): an `effects-unavailable` error. */
export const Failed: Story = {
  render: () => <EffectsControl config={config({ failLoad: true })} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('radio', { name: 'Blur background' }));
    await expect(await c.findByRole('alert')).toHaveTextContent('This effect is not available here.');
  },
};

/** A viewer may publish nothing: no effects. */
export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('radiogroup')).toBeNull();
    await expect(c.queryByRole('switch')).toBeNull();
  },
};

/** A hidden observer: no effects. */
export const HiddenObserver: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('radiogroup')).toBeNull();
  },
};

/** A browser without VideoFrame or noise-suppression constraints: the controls are absent. */
export const Unsupported: Story = {
  beforeEach: () => {
    const g = globalThis as Record<string, unknown>;
    const frame = g.VideoFrame;
    const constraints = navigator.mediaDevices.getSupportedConstraints;
    g.VideoFrame = undefined;
    navigator.mediaDevices.getSupportedConstraints = () => ({});
    return () => {
      g.VideoFrame = frame;
      navigator.mediaDevices.getSupportedConstraints = constraints;
    };
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Camera' })).toBeVisible();
    await expect(c.queryByRole('radiogroup')).toBeNull();
    await expect(c.queryByRole('switch')).toBeNull();
  },
};

/** In the call: ControlBar's `effects` slot, collapsed behind an "Effects" button. */
export const InControlBar: Story = {
  render: () => <ControlBar controls={{ effects: <EffectsControl collapsible config={config()} backgrounds={backgrounds} /> }} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expectNoBlankControls(c.getByRole('toolbar'));
    await userEvent.click(c.getByText('Effects'));
    await userEvent.click(c.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(canvasElement.querySelector('.rk-effects')).toHaveAttribute('data-state', 'applied'));
  },
};

/** Before joining: the effect applies to the preview and carries over to the camera published on join. */
export const InPreJoin: Story = {
  args: { connectionState: 'disconnected' },
  render: () => <PreJoin onSubmit={() => {}} effects={<EffectsControl config={config()} backgrounds={backgrounds} />} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('radio', { name: 'Blur background' }));
    await waitFor(() => expect(canvasElement.querySelector('.rk-effects')).toHaveAttribute('data-state', 'applied'));
    await expect(c.getByLabelText('Camera preview')).toBeVisible();
  },
};
