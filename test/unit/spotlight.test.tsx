import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { RoomProvider, SPOTLIGHT_ATTRIBUTE, useSpotlight, VideoConference } from '../../src/index';
import { RecordingView } from '../../src/recording/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const conference = () => screen.getByRole('region', { name: 'Meeting' });
const largeNames = () => [...document.querySelectorAll('.rk-focus-main .rk-tile')].map((tile) => tile.getAttribute('aria-label'));
const badge = () => document.querySelector('.rk-spotlight-badge');

const PEOPLE = [
  { identity: 'ada', name: 'Ada', camera: true },
  { identity: 'bob', name: 'Bob', camera: true },
  { identity: 'cleo', name: 'Cleo' },
];

function meeting(room: TestRoom, props: Parameters<typeof VideoConference>[0] = {}) {
  return render(
    <RoomProvider room={room}>
      <VideoConference {...props} />
    </RoomProvider>,
  );
}

describe('the spotlight', () => {
  it('an admin spotlights someone: the conference shows them large with a badge; ended, the grid comes back', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: PEOPLE });
    meeting(room);
    expect(conference()).toHaveAttribute('data-layout', 'grid');
    expect(badge()).toBeNull();
    act(() => void room.spotlight('bob'));
    expect(conference()).toHaveAttribute('data-layout', 'focus');
    expect(largeNames()).toEqual(['Bob']);
    expect(document.querySelector('.rk-focus-layout')).toHaveAttribute('data-spotlight');
    expect(badge()).toHaveTextContent('Spotlight');
    act(() => void room.spotlight('bob', false));
    expect(conference()).toHaveAttribute('data-layout', 'grid');
    expect(badge()).toBeNull();
  });

  it('several at once show large side by side, longest-spotlighted first; the spotlight beats a screen share', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000 });
    try {
      const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [...PEOPLE, { identity: 'dan', name: 'Dan', screenShare: true }] });
      meeting(room);
      // A share alone takes the stage.
      expect(largeNames()).toEqual(['Dan']);
      act(() => void room.spotlight('cleo'));
      vi.setSystemTime(2_000);
      act(() => void room.spotlight('ada'));
      expect(largeNames()).toEqual(['Cleo', 'Ada']);
      // The local participant can be in it too, as a presenter.
      vi.setSystemTime(3_000);
      act(() => void room.spotlight('me'));
      expect(largeNames()).toEqual(['Cleo', 'Ada', 'Me (you)']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a late joiner sees it at once (the attribute is in the room when it joins); hidden participants are never in it', () => {
    const room = createTestRoom({
      local: { identity: 'me', name: 'Me' },
      participants: [...PEOPLE, { identity: 'ghost', name: 'Ghost', hidden: true, attributes: { [SPOTLIGHT_ATTRIBUTE]: '1' } }].map((p) =>
        p.identity === 'ada' ? { ...p, attributes: { [SPOTLIGHT_ATTRIBUTE]: '5' } } : p,
      ),
    });
    meeting(room);
    expect(conference()).toHaveAttribute('data-layout', 'focus');
    expect(largeNames()).toEqual(['Ada']);
  });

  it('this user’s pin wins over the spotlight, for this user, and says so; unpinned, the spotlight shows again', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: PEOPLE });
    meeting(room);
    act(() => void room.spotlight('bob'));
    await userEvent.click(screen.getByRole('button', { name: 'Pin Cleo' }));
    expect(largeNames()).toEqual(['Cleo']);
    expect(document.querySelector('.rk-focus-layout')).toHaveAttribute('data-pinned');
    expect(document.querySelector('.rk-focus-layout')).not.toHaveAttribute('data-spotlight');
    expect(badge()).toHaveTextContent('Your pin replaces the spotlight');
    await userEvent.click(screen.getByRole('button', { name: 'Pin Cleo' }));
    expect(largeNames()).toEqual(['Bob']);
    expect(badge()).toHaveTextContent(/^Spotlight$/);
  });

  it('the admin menu spotlights and ends it (its own tile too); without roomAdmin there is no menu', async () => {
    const onSpotlight = vi.fn(async () => undefined);
    const room = createTestRoom({ local: { identity: 'me', name: 'Me', grants: { roomAdmin: true } }, participants: PEOPLE });
    const { unmount } = meeting(room, { onSpotlight });
    await userEvent.click(screen.getAllByRole('button', { name: 'Manage Bob' })[0]!);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Spotlight for everyone' }));
    expect(onSpotlight).toHaveBeenLastCalledWith('bob', true);
    act(() => void room.spotlight('bob'));
    await userEvent.click(within(document.querySelector('.rk-focus-main')!).getByRole('button', { name: 'Manage Bob' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'End spotlight' }));
    expect(onSpotlight).toHaveBeenLastCalledWith('bob', false);
    // Your own tile's menu holds the spotlight only (no mute, remove or permissions for yourself).
    await userEvent.click(screen.getAllByRole('button', { name: 'Manage Me' })[0]!);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Spotlight for everyone']);
    unmount();

    const viewer = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: PEOPLE });
    meeting(viewer, { onSpotlight });
    expect(screen.queryByRole('button', { name: /^Manage / })).toBeNull();
  });

  it('the recording view follows the spotlight as everyone’s conference shows it', () => {
    const room = createTestRoom({ local: { identity: 'EG_rec', grants: { hidden: true, canPublish: false, canPublishData: false } }, participants: PEOPLE });
    render(<RecordingView room={room} sink={() => undefined} />);
    const stage = document.querySelector('.rk-recording-stage')!;
    expect(stage).toHaveAttribute('data-layout', 'grid');
    act(() => void room.spotlight('cleo'));
    expect(stage).toHaveAttribute('data-layout', 'focus');
    expect(largeNames()).toEqual(['Cleo']);
    act(() => void room.spotlight('cleo', false));
    expect(stage).toHaveAttribute('data-layout', 'grid');
  });

  it('useSpotlight re-renders only when the spotlight changes: not when someone speaks or mutes', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: PEOPLE });
    let renders = 0;
    const wrapper = ({ children }: { children: ReactNode }) => <RoomProvider room={room}>{children}</RoomProvider>;
    const { result } = renderHook(
      () => {
        renders++;
        return useSpotlight();
      },
      { wrapper },
    );
    expect(result.current).toEqual([]);
    const before = renders;
    act(() => void room.setSpeaking('ada', true));
    act(() => void room.setSpeaking('ada', false));
    act(() => void room.updateParticipant('bob', { name: 'Robert' }));
    expect(renders).toBe(before);
    act(() => void room.spotlight('ada'));
    expect(result.current).toEqual(['ada']);
    expect(renders).toBe(before + 1);
  });
});
