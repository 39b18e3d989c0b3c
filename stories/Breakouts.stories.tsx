import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  BREAKOUT_METADATA_KEY,
  BREAKOUT_TOPIC,
  BreakoutRooms,
  BreakoutStatus,
  createRoomActions,
  useRoom,
  useRoomActions,
  VideoConference,
  type BreakoutsInfo,
  type RoomAction,
} from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';

/**
 * A stand-in for your room actions route (`createRoomActionsHandler` with `breakouts: createBreakoutStore()`): it keeps
 * the plan in memory and answers as the route does; `refuse` makes it answer every breakout action with that error.
 */
function fakeRoute(initial: BreakoutsInfo | null, refuse?: { status: number; code: string; message: string }) {
  let plan = initial;
  return createRoomActions({
    endpoint: '/api/room-actions',
    getToken: () => 'a-connection-token',
    fetch: async (_input, init) => {
      const action = JSON.parse(String(init?.body)) as RoomAction;
      if (refuse && action.type !== 'list-breakouts') return Response.json({ error: { code: refuse.code, message: refuse.message } }, { status: refuse.status });
      if (action.type === 'open-breakouts') {
        plan = { mainRoom: 'storybook', rooms: action.rooms.map((room, i) => ({ slug: `room-${i + 1}-k3j9x2ab`, name: room.name, identities: [...room.identities] })) };
      } else if (action.type === 'close-breakouts') {
        plan = action.countdownSeconds === 0 || !plan ? null : { ...plan, closesAt: Date.now() + action.countdownSeconds * 1000 };
      } else if (action.type === 'move' && plan) {
        const rooms = plan.rooms.map((room) => ({ ...room, identities: room.identities.filter((id) => id !== action.identity) }));
        plan = { ...plan, rooms: rooms.map((room) => (room.slug === action.room ? { ...room, identities: [...room.identities, action.identity] } : room)) };
      }
      return Response.json({ type: action.type, breakouts: plan });
    },
  });
}

const OPEN: BreakoutsInfo = {
  mainRoom: 'storybook',
  rooms: [
    { slug: 'room-1-k3j9x2ab', name: 'Room 1', identities: ['p1', 'p2'] },
    { slug: 'room-2-k3j9x2ab', name: 'Design review', identities: ['p3'] },
  ],
};

function Panel({ plan, refuse, room }: { plan: BreakoutsInfo | null; refuse?: Parameters<typeof fakeRoute>[1]; room?: string }) {
  const [route] = useState(() => fakeRoute(plan, refuse));
  const testRoom = useRoom() as TestRoom;
  // A host visiting a breakout room: the room's name is its slug, its metadata says which.
  useEffect(() => {
    if (room) testRoom.moveTo(room, [{ identity: 'p1', name: 'Ada' }, { identity: 'p2', name: 'Grace' }]).setRoomMetadata(JSON.stringify({ [BREAKOUT_METADATA_KEY]: { main: 'storybook', name: 'Room 1' } }));
  }, [testRoom, room]);
  return (
    <div style={{ maxWidth: 360 }}>
      <BreakoutRooms actions={useRoomActions(route).breakouts} />
    </div>
  );
}

const meta = {
  title: 'Components/BreakoutRooms',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, participants: 3, roomAdmin: true, ambient: false },
  argTypes: roomArgTypes,
  render: () => <Panel plan={null} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A host before any room is open: how many rooms, their names, and who goes where (by hand, or at random). */
export const Host: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const panel = await c.findByRole('region', { name: 'Breakout rooms' });
    await expect(within(panel).getAllByRole('combobox').map((select) => select.getAttribute('aria-label'))).toEqual(['Room for Ada', 'Room for Grace', 'Room for Linus']);
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Room for Ada' }), 'Room 2');
    await expect(within(panel).getByRole('combobox', { name: 'Room for Ada' })).toHaveValue('1');
  },
};

/** Split at random (everyone gets a room), set by hand, then opened: each room with who is in it, and a way in for the host. */
export const Opening: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Split at random' }));
    const selects = c.getAllByRole('combobox');
    for (const select of selects) await expect(select).not.toHaveValue('');
    // The picture must not depend on the draw: by hand, Linus goes alone.
    for (const [select, room] of selects.map((select, i) => [select, i < 2 ? 'Room 1' : 'Room 2'] as const)) await userEvent.selectOptions(select, room);
    await userEvent.click(c.getByRole('button', { name: 'Open rooms' }));
    await expect(await c.findByRole('button', { name: 'Join Room 1' })).toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Join Room 2' })).toBeInTheDocument();
  },
};

/** Rooms already open (another host opened them): visit, broadcast, close after a countdown. */
export const Open: Story = {
  render: () => <Panel plan={OPEN} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Ada, Grace')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Close rooms' })).toBeEnabled();
    await expect(c.queryByRole('button', { name: 'Return to the main room' })).toBeNull();
  },
};

/** The host visits Room 1: no way into the room they are in, a way back to the main room. */
export const Visiting: Story = {
  render: () => <Panel plan={OPEN} room="room-1-k3j9x2ab" />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('button', { name: 'Return to the main room' })).toBeInTheDocument();
    await expect(c.queryByRole('button', { name: 'Join Room 1' })).toBeNull();
  },
};

/** Closing: the countdown runs in every room; closing again is not offered. */
export const Closing: Story = {
  render: () => <Panel plan={{ ...OPEN, closesAt: Date.now() + 60_000 }} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Close rooms' })).toBeDisabled();
  },
};

/** The route refuses (a person left meanwhile): its words, in an alert. */
export const Refused: Story = {
  render: () => <Panel plan={null} refuse={{ status: 404, code: 'not_found', message: 'No participant "p2" in the main room: they may have left.' }} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Open rooms' }));
    await expect(await c.findByRole('alert')).toHaveTextContent('Breakout rooms: No participant "p2" in the main room: they may have left.');
  },
};

/** Without `roomAdmin`: nothing. */
export const NotAdmin: Story = {
  args: { roomAdmin: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};

/** Where a session is, for everyone (BreakoutStatus): in a breakout room, a host's message to all rooms. */
function Status({ closesIn, broadcast }: { closesIn?: number; broadcast?: string }) {
  const room = useRoom() as TestRoom;
  useEffect(() => {
    const closesAt = closesIn === undefined ? undefined : Date.now() + closesIn * 1000;
    room.moveTo('room-2-k3j9x2ab', [{ identity: 'p1', name: 'Ada' }]).setRoomMetadata(JSON.stringify({ [BREAKOUT_METADATA_KEY]: { main: 'storybook', name: 'Design review', closesAt } }));
    if (broadcast) room.deliverData(undefined, JSON.stringify({ type: 'broadcast', message: broadcast, from: 'p1' }), { topic: BREAKOUT_TOPIC });
  }, [room, closesIn, broadcast]);
  return <BreakoutStatus />;
}

/** In a breakout room. */
export const StatusInRoom: Story = {
  args: { roomAdmin: false },
  render: () => <Status />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('You are in Design review');
  },
};

/** A host's message to all rooms, named by the host. */
export const StatusBroadcast: Story = {
  args: { roomAdmin: false },
  render: () => <Status broadcast="Five minutes left, then we meet in the main room" />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Ada to all rooms: Five minutes left');
  },
};

/** The rooms close: a countdown, then everyone is back in the main room. */
export const StatusClosing: Story = {
  args: { roomAdmin: false },
  parameters: { pictures: { skip: 'the countdown reads the clock: a picture would depend on when it is taken' } },
  render: () => <Status closesIn={45} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(/Back to the main room in 4\d s/);
  },
};

function HostBreakouts({ route }: { route: ReturnType<typeof fakeRoute> }) {
  return <BreakoutRooms actions={useRoomActions(route).breakouts} />;
}

/** In the conference: `participantsPanelExtra` puts the host's panel under the participant list. */
export const InVideoConference: Story = {
  render: function Conference() {
    const [route] = useState(() => fakeRoute(OPEN));
    return <VideoConference actions={route} participantsPanelExtra={<HostBreakouts route={route} />} defaultParticipantsOpen style={{ height: 560 }} />;
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: 'Breakout rooms' })).toBeInTheDocument();
  },
};
