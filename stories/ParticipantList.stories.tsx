import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useEffect, type ReactNode } from 'react';
import { ParticipantList, useRoom, VideoConference } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 400));

const rowsOf = (canvasElement: HTMLElement) => canvasElement.querySelectorAll<HTMLElement>('.rk-participant-row');
const rowOf = (canvasElement: HTMLElement, name: string) =>
  [...rowsOf(canvasElement)].find((row) => row.querySelector('.rk-participant-row-name')?.textContent === name);

const meta = {
  title: 'Components/ParticipantList',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, ambient: false },
  argTypes: roomArgTypes,
  render: () => <ParticipantList style={{ height: 420, width: 360 }} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Four people and you: names, microphone and camera state, who is speaking. No search box in a room this small. */
export const SmallRoom: Story = {
  args: { ambient: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const list = c.getByRole('list', { name: '5 people' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await expect(c.getByText('(you)')).toBeVisible();
    await expect(c.queryByRole('searchbox')).toBeNull();
    const grace = rowOf(canvasElement, 'Grace')!;
    await expect(grace).toHaveAttribute('data-muted');
    await expect(within(grace).getByRole('img', { name: 'Microphone muted' })).toBeVisible();
    await expect(within(rowOf(canvasElement, 'Margaret')!).getByRole('img', { name: 'Camera off' })).toBeVisible();
    // The room's speakers take turns, Ada first.
    await waitFor(() => expect(rowOf(canvasElement, 'Ada')).toHaveAttribute('data-speaking'));
  },
};

/** 1000 people: only the rows in view (and a few beyond) are mounted; scrolling mounts the others. */
export const ThousandParticipants: Story = {
  args: { participants: 1000 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('list', { name: '1001 people' })).toBeVisible();
    const mounted = rowsOf(canvasElement).length;
    await expect(mounted).toBeGreaterThan(3);
    await expect(mounted).toBeLessThan(30);
    const viewport = canvasElement.querySelector<HTMLElement>('.rk-participant-viewport')!;
    await expect(viewport.scrollHeight).toBeGreaterThanOrEqual(1001 * 48);
    viewport.scrollTop = viewport.scrollHeight;
    await expect(await c.findByText('Guest 1000')).toBeVisible();
    await expect(c.queryByText('Ada')).toBeNull();
    await expect(rowsOf(canvasElement).length).toBeLessThan(30);
  },
};

/** A big room gets a labelled search box: by name or identity, case-insensitive; the result count is announced. */
export const Search: Story = {
  args: { participants: 60 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const search = c.getByRole('searchbox', { name: 'Search participants' });
    await userEvent.type(search, 'GRACE');
    await waitFor(() => expect(rowsOf(canvasElement)).toHaveLength(1));
    await expect(c.getByText('Grace')).toBeVisible();
    await expect(c.getByRole('status')).toHaveTextContent('1 of 61 shown');
    await userEvent.clear(search);
    await userEvent.type(search, 'guest 4');
    // Guest 40 … Guest 49.
    await waitFor(() => expect(c.getByRole('list', { name: '10 people' })).toBeVisible());
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    await expect(await c.findByText('No one matches')).toBeVisible();
  },
};

/** A roomAdmin session: each remote row has the admin menu, reachable with Tab after the list. */
export const Admin: Story = {
  args: { roomAdmin: true },
  render: () => <ParticipantList style={{ height: 420, width: 360 }} onMuteParticipant={slow} onUpdatePermissions={slow} onRemoveParticipant={slow} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('button', { name: /^Manage / })).toHaveLength(4);
    c.getByRole('list', { name: '5 people' }).focus();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Manage Ada' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await c.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Mute microphone' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(c.getByRole('button', { name: 'Manage Ada' })).toHaveFocus();
  },
};

/** Adds two guests knocking at the waiting room once the story shows. */
function Knocks({ children }: { children: ReactNode }) {
  const room = useRoom() as TestRoom;
  useEffect(() => void room.addParticipant({ identity: 'ann', name: 'Ann', waiting: true }).addParticipant({ identity: 'bo', name: 'Bo', waiting: true }), [room]);
  return children;
}

/** An action that stays running, so the picture shows its busy state whenever it is taken. */
const running = () => new Promise<void>(() => {});

/**
 * A roomAdmin with guests waiting: a "Waiting (2)" section above the list, with Admit, Deny and Admit all, in knock
 * order. Admitting Ann is under way: her buttons are busy.
 */
export const WaitingRoom: Story = {
  args: { roomAdmin: true, participants: 2 },
  render: () => (
    <Knocks>
      <ParticipantList style={{ height: 420, width: 360 }} onAdmit={running} onDeny={slow} onAdmitAll={slow} />
    </Knocks>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const queue = await c.findByRole('region', { name: 'Waiting (2)' });
    await expect(within(queue).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Ann'), expect.stringContaining('Bo')]);
    await expect(c.getByRole('list', { name: '3 people' })).toBeVisible();
    await userEvent.click(within(queue).getByRole('button', { name: 'Admit Ann' }));
    await expect(within(queue).getByRole('button', { name: 'Admit Ann' })).toBeDisabled();
  },
};

/** A roomAdmin without the waiting room's actions sees who waits, with no buttons. */
export const WaitingRoomNoActions: Story = {
  args: { roomAdmin: true, participants: 2 },
  render: () => (
    <Knocks>
      <ParticipantList style={{ height: 420, width: 360 }} />
    </Knocks>
  ),
  play: async ({ canvasElement }) => {
    const queue = await within(canvasElement).findByRole('region', { name: 'Waiting (2)' });
    await expect(within(queue).queryByRole('button')).toBeNull();
  },
};

/** A viewer (no publishing, no admin): listed as you with microphone and camera off, and no admin menus. */
export const Viewer: Story = {
  args: { canPublish: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const me = rowOf(canvasElement, 'Me (you)')!;
    await expect(me).toHaveAttribute('data-local');
    await expect(me).toHaveAttribute('data-microphone', 'off');
    await expect(me).toHaveAttribute('data-camera', 'off');
    await expect(c.queryByRole('button')).toBeNull();
  },
};

/** A hidden observer is not in the list, and neither counted. */
export const HiddenObserver: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('list', { name: '4 people' })).toBeVisible();
    await expect(c.queryByText('(you)')).toBeNull();
  },
};

/** In VideoConference: the control bar's Participants toggle, with the count, opens the list in place of chat. */
export const InConference: Story = {
  parameters: { layoutHeight: '640px' },
  render: () => <VideoConference />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const toggle = c.getByRole('button', { name: 'Participants (5)' });
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    await expect(await c.findByRole('region', { name: 'Chat' })).toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = await c.findByRole('region', { name: 'Participants' });
    await expect(within(panel).getByText('Linus')).toBeVisible();
    await expect(c.queryByRole('region', { name: 'Chat' })).toBeNull();
  },
};
