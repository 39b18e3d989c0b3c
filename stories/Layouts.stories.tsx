import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FocusLayout, GridLayout, SpeakerLayout } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, nextSpeaker, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

const meta = {
  title: 'Components/Layouts',
  decorators: [withRoom],
  args: { ...defaultRoomArgs },
  argTypes: roomArgTypes,
  render: () => <GridLayout style={{ height: 520 }} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GridFour: Story = {
  args: { participants: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('group')).toHaveLength(4);
    await expect(within(canvasElement).queryByRole('button', { name: 'Next page' })).toBeNull();
  },
};

export const GridFiftyPaged: Story = {
  args: { participants: 49 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const first = c.getAllByRole('group').length;
    await expect(first).toBeLessThanOrEqual(25);
    await userEvent.click(c.getByRole('button', { name: 'Next page' }));
    await expect(c.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  },
};

export const GridForViewerWithoutSubscribe: Story = {
  args: { participants: 3, canSubscribe: false, canPublish: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Video unavailable: this session may not receive media')).toHaveLength(3);
  },
};

export const FocusOnScreenShare: Story = {
  args: { participants: 4, screenShare: true },
  render: () => <FocusLayout style={{ height: 520 }} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.rk-focus-main [data-source="screen_share"]')).not.toBeNull();
    await expect(within(canvasElement.querySelector<HTMLElement>('.rk-focus-strip')!).getAllByRole('group').length).toBeGreaterThan(0);
  },
};

const large = (canvas: HTMLElement) => canvas.querySelector('.rk-focus-main .rk-tile');

/** Pinning from a tile's own button: the pinned tile goes large; pressing it again unpins. */
export const FocusPinned: Story = {
  args: { participants: 4, ambient: false },
  render: () => <FocusLayout style={{ height: 520 }} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(large(canvasElement)).toHaveAttribute('aria-label', 'Ada');
    const pin = c.getByRole('button', { name: 'Pin Margaret' });
    pin.focus();
    await userEvent.keyboard('{Enter}');
    await expect(large(canvasElement)).toHaveAttribute('aria-label', 'Margaret');
    await expect(canvasElement.querySelector('.rk-focus-layout')).toHaveAttribute('data-pinned', '');
    await expect(c.getByRole('button', { name: 'Pin Margaret' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(c.getByRole('button', { name: 'Pin Margaret' }));
    await expect(large(canvasElement)).toHaveAttribute('aria-label', 'Ada');
  },
};

/** A pinned participant keeps the stage when someone starts sharing a screen. */
export const FocusPinnedWhileSharing: Story = {
  args: { participants: 4, screenShare: true, ambient: false },
  render: () => <FocusLayout style={{ height: 520 }} />,
  play: async ({ canvasElement }) => {
    await expect(large(canvasElement)).toHaveAttribute('data-source', 'screen_share');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Pin Grace' }));
    await expect(large(canvasElement)).toHaveAttribute('aria-label', 'Grace');
    await expect(large(canvasElement)).toHaveAttribute('data-source', 'camera');
  },
};

/** Speakers take turns (Ada, Grace, Linus, …, 1.8 s each): the large tile follows after the hold, the strip keeps its order. */
export const SpeakerView: Story = {
  args: { participants: 6 },
  render: () => <SpeakerLayout style={{ height: 520 }} />,
  play: async ({ canvasElement }) => {
    const strip = () =>
      within(canvasElement.querySelector<HTMLElement>('.rk-focus-strip')!)
        .getAllByRole('group')
        .map((t) => t.getAttribute('aria-label'));
    await expect(large(canvasElement)).toHaveAttribute('aria-label', 'Ada');
    await expect(strip()).toEqual(['Me (you)', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara']);
    nextSpeaker(canvasElement);
    // Grace takes the large tile once she has spoken for the hold time (1.2 s); the bound leaves room for a loaded machine.
    await waitFor(() => expect(large(canvasElement)).toHaveAttribute('aria-label', 'Grace'), { timeout: 6000 });
    // Ada took Grace's slot; nobody else moved.
    await expect(strip()).toEqual(['Me (you)', 'Ada', 'Linus', 'Margaret', 'Ken', 'Barbara']);
  },
};

/** More participants than the strip holds: it pages; only the large tile and the strip's page are mounted. */
export const SpeakerViewPaged: Story = {
  args: { participants: 30, ambient: false },
  render: () => <SpeakerLayout style={{ height: 520 }} maxStripTiles={6} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('group')).toHaveLength(7);
    await expect(c.getByText('Page 1 of 5')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Next page' }));
    await expect(c.getByText('Page 2 of 5')).toBeVisible();
    await expect(c.getAllByRole('group')).toHaveLength(7);
  },
};

/** A viewer without canSubscribe: the speaker view still follows the speakers, tiles say video is unavailable. */
export const SpeakerViewWithoutSubscribe: Story = {
  args: { participants: 3, canSubscribe: false, canPublish: false, ambient: false },
  render: () => <SpeakerLayout style={{ height: 520 }} />,
  play: async ({ canvasElement }) => {
    await expect(large(canvasElement)).toHaveAttribute('data-video', 'unavailable');
    await expect(within(canvasElement).getAllByText('Video unavailable: this session may not receive media')).toHaveLength(3);
  },
};
