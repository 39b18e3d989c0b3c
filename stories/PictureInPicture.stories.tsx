import type { Meta, StoryObj } from '@storybook/react-vite';
import { Track } from 'livekit-client';
import { useEffect, useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ControlBar, PictureInPictureView, usePinned } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { expectOffered, offers } from './engineSupport';

/**
 * What this story's browser offers: its own (`real`), nothing, only the video element's picture-in-picture, or a
 * Document Picture-in-Picture whose window is drawn in the page as a frame (`framed`: a synthetic click may open
 * it, and designers see the window's content beside the bar).
 */
type Browser = 'real' | 'none' | 'video' | 'framed';

let frameHost: HTMLElement | null = null;

/** Stands in for the browser's picture-in-picture while mounted, and puts the real one back after. */
function SimulatedBrowser({ browser, children }: { browser: Browser; children: ReactNode }) {
  // Patched before the children first render (they read the support once), restored when the story unmounts.
  const [saved] = useState(() => {
    const original = Object.getOwnPropertyDescriptor(HTMLVideoElement.prototype, 'requestPictureInPicture');
    if (browser === 'real') return original;
    const requestWindow = async ({ width = 360, height = 300 }: { width?: number; height?: number } = {}) => {
      const frame = document.createElement('iframe');
      frame.title = 'Picture-in-picture window (drawn in the page)';
      frame.className = 'story-pip-frame';
      Object.assign(frame.style, { width: `${width}px`, height: `${height}px`, border: '1px solid #888', borderRadius: '8px' });
      frameHost!.append(frame);
      const win = frame.contentWindow!;
      // The real window closes itself; a frame leaves the page (its document gets `pagehide`).
      Object.defineProperty(win, 'close', { value: () => frame.remove(), configurable: true });
      return win;
    };
    Object.defineProperty(window, 'documentPictureInPicture', { value: browser === 'framed' ? { requestWindow } : undefined, configurable: true });
    if (browser === 'none') Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', { value: undefined, configurable: true });
    // A browser with the video element's picture-in-picture, in one that has none (WebKitGTK): it opens nothing here.
    if (browser === 'video' && !original) {
      const requestPictureInPicture = () => Promise.reject(new DOMException('Simulated: no window opens in this story', 'NotAllowedError'));
      Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', { value: requestPictureInPicture, configurable: true });
    }
    return original;
  });
  useEffect(
    () => () => {
      if (browser === 'real') return;
      delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
      // The browser's own again: its property back, or none where it has none (WebKitGTK).
      if (browser === 'none' || browser === 'video') {
        if (saved) Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', saved);
        else delete (HTMLVideoElement.prototype as { requestPictureInPicture?: unknown }).requestPictureInPicture;
      }
    },
    [browser, saved],
  );
  return (
    <>
      {children}
      <div ref={(el) => void (frameHost = el)} style={{ marginTop: 12 }} />
    </>
  );
}

interface PipArgs extends RoomArgs {
  browser: Browser;
}

const meta = {
  title: 'Components/PictureInPicture',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 3, ambient: false, browser: 'real' },
  argTypes: { ...roomArgTypes, browser: { control: 'inline-radio', options: ['real', 'none', 'video', 'framed'] } },
  render: ({ browser }) => (
    <SimulatedBrowser browser={browser}>
      <ControlBar controls={{ pictureInPicture: true, devices: false }} />
    </SimulatedBrowser>
  ),
} satisfies Meta<PipArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const toggle = (canvas: HTMLElement) => within(canvas).getByRole('button', { name: 'Picture-in-picture' });

/**
 * This browser's own support: Chromium has Document Picture-in-Picture, so the toggle, not pressed, reachable by
 * keyboard; WebKitGTK has no picture-in-picture at all, so no toggle.
 */
export const ButtonIdle: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Leave' })).toBeVisible());
    await expectOffered('pictureInPicture', within(canvasElement).queryByRole('button', { name: 'Picture-in-picture' }));
    if (!offers('pictureInPicture')) return;
    const button = toggle(canvasElement);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).not.toHaveAttribute('aria-disabled');
    button.focus();
    await expect(button).toHaveFocus();
  },
};

/**
 * Open: the window (drawn here as a frame) shows the speaker's tile with a microphone toggle and a leave button,
 * styled by RoomKit's stylesheet; the toggle is pressed. Pressing it again closes the window.
 */
export const ButtonActive: Story = {
  args: { browser: 'framed' },
  play: async ({ canvasElement }) => {
    const button = await waitFor(() => toggle(canvasElement));
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    const frame = canvasElement.querySelector<HTMLIFrameElement>('iframe.story-pip-frame')!;
    const doc = frame.contentDocument!;
    const inWindow = within(doc.body);
    await waitFor(() => expect(inWindow.getByRole('group', { name: 'Ada' })).toBeTruthy());
    await expect(inWindow.getByRole('button', { name: 'Microphone' })).toBeTruthy();
    await expect(inWindow.getByRole('button', { name: 'Leave' })).toBeTruthy();
    await expect(doc.title).toBe('Meeting (picture-in-picture)');
    await expect(getComputedStyle(doc.querySelector('.rk-pip')!).position).toBe('fixed');
    // The window's own microphone toggle works on this session.
    await userEvent.click(inWindow.getByRole('button', { name: 'Microphone' }));
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'true'));

    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    await expect(canvasElement.querySelector('iframe.story-pip-frame')).toBeNull();
  },
};

/** A viewer may watch in picture-in-picture too: the window has no microphone toggle. */
export const ButtonActiveViewer: Story = {
  args: { browser: 'framed', canPublish: false },
  play: async ({ canvasElement }) => {
    const button = await waitFor(() => toggle(canvasElement));
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    const inWindow = within(canvasElement.querySelector<HTMLIFrameElement>('iframe.story-pip-frame')!.contentDocument!.body);
    await waitFor(() => expect(inWindow.getByRole('group', { name: 'Ada' })).toBeTruthy());
    await expect(inWindow.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(inWindow.getByRole('button', { name: 'Leave' })).toBeTruthy();
  },
};

/** A browser with neither Document Picture-in-Picture nor the video element's: no toggle at all. */
export const ButtonUnsupported: Story = {
  args: { browser: 'none' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Picture-in-picture' })).toBeNull();
  },
};

/** Only the video element's picture-in-picture, and nobody's video is on: the toggle says why it cannot open. */
export const ButtonVideoOnlyWithoutVideo: Story = {
  args: { browser: 'video', participants: 0, canPublish: false },
  play: async ({ canvasElement }) => {
    const button = await waitFor(() => toggle(canvasElement));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription('No video to show yet');
  },
};

const viewBox = { width: 360, height: 300, display: 'flex' } as const;

/** The window's content, inline for designers: the main speaker's tile, microphone and leave. */
export const ViewSpeaker: Story = {
  render: () => (
    <div style={viewBox}>
      <PictureInPictureView />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('region', { name: 'Meeting (picture-in-picture)' })).toBeVisible();
    await expect(c.getByRole('group', { name: 'Ada' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Microphone' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};

function PinLinus() {
  const [, setPinned] = usePinned();
  useEffect(() => setPinned({ identity: 'p3', source: Track.Source.Camera }), [setPinned]);
  return null;
}

/** The pinned tile wins over the speaker. */
export const ViewPinned: Story = {
  render: () => (
    <div style={viewBox}>
      <PinLinus />
      <PictureInPictureView />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('group', { name: 'Linus' })).toBeVisible());
  },
};

/** A viewer watches in picture-in-picture, without a microphone toggle. */
export const ViewViewer: Story = {
  args: { canPublish: false },
  render: ViewSpeaker.render,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: 'Ada' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};

/** A hidden observer may watch too: no microphone, and never a tile of its own. */
export const ViewHiddenObserver: Story = {
  args: { hidden: true, participants: 2 },
  render: ViewSpeaker.render,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: 'Ada' })).toBeVisible();
    await expect(c.queryByRole('group', { name: /you/ })).toBeNull();
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};
