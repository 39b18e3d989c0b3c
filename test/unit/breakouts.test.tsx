import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  BREAKOUT_ATTRIBUTE,
  BREAKOUT_TOPIC,
  BreakoutRooms,
  BreakoutStatus,
  RoomProvider,
  splitAtRandom,
  VideoConference,
  createRoomActions,
  type BreakoutActions,
  type BreakoutsInfo,
} from '../../src/index';
import { breakoutMetadata } from '../../src/room/connection/breakoutWire';
import { followBreakouts } from '../../src/breakouts/breakoutFollow';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

/**
 * Breakout rooms in the browser: where a session is (BreakoutStatus, from the room's metadata and the hosts'
 * broadcasts), the host's panel (BreakoutRooms, which posts the room actions), and the session following the server
 * (followBreakouts asks for a new connection when the server asks it to move, or when its room closes).
 */
const people = [
  { identity: 'ann', name: 'Ann' },
  { identity: 'bo', name: 'Bo' },
  { identity: 'watcher', name: 'Watcher', hidden: true },
  { identity: 'guest', name: 'Guest', waiting: true },
];
const inRoom = (room: TestRoom, node: ReactNode) => render(<RoomProvider room={room}>{node}</RoomProvider>);

describe('BreakoutStatus', () => {
  afterEach(() => vi.useRealTimers());

  it('says nothing in a main room, the room in a breakout room, and counts down once the rooms close', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const room = createTestRoom({ name: 'standup', local: { identity: 'me', name: 'Me' }, participants: people });
    const { container } = inRoom(room, <BreakoutStatus />);
    expect(container).toBeEmptyDOMElement();

    act(() => void room.moveTo('room-2-x1', [{ identity: 'cy', name: 'Cy' }]).setRoomMetadata(breakoutMetadata('standup', 'Room 2')));
    expect(screen.getByRole('status')).toHaveTextContent('You are in Room 2');
    expect(screen.queryByText(/Back to the main room/)).toBeNull();

    act(() => void room.setRoomMetadata(breakoutMetadata('standup', 'Room 2', 1_000_000 + 30_000)));
    expect(screen.getByRole('status')).toHaveTextContent('Back to the main room in 30 s');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Back to the main room in 20 s');
  });

  it("shows a host's broadcast, named by the host's name, and forgets it in the next room", () => {
    const room = createTestRoom({ name: 'room-1-x1', metadata: breakoutMetadata('standup', 'Room 1'), local: { identity: 'me' }, participants: [{ identity: 'host', name: 'Hana' }] });
    inRoom(room, <BreakoutStatus />);
    act(() => void room.deliverData(undefined, JSON.stringify({ type: 'broadcast', message: 'Five minutes left', from: 'host' }), { topic: BREAKOUT_TOPIC }));
    expect(screen.getByRole('status')).toHaveTextContent('Hana to all rooms: Five minutes left');
    // Not a broadcast, or not ours: ignored.
    act(() => void room.deliverData(undefined, 'not json', { topic: BREAKOUT_TOPIC }));
    act(() => void room.deliverData(undefined, JSON.stringify({ type: 'other', message: 'x' }), { topic: BREAKOUT_TOPIC }));
    expect(screen.getByRole('status')).toHaveTextContent('Five minutes left');
    act(() => void room.moveTo('standup').setRoomMetadata(''));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

/** The route's answers, as a host's panel sees them. */
function fakeActions(initial: BreakoutsInfo | null = null) {
  let plan = initial;
  const calls: unknown[][] = [];
  const answer = (type: string) => Promise.resolve({ type, breakouts: plan }) as never;
  const actions: BreakoutActions = {
    onList: () => (calls.push(['list']), answer('list-breakouts')),
    onOpen: (rooms) => {
      calls.push(['open', rooms]);
      plan = { mainRoom: 'standup', rooms: rooms.map((r, i) => ({ slug: `room-${i + 1}-x`, name: r.name, identities: [...r.identities] })) };
      return answer('open-breakouts');
    },
    onMove: (identity, to) => (calls.push(['move', identity, to]), answer('move')),
    onBroadcast: (message) => (calls.push(['broadcast', message]), answer('broadcast')),
    onClose: (seconds) => {
      calls.push(['close', seconds]);
      plan = seconds === 0 ? null : { ...plan!, closesAt: Date.now() + seconds * 1000 };
      return answer('close-breakouts');
    },
  };
  return { actions, calls };
}

describe('BreakoutRooms, the host panel', () => {
  it('shows nothing without roomAdmin', () => {
    const room = createTestRoom({ local: { identity: 'me' }, participants: people });
    const { container } = inRoom(room, <BreakoutRooms actions={fakeActions().actions} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('assigns people by hand, opens the rooms, visits one, broadcasts and closes them, each through the route', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ name: 'standup', local: { identity: 'me', name: 'Me', grants: { roomAdmin: true } }, participants: people });
    const { actions, calls } = fakeActions();
    inRoom(room, <BreakoutRooms actions={actions} />);
    const panel = await screen.findByRole('region', { name: 'Breakout rooms' });
    // Hidden participants and people still waiting are never listed; nor is the host.
    expect(within(panel).getAllByRole('combobox').map((select) => select.getAttribute('aria-label'))).toEqual(['Room for Ann', 'Room for Bo']);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Room for Ann' }), 'Room 1');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Room for Bo' }), 'Room 2');
    await user.clear(within(panel).getByRole('textbox', { name: 'Name of room 2' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Name of room 2' }), 'Design');
    await user.click(within(panel).getByRole('button', { name: 'Open rooms' }));
    expect(calls).toContainEqual(['open', [{ name: 'Room 1', identities: ['ann'] }, { name: 'Design', identities: ['bo'] }]]);

    const list = await within(panel).findByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Room 1AnnJoin Room 1', 'DesignBoJoin Design']);
    await user.click(within(panel).getByRole('button', { name: 'Join Design' }));
    expect(calls).toContainEqual(['move', 'me', 'room-2-x']);

    await user.type(within(panel).getByRole('textbox', { name: 'Message to all rooms' }), 'Five minutes left');
    await user.click(within(panel).getByRole('button', { name: 'Send to all rooms' }));
    expect(calls).toContainEqual(['broadcast', 'Five minutes left']);
    expect(within(panel).getByRole('textbox', { name: 'Message to all rooms' })).toHaveValue('');

    fireEvent.change(within(panel).getByRole('spinbutton', { name: 'Countdown (seconds)' }), { target: { value: '0' } });
    await user.click(within(panel).getByRole('button', { name: 'Close rooms' }));
    expect(calls).toContainEqual(['close', 0]);
    // Closed: the form to open rooms again.
    expect(await within(panel).findByRole('button', { name: 'Open rooms' })).toBeInTheDocument();
  });

  it("in a breakout room, offers the way back; the route's refusal shows in words", async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ name: 'room-1-x', local: { identity: 'me', grants: { roomAdmin: true } }, participants: people.slice(0, 1) });
    const { actions, calls } = fakeActions({ mainRoom: 'standup', rooms: [{ slug: 'room-1-x', name: 'Room 1', identities: ['ann', 'me'] }] });
    actions.onBroadcast = () => Promise.reject(new Error('The media server could not broadcast.'));
    inRoom(room, <BreakoutRooms actions={actions} />);
    await user.click(await screen.findByRole('button', { name: 'Return to the main room' }));
    expect(calls).toContainEqual(['move', 'me', null]);
    // No way to join the room the host is in.
    expect(screen.queryByRole('button', { name: 'Join Room 1' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Message to all rooms' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send to all rooms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Breakout rooms: The media server could not broadcast.');
  });

  it("VideoConference shows it under the participant list (participantsPanelExtra), through createRoomActions' breakouts", async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ local: { identity: 'me', grants: { roomAdmin: true } }, participants: people });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ type: 'list-breakouts', breakouts: null }), { headers: { 'Content-Type': 'application/json' } }));
    const actions = createRoomActions({ endpoint: '/api/room-actions', fetch, getToken: () => 'token' });
    inRoom(room, <VideoConference actions={actions} participantsPanelExtra={<BreakoutRooms actions={actions.forRoom(room).breakouts} />} />);
    await user.click(screen.getByRole('button', { name: /Participants/ }));
    expect(await screen.findByRole('region', { name: 'Breakout rooms' })).toBeInTheDocument();
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ type: 'list-breakouts' });
  });
});

describe('splitAtRandom', () => {
  it('puts everyone in a room, as evenly as they go', () => {
    const identities = Array.from({ length: 11 }, (_, i) => `p${i}`);
    const split = splitAtRandom(identities, 3);
    expect(Object.keys(split).sort()).toEqual([...identities].sort());
    const sizes = [0, 1, 2].map((room) => Object.values(split).filter((r) => r === room).length).sort();
    expect(sizes).toEqual([3, 4, 4]);
  });
});

describe('followBreakouts', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for a new connection when the server asks this session to join another room, and when its room closes', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const room = createTestRoom({ name: 'standup', local: { identity: 'me' }, participants: people.slice(0, 1) });
    const ask = vi.fn();
    const stop = followBreakouts(room, ask);
    room.setAttributes('ann', { [BREAKOUT_ATTRIBUTE]: 'room-1-x' });
    room.setAttributes('me', { [BREAKOUT_ATTRIBUTE]: 'standup' });
    expect(ask).not.toHaveBeenCalled(); // someone else's, or the room it is in
    room.setAttributes('me', { [BREAKOUT_ATTRIBUTE]: 'room-1-x' });
    expect(ask).toHaveBeenCalledTimes(1);

    room.moveTo('room-1-x').setRoomMetadata(breakoutMetadata('standup', 'Room 1', 5_000_000 + 20_000));
    vi.advanceTimersByTime(19_999);
    expect(ask).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(ask).toHaveBeenCalledTimes(2);
    stop();
    room.setAttributes('me', { [BREAKOUT_ATTRIBUTE]: 'room-2-x' });
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
