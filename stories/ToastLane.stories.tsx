import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { VideoConference, useRoom } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

/**
 * A notification never covers a control. The conference's toasts (joins, raised hands, a guest waiting, recording)
 * have a lane of their own at the top of the stage, in its flow: while one shows, the layout below is that much
 * shorter. Each story is one room size at one viewport; its play function raises every remote hand and starts a
 * recording (toasts that stay until dismissed), then, left to right and right to left, checks the rule by
 * rectangles: while a toast is visible, its box overlaps no tile button's box. The tiles' buttons (pin, and the host's
 * Manage menu: these rooms have `roomAdmin`) are laid out while hidden (opacity 0 until hover or focus), so their
 * boxes are the boxes they show in.
 */
const VIEWPORTS = {
  v1280x720: [1280, 720],
  v1100x700: [1100, 700],
  v768x1024: [768, 1024],
  v667x375: [667, 375],
  v375x667: [375, 667],
  v320x640: [320, 640],
} as const;
type Viewport = keyof typeof VIEWPORTS;

const meta = {
  title: 'Scenarios/Toast lane',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, roomAdmin: true, roomRecord: true, ambient: false },
  argTypes: roomArgTypes,
  parameters: {
    viewport: {
      options: Object.fromEntries(
        Object.entries(VIEWPORTS).map(([id, [width, height]]) => [id, { name: `${width}×${height}`, styles: { width: `${width}px`, height: `${height}px` }, type: width < 700 ? 'mobile' : 'desktop' }]),
      ),
    },
    pictures: { skip: 'a placement check at 24 sizes; the conference with toasts is pictured in Scenarios/Hands and reactions' },
  },
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every remote hand up and a recording started: toasts that stay (duration null) whatever the test's pace. */
function Meeting() {
  const room = useRoom() as TestRoom;
  useEffect(() => {
    let at = Date.now() - 10_000;
    for (const participant of room.remoteParticipants.values()) room.raiseHand(participant.identity, (at += 1000));
    room.setRecording(true);
  }, [room]);
  // The decorator pads the story by 12 px on each side.
  return <VideoConference style={{ height: 'calc(100vh - 24px)' }} notifications={{ duration: null }} />;
}

const box = (el: Element) => el.getBoundingClientRect();
const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const describe = (el: Element) => el.getAttribute('aria-label') ?? el.textContent ?? el.className;

/** The part of `el`'s box that shows: its box cut by each ancestor below `root` that clips (the lane scrolls). */
function visibleBox(el: Element, root: Element) {
  let { left, top, right, bottom } = box(el);
  for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
    if (getComputedStyle(a).overflow === 'visible') continue;
    const clip = box(a);
    [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
  }
  return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
}
const shows = (r: DOMRect) => r.width > 0 && r.height > 0;

/** Each toast that overlaps a tile's button, as "toast over button (tile)"; and how many toasts show. */
function coveredButtons(region: HTMLElement) {
  const toasts = [...region.querySelectorAll('.rk-notification')].map((t) => [t, visibleBox(t, region)] as const).filter(([, r]) => shows(r));
  const buttons = [...region.querySelectorAll<HTMLElement>('.rk-tile button')].filter((b) => shows(box(b)));
  const covered = toasts.flatMap(([toast, r]) =>
    buttons.filter((button) => overlaps(r, box(button))).map((button) => `"${toast.textContent}" over ${describe(button)} (${button.closest('.rk-tile')?.getAttribute('aria-label')})`),
  );
  return { covered, toasts: toasts.length, buttons: buttons.length };
}

function lane(viewport: Viewport, people: number): Story {
  const [width, height] = VIEWPORTS[viewport];
  return {
    args: { participants: people - 1 },
    globals: { viewport: { value: viewport, isRotated: false } },
    render: () => <Meeting />,
    play: async ({ canvasElement }) => {
      await expect([window.innerWidth, window.innerHeight]).toEqual([width, height]);
      const region = within(canvasElement).getByRole('region', { name: 'Meeting' });
      // The recording toast and one per raised hand (grouped or not, at least one shows).
      await waitFor(() => expect(region.querySelector('.rk-notification[data-kind="recordingStarted"]')).not.toBeNull());
      await waitFor(() => expect(region.querySelectorAll('.rk-tile').length).toBeGreaterThan(0));
      const wrapper = canvasElement.closest('[data-story-direction]') ?? canvasElement;
      for (const dir of ['ltr', 'rtl'] as const) {
        wrapper.setAttribute('dir', dir);
        await expect(getComputedStyle(region).direction).toBe(dir);
        const { covered, toasts, buttons } = coveredButtons(region);
        await expect(covered, `${width}×${height}, ${people} in the room, ${dir}`).toEqual([]);
        // The check is not empty: toasts show, and there are tile buttons to compare them with.
        await expect(toasts).toBeGreaterThan(0);
        await expect(buttons).toBeGreaterThan(0);
        // The newest toast shows (the lane scrolls to it).
        await expect(shows(visibleBox(region.querySelector('.rk-notification:last-child')!, region))).toBe(true);
      }
      wrapper.removeAttribute('dir');
    },
  };
}

export const Desktop1280With1 = lane('v1280x720', 1);
export const Desktop1280With2 = lane('v1280x720', 2);
export const Desktop1280With5 = lane('v1280x720', 5);
export const Desktop1280With9 = lane('v1280x720', 9);
export const Laptop1100With1 = lane('v1100x700', 1);
export const Laptop1100With2 = lane('v1100x700', 2);
export const Laptop1100With5 = lane('v1100x700', 5);
export const Laptop1100With9 = lane('v1100x700', 9);
export const TabletWith1 = lane('v768x1024', 1);
export const TabletWith2 = lane('v768x1024', 2);
export const TabletWith5 = lane('v768x1024', 5);
export const TabletWith9 = lane('v768x1024', 9);
export const PhoneLandscapeWith1 = lane('v667x375', 1);
export const PhoneLandscapeWith2 = lane('v667x375', 2);
export const PhoneLandscapeWith5 = lane('v667x375', 5);
export const PhoneLandscapeWith9 = lane('v667x375', 9);
export const PhonePortraitWith1 = lane('v375x667', 1);
export const PhonePortraitWith2 = lane('v375x667', 2);
export const PhonePortraitWith5 = lane('v375x667', 5);
export const PhonePortraitWith9 = lane('v375x667', 9);
export const Reflow320With1 = lane('v320x640', 1);
export const Reflow320With2 = lane('v320x640', 2);
export const Reflow320With5 = lane('v320x640', 5);
export const Reflow320With9 = lane('v320x640', 9);
