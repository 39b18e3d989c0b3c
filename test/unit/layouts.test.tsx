import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { Track } from 'livekit-client';
import { afterEach, vi } from 'vitest';
import {
  FocusLayout,
  ParticipantTile,
  RoomProvider,
  SpeakerLayout,
  usePinned,
  useSpeakerOrder,
  VideoConference,
  type PinnedTile,
} from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const conference = () => screen.getByRole('region', { name: 'Meeting' });
const largeTileName = () => document.querySelector('.rk-focus-main .rk-tile')?.getAttribute('aria-label');
const stripNames = () =>
  within(screen.getByRole('list', { name: /participants/i }))
    .getAllByRole('group')
    .map((tile) => tile.getAttribute('aria-label'));

afterEach(() => void vi.useRealTimers());

describe('pinning a tile', () => {
  it('pins from the tile with the mouse: the conference shows it large, and unpinning goes back to the grid', async () => {
    const room = createTestRoom({ participants: 4 });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    expect(conference()).toHaveAttribute('data-layout', 'grid');
    const pin = screen.getByRole('button', { name: 'Pin Participant 3' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(pin);
    expect(conference()).toHaveAttribute('data-layout', 'focus');
    expect(largeTileName()).toBe('Participant 3');
    expect(stripNames()).not.toContain('Participant 3');
    // The button of the pinned tile (now the large one) says so; the others do not.
    expect(screen.getByRole('button', { name: 'Pin Participant 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Pin Participant 1' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Pin Participant 3' }));
    expect(conference()).toHaveAttribute('data-layout', 'grid');
  });

  it('pins and unpins with the keyboard alone', async () => {
    const room = createTestRoom({ participants: 2 });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    const user = userEvent.setup();
    const pin = screen.getByRole('button', { name: 'Pin Participant 2' });
    while (document.activeElement !== pin) await user.tab();
    await user.keyboard('{Enter}');
    expect(largeTileName()).toBe('Participant 2');
    expect(conference()).toHaveAttribute('data-layout', 'focus');
    screen.getByRole('button', { name: 'Pin Participant 2' }).focus();
    await user.keyboard(' ');
    expect(conference()).toHaveAttribute('data-layout', 'grid');
  });

  it('a new screen share takes the stage unless the user pinned someone; a pin ends when its participant leaves', async () => {
    const room = createTestRoom({ participants: 3 });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    act(() => void room.publishTrack('participant-2', 'screen_share'));
    expect(conference()).toHaveAttribute('data-layout', 'focus');
    expect(document.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('data-source', Track.Source.ScreenShare);
    act(() => void room.unpublishTrack('participant-2', 'screen_share'));
    expect(conference()).toHaveAttribute('data-layout', 'grid');

    await userEvent.click(screen.getByRole('button', { name: 'Pin Participant 1' }));
    act(() => void room.publishTrack('participant-3', 'screen_share'));
    expect(largeTileName()).toBe('Participant 1');
    expect(document.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('data-source', Track.Source.Camera);

    act(() => void room.removeParticipant('participant-1'));
    // The pin ended with its participant; the share takes the stage.
    expect(document.querySelector('.rk-focus-main .rk-tile')).toHaveAttribute('data-source', Track.Source.ScreenShare);
    expect(largeTileName()).toBe('Participant 3');
  });

  it('usePinned reads and sets the pin for apps with their own layouts, and ignores a tile that is not there', () => {
    const room = createTestRoom({ participants: 2 });
    let pinned: PinnedTile | null = null;
    let setPinned: (tile: PinnedTile | null) => void = () => {};
    let renders = 0;
    function Probe() {
      [pinned, setPinned] = usePinned();
      renders++;
      return null;
    }
    render(
      <RoomProvider room={room}>
        <Probe />
        <FocusLayout />
      </RoomProvider>,
    );
    act(() => setPinned({ identity: 'participant-2', source: Track.Source.Camera }));
    expect(pinned).toEqual({ identity: 'participant-2', source: Track.Source.Camera });
    expect(largeTileName()).toBe('Participant 2');
    expect(document.querySelector('.rk-focus-layout')).toHaveAttribute('data-pinned', '');
    const before = renders;
    act(() => void room.setSpeaking('participant-1', true));
    expect(renders).toBe(before);
    act(() => setPinned({ identity: 'nobody', source: Track.Source.Camera }));
    expect(pinned).toBeNull();
    act(() => setPinned({ identity: 'participant-1', source: Track.Source.ScreenShare }));
    expect(pinned).toBeNull();
  });
});

describe('speaker view', () => {
  function mountSpeakerView(room: TestRoom, props: { maxStripTiles?: number; holdMs?: number } = {}) {
    const commits = new Map<string, number>();
    const renderTile = (tile: { identity: string; source: Track.Source.Camera | Track.Source.ScreenShare }) => (
      <Profiler id={tile.identity} onRender={(id) => commits.set(id, (commits.get(id) ?? 0) + 1)}>
        <ParticipantTile identity={tile.identity} source={tile.source} />
      </Profiler>
    );
    render(
      <RoomProvider room={room}>
        <SpeakerLayout renderTile={renderTile} {...props} />
      </RoomProvider>,
    );
    return commits;
  }
  const mainName = () => document.querySelector('.rk-focus-main .rk-tile')?.getAttribute('aria-label');
  const strip = () =>
    within(screen.getByRole('list', { name: 'Other participants' }))
      .getAllByRole('group')
      .map((tile) => tile.getAttribute('aria-label'));
  const speak = (room: TestRoom, identity: string, speaking = true) => act(() => void room.setSpeaking(identity, speaking).flush());
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('shows the speaker large only after the hold, and not for a blip', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: 5 });
    mountSpeakerView(room, { holdMs: 1000 });
    expect(mainName()).toBe('Participant 1');
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 4', 'Participant 5']);

    speak(room, 'participant-4');
    wait(400);
    speak(room, 'participant-4', false); // a blip
    wait(2000);
    expect(mainName()).toBe('Participant 1');

    speak(room, 'participant-4');
    wait(999);
    expect(mainName()).toBe('Participant 1');
    wait(1);
    expect(mainName()).toBe('Participant 4');
    // The previous speaker took the new one's slot; nobody else moved.
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 1', 'Participant 5']);
  });

  it('keeps the strip order when someone on screen speaks, and brings an off-screen speaker into the least recent slot', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: 10 });
    mountSpeakerView(room, { holdMs: 500, maxStripTiles: 4 });
    expect(mainName()).toBe('Participant 1');
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 4']);

    // Participant 3 is on screen and the main speaker keeps talking: nothing in the strip moves.
    speak(room, 'participant-1');
    speak(room, 'participant-3');
    wait(100);
    speak(room, 'participant-3', false);
    wait(1000);
    expect(mainName()).toBe('Participant 1');
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 4']);

    // Participant 2 spoke recently, Participant 4 never; Participant 9 is off screen and keeps speaking while
    // Participant 1 (large) still talks: the large tile stays, Participant 9 takes Participant 4's slot.
    speak(room, 'participant-2');
    wait(100);
    speak(room, 'participant-2', false);
    speak(room, 'participant-9');
    wait(499);
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 4']);
    wait(1);
    expect(mainName()).toBe('Participant 1');
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 9']);

    // Participant 1 falls silent: Participant 9, still speaking, goes large and Participant 1 takes its slot.
    speak(room, 'participant-1', false);
    expect(mainName()).toBe('Participant 9');
    expect(strip()).toEqual(['me (you)', 'Participant 2', 'Participant 3', 'Participant 1']);
  });

  it('a change of speaker re-renders at most the two tiles that move, and a speaking blip none but its own', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const room = createTestRoom({ participants: 30 });
    const commits = mountSpeakerView(room, { holdMs: 500, maxStripTiles: 8 });
    commits.clear();
    speak(room, 'participant-5');
    expect(Object.fromEntries(commits)).toEqual({ 'participant-5': 1 });
    commits.clear();
    wait(500);
    // Participant 5 goes large, Participant 1 takes its slot: two tiles mount, no other renders.
    expect(mainName()).toBe('Participant 5');
    expect([...commits.keys()].sort()).toEqual(['participant-1', 'participant-5']);
    expect(Math.max(...commits.values())).toBe(1);
  });

  it('mounts only the large tile and the strip page; paging shows the others in stable order', async () => {
    const room = createTestRoom({ participants: 20 });
    mountSpeakerView(room, { maxStripTiles: 5 });
    expect(document.querySelectorAll('.rk-tile')).toHaveLength(6);
    const layout = document.querySelector('.rk-speaker-layout')!;
    expect(layout).toHaveAttribute('data-pages', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(layout).toHaveAttribute('data-page', '2');
    expect(strip()).toEqual(['Participant 6', 'Participant 7', 'Participant 8', 'Participant 9', 'Participant 10']);
    expect(document.querySelectorAll('.rk-tile')).toHaveLength(6);
  });

  it('useSpeakerOrder gives apps the same order and does not re-render when someone on screen speaks', () => {
    const room = createTestRoom({ participants: 4 });
    let renders = 0;
    let last: ReturnType<typeof useSpeakerOrder> | undefined;
    function Probe() {
      last = useSpeakerOrder({ stripSize: 3 });
      renders++;
      return null;
    }
    render(
      <RoomProvider room={room}>
        <Probe />
      </RoomProvider>,
    );
    expect(last?.main).toBe('participant-1');
    expect(last?.strip).toEqual(['me', 'participant-2', 'participant-3']);
    const before = renders;
    speak(room, 'participant-1');
    speak(room, 'participant-2');
    expect(renders).toBe(before);
  });

  it('VideoConference switches between grid and speaker view from the control bar, controlled or not', async () => {
    const room = createTestRoom({ participants: 3 });
    const onLayoutChange = vi.fn();
    const { rerender } = render(
      <RoomProvider room={room}>
        <VideoConference onLayoutChange={onLayoutChange} />
      </RoomProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Speaker view' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(onLayoutChange).toHaveBeenCalledWith('speaker');
    expect(conference()).toHaveAttribute('data-layout', 'speaker');
    expect(screen.getByRole('list', { name: 'Other participants' })).toBeInTheDocument();

    rerender(
      <RoomProvider room={room}>
        <VideoConference layout="grid" onLayoutChange={onLayoutChange} />
      </RoomProvider>,
    );
    expect(conference()).toHaveAttribute('data-layout', 'grid');
    await userEvent.click(screen.getByRole('button', { name: 'Speaker view' }));
    expect(onLayoutChange).toHaveBeenLastCalledWith('speaker');
    expect(conference()).toHaveAttribute('data-layout', 'grid'); // controlled: the app decides
  });
});
