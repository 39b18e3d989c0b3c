import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import type { Track } from 'livekit-client';
import {
  ControlBar,
  GridLayout,
  LiveAnnouncer,
  ParticipantAdminMenu,
  ParticipantTile,
  REACTION_DURATION_MS,
  REACTION_WINDOW_MS,
  RoomProvider,
  VideoConference,
  useLowerHand,
  useRaiseHand,
  useRaisedHands,
} from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const wrap = (room: TestRoom) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RoomProvider room={room}>{children}</RoomProvider>;
  };

const handMessages = (room: TestRoom) =>
  room.sentData
    .filter((d) => d.topic === 'roomkit.hand')
    .map((d): Record<string, unknown> => ({ ...(JSON.parse(d.text) as Record<string, unknown>), ...(d.destinationIdentities ? { to: d.destinationIdentities } : {}) }));
const reactionMessages = (room: TestRoom) => room.sentData.filter((d) => d.topic === 'roomkit.reaction').map((d) => JSON.parse(d.text) as { emoji: string });

function Meeting({ tiles }: { tiles: string[] }) {
  return (
    <>
      {tiles.map((identity) => (
        <ParticipantTile key={identity} identity={identity} />
      ))}
      <ControlBar controls={{ microphone: false, camera: false, screenShare: false, raiseHand: true, reactions: true, leave: false }} />
      <LiveAnnouncer />
    </>
  );
}

const tileOf = (name: RegExp) => screen.getByRole('group', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('raise hand', () => {
  it('raises and lowers the local hand for everyone: pressed toggle, tile badge and data-hand-raised', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'ada', name: 'Ada' }] });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['me', 'ada']} />
      </RoomProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Raise hand' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(tileOf(/^Me/)).not.toHaveAttribute('data-hand-raised');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(tileOf(/^Me/)).toHaveAttribute('data-hand-raised', '');
    expect(within(tileOf(/^Me/)).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();
    expect(within(tileOf(/^Ada/)).queryByRole('img', { name: 'Hand raised' })).toBeNull();
    expect(handMessages(room).filter((m) => m.type === 'raise')).toHaveLength(1);

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(tileOf(/^Me/)).not.toHaveAttribute('data-hand-raised');
    expect(handMessages(room).at(-1)).toEqual({ type: 'lower' });
  });

  it('lists hands in the order raised, shows their badges and announces them politely', async () => {
    const room = createTestRoom({
      participants: [
        { identity: 'ada', name: 'Ada' },
        { identity: 'grace', name: 'Grace' },
      ],
    });
    const { result } = renderHook(() => useRaisedHands(), { wrapper: wrap(room) });
    const own = renderHook(() => useRaiseHand(), { wrapper: wrap(room) }).result;
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['ada', 'grace']} />
      </RoomProvider>,
    );
    act(() => void room.raiseHand('grace', Date.now() - 2000));
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Grace raised their hand');
    act(() => void room.raiseHand('ada', Date.now() - 1000));
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Ada raised their hand');
    expect(result.current.map((h) => h.identity)).toEqual(['grace', 'ada']);
    expect(within(tileOf(/^Grace/)).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();

    await act(() => own.current.toggle(true));
    expect(result.current.map((h) => [h.identity, h.isLocal])).toEqual([
      ['grace', false],
      ['ada', false],
      ['me', true],
    ]);
    act(() => void room.lowerHand('grace'));
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Grace lowered their hand');
    expect(result.current.map((h) => h.identity)).toEqual(['ada', 'me']);
    expect(within(tileOf(/^Grace/)).queryByRole('img', { name: 'Hand raised' })).toBeNull();
    act(() => void room.removeParticipant('ada'));
    expect(result.current.map((h) => h.identity)).toEqual(['me']);
  });

  it('a late joiner sees hands raised before it came, in the order they were raised', async () => {
    const room = createTestRoom({
      participants: [
        { identity: 'ada', name: 'Ada', handRaisedAt: 2000 },
        { identity: 'bob', name: 'Bob' },
        { identity: 'grace', name: 'Grace', handRaisedAt: 1000 },
      ],
    });
    const { result } = renderHook(() => useRaisedHands(), { wrapper: wrap(room) });
    expect(handMessages(room)).toEqual([{ type: 'sync' }]);
    await waitFor(() => expect(result.current.map((h) => [h.identity, h.raisedAt])).toEqual([
      ['grace', 1000],
      ['ada', 2000],
    ]));
  });

  it('forgets what it could not hear while nobody listened, and asks again when someone does', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'bob', name: 'Bob' }] });
    const first = renderHook(() => useRaisedHands(), { wrapper: wrap(room) });
    act(() => void room.raiseHand('ada', 1000));
    await waitFor(() => expect(first.result.current.map((h) => h.identity)).toEqual(['ada']));
    first.unmount();
    // Nobody listens: Ada lowers and Bob raises unheard.
    act(() => void room.lowerHand('ada').raiseHand('bob', 2000));
    const second = renderHook(() => useRaisedHands(), { wrapper: wrap(room) });
    await waitFor(() => expect(second.result.current.map((h) => h.identity)).toEqual(['bob']));
  });

  it('tells a new joiner (and anyone who asks) about the local raised hand, addressed to them alone', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ada' }] });
    const { result } = renderHook(() => useRaiseHand(), { wrapper: wrap(room) });
    await act(() => result.current.toggle());
    const raisedAt = handMessages(room).find((m) => m.type === 'raise')!.raisedAt;
    act(() => void room.addParticipant({ identity: 'newbie' }));
    expect(handMessages(room).at(-1)).toEqual({ type: 'raise', raisedAt, to: ['newbie'] });
    act(() => void room.deliverData('ada', JSON.stringify({ type: 'sync' }), { topic: 'roomkit.hand' }));
    expect(handMessages(room).at(-1)).toEqual({ type: 'raise', raisedAt, to: ['ada'] });
  });

  it('a roomAdmin lowers someone’s hand from the admin menu; the owner’s client obeys', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ local: { grants: { roomAdmin: true } }, participants: [{ identity: 'ada', name: 'Ada' }] });
    render(
      <RoomProvider room={room}>
        <ParticipantTile identity="ada" actions={<ParticipantAdminMenu identity="ada" />} />
      </RoomProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Manage Ada' })).toBeNull();
    act(() => void room.raiseHand('ada'));
    await user.click(screen.getByRole('button', { name: 'Manage Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Lower hand' }));
    expect(handMessages(room).at(-1)).toEqual({ type: 'lower-request', to: ['ada'] });
    await waitFor(() => expect(tileOf(/^Ada/)).not.toHaveAttribute('data-hand-raised'));
  });

  it('only a roomAdmin may lower someone else’s hand', async () => {
    const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada', handRaisedAt: 1 }] });
    const { result } = renderHook(() => ({ lower: useLowerHand(), hands: useRaisedHands() }), { wrapper: wrap(room) });
    await waitFor(() => expect(result.current.hands).toHaveLength(1));
    expect(result.current.lower.allowed).toBe(false);
    await expect(result.current.lower.lowerHand('ada')).rejects.toMatchObject({ code: 'not-permitted' });
    expect(handMessages(room).some((m) => m.type === 'lower-request')).toBe(false);
    render(
      <RoomProvider room={room}>
        <ParticipantTile identity="ada" actions={<ParticipantAdminMenu identity="ada" />} />
      </RoomProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Manage Ada' })).toBeNull();
  });

  it('lowers the local hand when an admin asks, and says so', async () => {
    const room = createTestRoom({ participants: [{ identity: 'mod', name: 'Mod' }] });
    const { result } = renderHook(() => useRaiseHand(), { wrapper: wrap(room) });
    render(
      <RoomProvider room={room}>
        <LiveAnnouncer />
      </RoomProvider>,
    );
    await act(() => result.current.toggle(true));
    expect(result.current.raised).toBe(true);
    act(() => void room.deliverData('mod', JSON.stringify({ type: 'lower-request' }), { topic: 'roomkit.hand' }));
    await waitFor(() => expect(result.current.raised).toBe(false));
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('A moderator lowered your hand');
    expect(handMessages(room).at(-1)).toEqual({ type: 'lower' });
  });

  it('follows a participant toggling its hand over and over, but stops announcing it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'bob', name: 'Bob' }] });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['ada']} />
      </RoomProvider>,
    );
    const announcer = screen.getByTestId('rk-announcer');
    act(() => {
      room.raiseHand('ada');
      room.lowerHand('ada');
      room.raiseHand('ada');
      room.lowerHand('ada');
    });
    expect(announcer).toHaveTextContent('Ada lowered their hand');
    act(() => void room.raiseHand('ada'));
    expect(tileOf(/^Ada/)).toHaveAttribute('data-hand-raised', '');
    expect(announcer).toHaveTextContent('Ada lowered their hand');
    // Others are still announced, and Ada again once the window has passed.
    act(() => void room.raiseHand('bob'));
    expect(announcer).toHaveTextContent('Bob raised their hand');
    act(() => void vi.advanceTimersByTime(10_000));
    act(() => void room.lowerHand('ada'));
    expect(announcer).toHaveTextContent('Ada lowered their hand');
    expect(tileOf(/^Ada/)).not.toHaveAttribute('data-hand-raised');
  });
});

describe('reactions', () => {
  it('shows a remote reaction on the sender’s tile, announces it, and removes it after its time', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'bob', name: 'Bob' }] });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['ada', 'bob']} />
      </RoomProvider>,
    );
    act(() => void room.react('ada', '👏'));
    const badge = within(tileOf(/^Ada/)).getByRole('img', { name: 'Applause' });
    expect(badge).toHaveAttribute('data-emoji', '👏');
    expect(within(tileOf(/^Bob/)).queryByRole('img', { name: 'Applause' })).toBeNull();
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Ada reacted 👏');
    act(() => void vi.advanceTimersByTime(REACTION_DURATION_MS - 1));
    expect(within(tileOf(/^Ada/)).getByRole('img', { name: 'Applause' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(within(tileOf(/^Ada/)).queryByRole('img', { name: 'Applause' })).toBeNull();
    // Anything outside the set is ignored.
    act(() => void room.react('ada', '<b>spam</b>'));
    expect(tileOf(/^Ada/).querySelector('[data-emoji]')).toBeNull();
  });

  it('sends from the reactions menu, shows it on the local tile, and holds the sender to the rate limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' } });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['me']} />
      </RoomProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reactions' }));
    expect(screen.getByRole('button', { name: 'Reactions' })).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Reactions' });
    for (const name of ['Thumbs up', 'Heart', 'Celebrate']) {
      await act(async () => void fireEvent.click(within(group).getByRole('button', { name })));
    }
    expect(reactionMessages(room)).toEqual([{ emoji: '👍' }, { emoji: '❤️' }, { emoji: '🎉' }]);
    expect(within(tileOf(/^Me/)).getByRole('img', { name: 'Celebrate' })).toBeInTheDocument();
    // Over the limit: buttons are aria-disabled (focusable), clicks are ignored, a status says why.
    const laugh = within(group).getByRole('button', { name: 'Laughing' });
    expect(laugh).toHaveAttribute('aria-disabled', 'true');
    expect(within(group).getByRole('status')).toHaveTextContent('Too many reactions');
    await act(async () => void fireEvent.click(laugh));
    expect(reactionMessages(room)).toHaveLength(3);
    act(() => void vi.advanceTimersByTime(REACTION_WINDOW_MS));
    expect(laugh).not.toHaveAttribute('aria-disabled');
    await act(async () => void fireEvent.click(laugh));
    expect(reactionMessages(room).at(-1)).toEqual({ emoji: '😂' });
    // Escape closes the picker and returns focus to its button.
    fireEvent.keyDown(laugh, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reactions' })).toHaveFocus();
  });

  it('ignores a flood from one sender on the receiving side', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'bob', name: 'Bob' }] });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['ada', 'bob']} />
      </RoomProvider>,
    );
    const shown = (name: RegExp) => tileOf(name).querySelector('[data-emoji]')?.getAttribute('data-emoji');
    act(() => {
      for (let i = 0; i < 5; i++) room.react('ada', '👍');
    });
    expect(shown(/^Ada/)).toBe('👍');
    act(() => void room.react('ada', '🎉'));
    expect(shown(/^Ada/)).toBe('👍');
    // Another sender is not affected.
    act(() => void room.react('bob', '🎉'));
    expect(shown(/^Bob/)).toBe('🎉');
    act(() => void vi.advanceTimersByTime(REACTION_WINDOW_MS));
    act(() => void room.react('ada', '🎉'));
    expect(shown(/^Ada/)).toBe('🎉');
  });
});

describe('grants', () => {
  it('without canPublishData, the hand and reaction controls are absent (and asking for them warns)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const room = createTestRoom({ local: { grants: { canPublishData: false } }, participants: 2 });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={[]} />
      </RoomProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Raise hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactions' })).toBeNull();
    expect(warn.mock.calls.flat().join('\n')).toMatch(/controls\.raiseHand is ignored.*canPublishData/);
    const { result } = renderHook(() => useRaiseHand(), { wrapper: wrap(room) });
    expect(result.current.allowed).toBe(false);
    await act(async () => {
      await expect(result.current.toggle(true)).rejects.toMatchObject({ code: 'not-permitted' });
    });
    expect(result.current.error?.code).toBe('not-permitted');
  });

  it('a hidden observer gets neither control, and a hidden participant’s hands and reactions are never shown', () => {
    const room = createTestRoom({
      local: { grants: { hidden: true } },
      participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'ghost', hidden: true }],
    });
    const { result } = renderHook(() => ({ hands: useRaisedHands(), own: useRaiseHand() }), { wrapper: wrap(room) });
    render(
      <RoomProvider room={room}>
        <Meeting tiles={['ada']} />
      </RoomProvider>,
    );
    expect(result.current.own.allowed).toBe(false);
    expect(screen.queryByRole('button', { name: 'Raise hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactions' })).toBeNull();
    act(() => {
      room.raiseHand('ghost');
      room.react('ghost', '👍');
      room.raiseHand('ada');
    });
    expect(result.current.hands.map((h) => h.identity)).toEqual(['ada']);
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Ada raised their hand');
  });

  it('VideoConference shows both controls with canPublishData and drops them when the server revokes it', () => {
    const room = createTestRoom({ participants: 2 });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    expect(screen.getByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactions' })).toBeInTheDocument();
    act(() => void room.setPermissions('me', { canPublishData: false }));
    expect(screen.queryByRole('button', { name: 'Raise hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactions' })).toBeNull();
  });
});

describe('render isolation', () => {
  it('a hand or a reaction commits only that participant’s tile, never the others', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: 30 });
    const commits = new Map<string, number>();
    const renderTile = (tile: { identity: string; source: Track.Source.Camera | Track.Source.ScreenShare }) => (
      <Profiler id={tile.identity} onRender={(id) => commits.set(id, (commits.get(id) ?? 0) + 1)}>
        <ParticipantTile identity={tile.identity} source={tile.source} />
      </Profiler>
    );
    render(
      <RoomProvider room={room}>
        <GridLayout maxTilesPerPage={31} minTileWidth={1} minTileHeight={1} renderTile={renderTile} />
      </RoomProvider>,
    );
    expect(commits.size).toBe(31);
    commits.clear();
    act(() => void room.raiseHand('participant-5'));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-5': 1 });
    commits.clear();
    act(() => void room.react('participant-7', '🎉'));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-7': 1 });
    commits.clear();
    act(() => void vi.advanceTimersByTime(REACTION_DURATION_MS));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-7': 1 });
    commits.clear();
    act(() => void room.lowerHand('participant-5'));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-5': 1 });
  });
});
