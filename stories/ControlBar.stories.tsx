import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ControlBar, LeaveButton, TrackToggle, useRoom } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import { useEffect, useSyncExternalStore } from 'react';
import { Track } from 'livekit-client';
import { flipsToTheBackCamera } from './cameraFlip';
import { arabic } from './arabicLabels';
import { BAR_SETTLE_FRAMES, framesToOneRow } from './barRows';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { expectNoBlankControls } from './blankControls';

const meta = {
  title: 'Components/ControlBar',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 0, ambient: false },
  argTypes: roomArgTypes,
  parameters: { pictures: { variants: 'all' } },
  render: () => <ControlBar controls={{ chat: true }} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Publisher: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mic = c.getByRole('button', { name: 'Microphone' });
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(mic);
    await expect(mic).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByLabelText('Choose microphone')).toBeVisible();
    await expect(c.getByRole('toolbar', { name: 'Meeting controls' })).toBeVisible();
    await expectNoBlankControls(c.getByRole('toolbar'));
  },
};

export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(c.queryByLabelText('Choose microphone')).toBeNull();
    await expect(c.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expectNoBlankControls(c.getByRole('toolbar'));
  },
};

export const HiddenObserver: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Camera' })).toBeNull();
  },
};

/** TrackToggle alone, one per source; a viewer's toggles are absent. */
export const TrackToggles: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <TrackToggle source={Track.Source.Microphone} />
      <TrackToggle source={Track.Source.Camera} />
      <TrackToggle source={Track.Source.ScreenShare} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const share = c.getByRole('button', { name: 'Share screen' });
    await userEvent.click(share);
    await expect(share).toHaveAttribute('data-state', 'on');
  },
};

export const TrackTogglesForViewer: Story = {
  ...TrackToggles,
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

export const Leave: Story = {
  render: () => <LeaveButton />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Leave' })).toBeEnabled();
  },
};

const everything = { chat: true, participants: true, raiseHand: true, reactions: true } as const;

/**
 * A bar embedded 320 px wide on a wide screen: it measures itself (not the window), shows icons alone and folds its
 * less used controls into "More" (device selects first). Keyboard: ArrowDown opens it on its first control, arrows
 * move, Escape closes it and returns focus.
 */
export const Narrow: Story = {
  render: () => (
    <div style={{ width: 320 }}>
      <ControlBar controls={everything} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = c.getByRole('toolbar', { name: 'Meeting controls' });
    const more = await c.findByRole('button', { name: 'More' });
    await expect(bar).toHaveAttribute('data-compact');
    await expect(window.innerWidth).toBeGreaterThan(1000);
    await expect(bar.getBoundingClientRect().height).toBeLessThan(70);
    await expect(c.queryByLabelText('Choose microphone')).toBeNull();
    for (const name of ['Microphone', 'Camera', 'Chat', 'Leave']) await expect(c.getByRole('button', { name })).toBeVisible();
    await expectNoBlankControls(bar);
    more.focus();
    await userEvent.keyboard('{ArrowDown}');
    const panel = c.getByRole('dialog', { name: 'More' });
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const select = within(panel).getByRole('combobox', { name: 'Choose microphone' });
    await waitFor(() => expect(select).toHaveFocus());
    // A select keeps its own arrow keys; Tab and Home/End move on.
    await userEvent.keyboard('{End}');
    const items = panel.querySelectorAll('button, select');
    await expect(items[items.length - 1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(select).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(c.queryByRole('dialog')).toBeNull();
    await expect(more).toHaveFocus();
  },
};

/** The same narrow bar for a viewer: grants still apply in the More menu (no device or publishing control). */
export const NarrowViewer: Story = {
  args: { canPublish: false },
  render: () => (
    <div style={{ width: 200 }}>
      <ControlBar controls={everything} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'More' }));
    const panel = c.getByRole('dialog', { name: 'More' });
    await expect(within(panel).queryByRole('combobox')).toBeNull();
    await expect(c.queryByRole('button', { name: /Microphone|Camera|Share screen/ })).toBeNull();
    await expect(within(panel).getByRole('button', { name: 'Raise hand' })).toBeVisible();
    await expectNoBlankControls(c.getByRole('toolbar'));
  },
};

/**
 * The whole bar at 1280 px, as in a meeting at 1280×720: one row in three sections (media; conversation and panels;
 * leave apart), icons alone, nothing folded. Each icon's label is its name and shows as a tooltip on keyboard focus
 * (and hover).
 */
export const Wide: Story = {
  render: () => (
    <div style={{ width: 1280 }}>
      <ControlBar controls={everything} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = c.getByRole('toolbar');
    await waitFor(() => expect(bar).toHaveAttribute('data-compact'));
    await expect(c.queryByRole('button', { name: 'More' })).toBeNull();
    await expect(bar.getBoundingClientRect().height).toBeLessThan(70);
    const hand = c.getByRole('button', { name: 'Raise hand' });
    const leave = c.getByRole('button', { name: 'Leave' });
    const mic = c.getByRole('button', { name: 'Microphone' });
    // sections: free space after the media controls and before leave
    await expect(hand.getBoundingClientRect().left - c.getByRole('button', { name: 'Share screen' }).getBoundingClientRect().right).toBeGreaterThan(40);
    await expect(leave.getBoundingClientRect().left - c.getByRole('button', { name: /^Participants/ }).getBoundingClientRect().right).toBeGreaterThan(40);
    await expect(new Set([mic, hand, leave].map((b) => Math.round(b.getBoundingClientRect().top))).size).toBe(1);
    const tooltip = within(hand).getByText('Raise hand');
    await expect(tooltip.getBoundingClientRect().width).toBeLessThan(2);
    // Focus as the keyboard gives it (:focus-visible). A script's focus counts as the keyboard's only when nothing
    // held focus before, or what did showed its ring (WebKit's rule; Chromium's is close): start from nothing focused.
    (document.activeElement as HTMLElement | null)?.blur();
    hand.focus();
    await waitFor(() => expect(tooltip.getBoundingClientRect().width).toBeGreaterThan(40));
    await expect(tooltip.getBoundingClientRect().bottom).toBeLessThanOrEqual(hand.getBoundingClientRect().top);
    await expectNoBlankControls(bar);
  },
};

/** A bar whose labelled controls fit in one row keeps its labels. */
export const Labelled: Story = {
  render: () => (
    <div style={{ width: 1280 }}>
      <ControlBar controls={{ chat: true, devices: false }} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('toolbar')).not.toHaveAttribute('data-compact');
    await expect(c.getByText('Share screen').getBoundingClientRect().width).toBeGreaterThan(40);
    await expectNoBlankControls(c.getByRole('toolbar'));
  },
};

/** A phone's front and back cameras: "Flip camera" beside the camera switches between them. */
export const PhoneCameras: Story = {
  args: { phone: true },
  play: async ({ canvasElement }) => {
    await flipsToTheBackCamera(canvasElement);
    await expect(within(canvasElement).getByRole('combobox', { name: 'Choose camera' })).toHaveValue('back');
    await expectNoBlankControls(within(canvasElement).getByRole('toolbar'));
  },
};

/** A viewer on a phone: no camera, so no flip. */
export const PhoneCamerasForViewer: Story = {
  args: { phone: true, canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Chat' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Flip camera' })).toBeNull();
  },
};

function UnreadChat() {
  const room = useRoom() as TestRoom;
  useEffect(() => {
    room.addParticipant({ identity: 'ana', name: 'Ana' }).deliverChat('ana', 'Slides are up.').deliverChat('ana', 'Questions at the end.');
  }, [room]);
  return <ControlBar controls={{ chat: true }} chatOpen={false} />;
}

/** Messages that arrived while the chat panel was closed: a count on the toggle, and in its name. */
export const ChatUnread: Story = {
  render: () => <UnreadChat />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const chat = await c.findByRole('button', { name: 'Chat, 2 unread' });
    await expect(chat).toHaveAttribute('data-unread', '2');
    await expect(within(chat).getByText('2')).toBeVisible();
    await expectNoBlankControls(c.getByRole('toolbar'));
  },
};

/** Right to left (the toolbar's direction) with an Arabic label set: the first control at the right, Leave at the left. */
export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  parameters: { labels: arabic },
  render: () => (
    <div style={{ width: 1280 }}>
      <ControlBar controls={{ chat: true, devices: false }} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = c.getByRole('toolbar');
    await expect(getComputedStyle(bar).direction).toBe('rtl');
    const leave = c.getByRole('button', { name: 'مغادرة' }).getBoundingClientRect();
    const microphone = c.getByRole('button', { name: 'الميكروفون' }).getBoundingClientRect();
    await expect(leave.right).toBeLessThan(microphone.left);
    await expect(c.getByText('مشاركة الشاشة')).toBeVisible();
    await expectNoBlankControls(bar);
  },
};

/** Widths (CSS px) of the two app controls of {@link FollowsItsControls}; 0 renders nothing. */
const sized = { width: 600, effects: 0, extra: 44 };
const sizedListeners = new Set<() => void>();
const setSized = (next: Partial<typeof sized>) => {
  Object.assign(sized, next);
  sizedListeners.forEach((l) => l());
};
const subscribeSized = (listener: () => void) => {
  sizedListeners.add(listener);
  return () => sizedListeners.delete(listener);
};
function SizedControl({ name }: { name: 'effects' | 'extra' }) {
  const width = useSyncExternalStore(subscribeSized, () => sized[name]);
  return width ? (
    <button type="button" className="rk-button" aria-label={name} style={{ boxSizing: 'border-box', width, minWidth: width }}>
      {name}
    </button>
  ) : null;
}
function SizedBar() {
  const width = useSyncExternalStore(subscribeSized, () => sized.width);
  return (
    <div style={{ width }}>
      <ControlBar controls={{ devices: false, screenShare: false, effects: <SizedControl name="effects" /> }} extra={<SizedControl name="extra" />} />
    </div>
  );
}

/**
 * The bar stays one row while its controls change size, not only while it is resized: a control measured small while
 * it was folded (here `extra`, folded at 44 px, grown to 400 px in the More menu) is measured again once it is back in
 * the bar, so a resize that unfolds it (and grows another control at the same moment, as a device list arriving
 * while a phone turns does) ends in one row within a few frames. Before, the bar measured itself only when its own
 * size changed: here it stayed two rows of the same height, and so was never measured again. The other way round, a
 * control that shrank while folded comes back when the bar next measures.
 */
export const FollowsItsControls: Story = {
  parameters: { pictures: { skip: 'a sequence of resizes; its end is the same bar as other stories' } },
  render: () => <SizedBar />,
  beforeEach: () => setSized({ width: 600, effects: 0, extra: 44 }),
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('toolbar', { name: 'Meeting controls' });
    await expect(await framesToOneRow(bar)).toBeGreaterThanOrEqual(0);
    // Narrow: `extra` folds (at 44 px); `effects` renders nothing, so it stays.
    setSized({ width: 150 });
    await waitFor(() => expect(bar.querySelector('[data-control="extra"]')).toBeNull());
    // While folded, `extra` grows; then the bar widens as `effects` appears wide: two rows of the same height.
    setSized({ extra: 400 });
    setSized({ width: 600, effects: 420 });
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'effects' }).getBoundingClientRect().width).toBe(420));
    await expect(await framesToOneRow(bar), `frames to one row (at most ${BAR_SETTLE_FRAMES})`).toBeGreaterThanOrEqual(0);
    await expect(bar.getBoundingClientRect().height).toBeLessThan(70);
    await expect([...bar.querySelectorAll('[data-control]')].map((slot) => slot.getAttribute('data-control'))).toEqual(['microphone', 'camera', 'leave']);
    // A control that grows in the bar makes room at once too: the first control in the fold order goes to More.
    setSized({ width: 1200 });
    await waitFor(() => expect(bar.querySelector('[data-control="extra"]')).not.toBeNull());
    await expect(await framesToOneRow(bar)).toBeGreaterThanOrEqual(0);
    setSized({ extra: 900 });
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'extra' }).getBoundingClientRect().width).toBe(900));
    await expect(await framesToOneRow(bar)).toBeGreaterThanOrEqual(0);
    await expect([...bar.querySelectorAll('[data-control]')].map((slot) => slot.getAttribute('data-control'))).toEqual(['microphone', 'camera', 'extra', 'leave']);
    // And a control that shrank while folded comes back once the bar measures again (here: it narrows as `extra`
    // shrinks), though its last width in the bar (420 px) says it does not fit in 400 px.
    setSized({ effects: 44 });
    setSized({ width: 400, extra: 44 });
    await waitFor(() => expect(bar.querySelector('[data-control="effects"]')).not.toBeNull());
    await expect(await framesToOneRow(bar)).toBeGreaterThanOrEqual(0);
    await expect(within(bar).queryByRole('button', { name: 'More' })).toBeNull();
  },
};
