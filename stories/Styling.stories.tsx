import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { Track } from 'livekit-client';
import { expect, userEvent, within } from 'storybook/test';
import { LeaveButton, RoomProvider, TrackToggle, VideoConference } from '@roomkit/react';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { storyDevices } from './storyDevices';

/*
 * Theming as Docs/Styling shows it, with no `.rk-root` of Storybook's around the app (these stories have no room
 * decorator): CSS variables set on an element of the app reach everything inside it, a VideoConference (whose own
 * `.rk-root` is then the outermost) and components used alone, outside any `.rk-root`.
 */

interface Loaded {
  room: TestRoom;
}

const meta = {
  title: 'Styling/Theme variables',
  parameters: { layout: 'fullscreen' },
  loaders: [
    async (): Promise<Loaded> => ({
      room: createTestRoom({
        devices: storyDevices,
        local: { identity: 'me', name: 'Me' },
        participants: [{ identity: 'ann', name: 'Ann', camera: true, microphone: true }],
      }),
    }),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const room = (context: { loaded: unknown }) => (context.loaded as Loaded).room;
const background = (element: Element) => getComputedStyle(element).backgroundColor;

/**
 * Docs/Styling's `.my-meeting` example: the app's wrapper sets the accent (another one where a dark theme is forced
 * inside it) and the danger colour, in plain values that every CSS pipeline keeps.
 */
const APP_CSS = `.my-meeting { --rk-accent: #6b21a8; --rk-danger: #8b1a1a; padding: 12px; }
.my-meeting [data-rk-theme='dark'] { --rk-accent: #d8b4fe; }`;

/** The app's wrapper around a conference forced into `theme`. */
const wrapped = (theme: 'light' | 'dark') =>
  function Wrapped(_args: unknown, context: { loaded: unknown }) {
    return (
      <RoomProvider room={room(context)}>
        <style>{APP_CSS}</style>
        <div className="my-meeting">
          <VideoConference style={{ height: 560 }} data-rk-theme={theme} />
        </div>
      </RoomProvider>
    );
  };

/** Opens chat and returns its toggle, pressed. */
async function openChat(canvasElement: HTMLElement) {
  const chat = within(canvasElement).getByRole('button', { name: 'Chat' });
  await userEvent.click(chat);
  await expect(chat).toHaveAttribute('aria-pressed', 'true');
  return chat;
}

/** A wrapper of the app's around the conference: its accent colours the pressed toggles, its danger colour Leave. */
export const WrapperAroundConference: Story = {
  render: wrapped('light'),
  play: async ({ canvasElement }) => {
    await expect(background(await openChat(canvasElement))).toBe('rgb(107, 33, 168)');
    await expect(background(within(canvasElement).getByRole('button', { name: 'Leave' }))).toBe('rgb(139, 26, 26)');
  },
};

/** The same wrapper around a conference in the dark theme: the app's dark accent applies. */
export const WrapperAroundConferenceDark: Story = {
  render: wrapped('dark'),
  play: async ({ canvasElement }) => {
    await expect(background(await openChat(canvasElement))).toBe('rgb(216, 180, 254)');
  },
};

/**
 * One accent for every theme, set inline on a wrapper around a conference forced dark: the app's value wins over the
 * dark theme's default (the theme's defaults are declared on the themed element, the app's value is read first).
 */
export const WrapperAccentInEveryTheme: Story = {
  render: (_args, context) => (
    <RoomProvider room={room(context)}>
      <div style={{ '--rk-accent': '#0f766e', padding: 12 } as CSSProperties}>
        <VideoConference style={{ height: 560 }} data-rk-theme="dark" />
      </div>
    </RoomProvider>
  ),
  play: async ({ canvasElement }) => {
    await expect(background(await openChat(canvasElement))).toBe('rgb(15, 118, 110)');
    // The rest of the dark theme still applies: Leave keeps the dark danger colour.
    await expect(background(within(canvasElement).getByRole('button', { name: 'Leave' }))).toBe('rgb(255, 138, 128)');
  },
};

/**
 * Components used alone, in the app's own bar with no `.rk-root` anywhere: they take the stylesheet's values
 * (the page's colour scheme, light here), and the app's variables where it sets them.
 */
export const ComponentsAlone: Story = {
  render: (_args, context) => (
    <RoomProvider room={room(context)}>
      <div style={{ display: 'flex', gap: 8, padding: 12, colorScheme: 'light' }}>
        <TrackToggle source={Track.Source.Camera} />
        <LeaveButton />
        <span style={{ '--rk-danger': '#8b1a1a' } as CSSProperties}>
          <LeaveButton labels={{ leave: 'Leave (themed)' }} />
        </span>
      </div>
    </RoomProvider>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(background(c.getByRole('button', { name: 'Camera' }))).toBe('rgb(241, 243, 245)');
    await expect(background(c.getByRole('button', { name: 'Leave' }))).toBe('rgb(179, 38, 30)');
    await expect(background(c.getByRole('button', { name: 'Leave (themed)' }))).toBe('rgb(139, 26, 26)');
  },
};
