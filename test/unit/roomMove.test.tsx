import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RoomProvider, useChat, useParticipants, useRoomInfo, useTranscriptions, VideoConference } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

/**
 * LiveKit's MoveParticipant (a breakout room): livekit-client 2.12+ emits RoomEvent.Moved after dropping the old
 * room's participants and before adding the new room's. RoomKit's state follows: the room's name, who is there, the
 * conversation and the captions are the new room's.
 */
const wrap = (room: TestRoom) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RoomProvider room={room}>{children}</RoomProvider>;
  };

const MAIN = [
  { identity: 'ann', name: 'Ann', camera: true },
  { identity: 'bo', name: 'Bo', camera: true },
];

describe('a move to another room', () => {
  it("the room's name and its participants are the new room's; the local participant stays", () => {
    const room = createTestRoom({ name: 'all-hands', local: { identity: 'me', name: 'Me' }, participants: MAIN });
    const { result } = renderHook(() => ({ info: useRoomInfo(), people: useParticipants().map((p) => p.identity) }), { wrapper: wrap(room) });
    expect(result.current.info.name).toBe('all-hands');
    expect(result.current.people).toEqual(['me', 'ann', 'bo']);
    act(() => void room.moveTo('all-hands-breakout-1', [{ identity: 'cy', name: 'Cy' }]));
    expect(result.current.info.name).toBe('all-hands-breakout-1');
    expect(result.current.people).toEqual(['me', 'cy']);
    act(() => void room.moveTo('all-hands', MAIN));
    expect(result.current.info.name).toBe('all-hands');
    expect(result.current.people).toEqual(['me', 'ann', 'bo']);
  });

  it("the chat shows the new room's conversation; coming back shows the main room's again", () => {
    const room = createTestRoom({ name: 'all-hands', local: { identity: 'me', name: 'Me' }, participants: MAIN });
    const { result } = renderHook(() => useChat().messages.map((m) => `${m.from}: ${m.message}`), { wrapper: wrap(room) });
    act(() => void room.deliverChat('ann', 'welcome, everyone'));
    expect(result.current).toEqual(['ann: welcome, everyone']);

    act(() => void room.moveTo('breakout-1', [{ identity: 'cy', name: 'Cy' }]));
    expect(result.current).toEqual([]);
    act(() => void room.deliverChat('cy', 'hi from the breakout'));
    expect(result.current).toEqual(['cy: hi from the breakout']);

    act(() => void room.moveTo('all-hands', MAIN));
    expect(result.current).toEqual(['ann: welcome, everyone']);
    act(() => void room.moveTo('breakout-1', [{ identity: 'cy', name: 'Cy' }]));
    expect(result.current).toEqual(['cy: hi from the breakout']);
  });

  it("the old room's captions are cleared", async () => {
    const room = createTestRoom({ name: 'all-hands', local: { identity: 'me', name: 'Me' }, participants: MAIN });
    const { result } = renderHook(() => useTranscriptions().map((s) => s.text), { wrapper: wrap(room) });
    act(() => void room.deliverTranscription('ann', 'the quarter went well', { final: true }));
    await waitFor(() => expect(result.current).toEqual(['the quarter went well']), { timeout: 5_000 });
    act(() => void room.moveTo('breakout-1', [{ identity: 'cy', name: 'Cy' }]));
    expect(result.current).toEqual([]);
    act(() => void room.deliverTranscription('cy', 'shall we start', { final: true }));
    await waitFor(() => expect(result.current).toEqual(['shall we start']), { timeout: 5_000 });
  });

  it('the conference shows the new room: its tiles, and a participant count of its people', () => {
    const room = createTestRoom({ name: 'all-hands', local: { identity: 'me', name: 'Me' }, participants: MAIN });
    render(<VideoConference />, { wrapper: wrap(room) });
    const tiles = () => [...document.querySelectorAll('.rk-tile')].map((tile) => tile.getAttribute('aria-label'));
    expect(tiles()).toEqual(expect.arrayContaining([expect.stringMatching(/^Ann/), expect.stringMatching(/^Bo/)]));
    act(() => void room.moveTo('breakout-1', [{ identity: 'cy', name: 'Cy', camera: true }]));
    expect(tiles().some((name) => /^(Ann|Bo)\b/.test(name ?? ''))).toBe(false);
    expect(tiles()).toEqual(expect.arrayContaining([expect.stringMatching(/^Cy/)]));
    expect(screen.getByRole('button', { name: /Participants/ })).toHaveAccessibleName(/2/);
  });
});
