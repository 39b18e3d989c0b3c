import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MeetingShortcutsDialog, VideoConference, parseShortcut, type MeetingShortcuts } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

/**
 * The meeting's keyboard shortcuts: Alt+Shift (Option+Shift on a Mac) with M, V, P, H, C and K. The play functions
 * press the keys with `userEvent.keyboard` in Chromium and read what the list shows and what the polite live region
 * says; each grant combination lists only the shortcuts that can act.
 */
type Args = RoomArgs & { shortcuts?: MeetingShortcuts | false };

const meta = {
  title: 'Prefabs/Keyboard shortcuts',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 2, ambient: false },
  argTypes: roomArgTypes,
  parameters: { layoutHeight: '640px' },
  render: ({ shortcuts }) => <VideoConference style={{ height: 600 }} {...(shortcuts === undefined ? {} : { shortcuts })} />,
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every wait of these stories, bounded. */
const BOUND = { timeout: 5_000 };

const announcer = (canvas: HTMLElement) => canvas.querySelector('[data-testid="rk-announcer"]')!;

/** Opens the list with its keys and returns the actions it lists, in order. */
async function openList(canvas: HTMLElement) {
  await userEvent.keyboard('{Alt>}{Shift>}K{/Shift}{/Alt}');
  const dialog = await within(canvas).findByRole('dialog', { name: 'Keyboard shortcuts' }, BOUND);
  await expect(dialog).toHaveFocus();
  return [...dialog.querySelectorAll('[data-action]')].map((row) => row.getAttribute('data-action'));
}

/** The list open over a publisher's meeting (light theme): every shortcut, each with its keys. */
export const DialogOpen: Story = {
  play: async ({ canvasElement }) => {
    await expect(await openList(canvasElement)).toEqual(['toggleMicrophone', 'toggleCamera', 'pushToTalk', 'raiseHand', 'openChat', 'showShortcuts']);
    const dialog = within(canvasElement).getByRole('dialog');
    await expect(within(dialog).getByText('Turn microphone on or off').nextElementSibling).toHaveTextContent('Alt+Shift+M');
  },
};

/** The same list in the dark theme. */
export const DialogOpenDark: Story = {
  ...DialogOpen,
  globals: { theme: 'dark' },
};

/** A viewer (no canPublish): no microphone, camera or hold-to-talk shortcut, and the list leaves them out. */
export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await expect(await openList(canvasElement)).toEqual(['raiseHand', 'openChat', 'showShortcuts']);
    await expect(announcer(canvasElement)).toHaveTextContent('');
  },
};

/** Without canPublishData: no raise-hand shortcut; chat still opens, to read. */
export const NoDataGrant: Story = {
  args: { canPublishData: false },
  play: async ({ canvasElement }) => {
    await expect(await openList(canvasElement)).toEqual(['toggleMicrophone', 'toggleCamera', 'pushToTalk', 'openChat', 'showShortcuts']);
  },
};

/** A hidden observer publishes nothing and raises no hand: chat and the list only. */
export const HiddenObserver: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    await expect(await openList(canvasElement)).toEqual(['openChat', 'showShortcuts']);
  },
};

/** Alt+Shift+M pressed on the page: the microphone goes on, then off, and each is said politely. */
export const MicrophoneByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const mic = within(canvasElement).getByRole('button', { name: 'Microphone' });
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await waitFor(() => expect(mic).toHaveAttribute('aria-pressed', 'true'), BOUND);
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Microphone on'), BOUND);
    await expect(announcer(canvasElement)).toHaveAttribute('aria-live', 'polite');
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await waitFor(() => expect(mic).toHaveAttribute('aria-pressed', 'false'), BOUND);
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Microphone off'), BOUND);
  },
};

/** Alt+Shift+P held: the muted microphone is live until P is let go. */
export const HoldToTalk: Story = {
  play: async ({ canvasElement }) => {
    const mic = within(canvasElement).getByRole('button', { name: 'Microphone' });
    // One user for both calls: it remembers the keys still held.
    const user = userEvent.setup();
    await user.keyboard('{Alt>}{Shift>}[KeyP>]');
    await waitFor(() => expect(mic).toHaveAttribute('aria-pressed', 'true'), BOUND);
    await user.keyboard('[/KeyP]{/Shift}{/Alt}');
    await waitFor(() => expect(mic).toHaveAttribute('aria-pressed', 'false'), BOUND);
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Microphone off'), BOUND);
  },
};

/** Alt+Shift+C opens chat with focus in the message field; the same keys typed there then do nothing. */
export const ChatAndTyping: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}');
    const input = c.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toHaveFocus(), BOUND);
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await expect(c.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.queryByRole('dialog')).toBeNull();
  },
};

/** Opened from its button with Enter: Escape closes it and focus goes back to the button. */
export const FromItsButton: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const button = c.getByRole('button', { name: 'Keyboard shortcuts' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(c.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveFocus();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Close keyboard shortcuts' })).toHaveFocus();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Close keyboard shortcuts' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(c.queryByRole('dialog')).toBeNull();
    await expect(button).toHaveFocus();
  },
};

/** Rebound by the app: the microphone on Alt+Shift+U, no raise hand; the list shows the app's keys. */
export const Rebound: Story = {
  args: { shortcuts: { toggleMicrophone: 'Alt+Shift+U', raiseHand: false } },
  play: async ({ canvasElement }) => {
    await expect(await openList(canvasElement)).toEqual(['toggleMicrophone', 'toggleCamera', 'pushToTalk', 'openChat', 'showShortcuts']);
    await expect(within(canvasElement).getByText('Turn microphone on or off').nextElementSibling).toHaveTextContent('Alt+Shift+U');
  },
};

/** Turned off by the app (`shortcuts={false}`): no button, and the keys do nothing. */
export const Off: Story = {
  args: { shortcuts: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('button', { name: 'Keyboard shortcuts' })).toBeNull();
    await userEvent.keyboard('{Alt>}{Shift>}KM{/Shift}{/Alt}');
    await expect(c.queryByRole('dialog')).toBeNull();
    await expect(c.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** The list as on an Apple keyboard: ⌥ ⇧ ⌘ with each key's name for screen readers, no "+". */
export const AppleKeys: Story = {
  render: () => (
    <MeetingShortcutsDialog
      apple
      shortcuts={(['Alt+Shift+M', 'Cmd+Shift+V', 'Ctrl+Alt+P'] as const).map((combo, i) => ({
        action: (['toggleMicrophone', 'toggleCamera', 'pushToTalk'] as const)[i]!,
        combo,
        shortcut: parseShortcut(combo),
      }))}
      onClose={() => {}}
    />
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Keyboard shortcuts' });
    const row = within(dialog).getByText('Turn microphone on or off').nextElementSibling!;
    await expect([...row.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['⌥Option', '⇧Shift', 'M']);
    await expect(row.textContent).not.toContain('+');
  },
};
