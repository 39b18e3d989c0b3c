import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import {
  ControlBar,
  ParticipantList,
  RoomProvider,
  useParticipantList,
  VideoConference,
  type ParticipantState,
  type RoomKitLabels,
} from '../../src/index';
import { createTestRoom, type TestRoomInit } from '../../src/testing/index';
import { axeViolations } from '../helpers/axe';
import { renderInRoom } from '../helpers/render';

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.rk-participant-row')];
const rowNames = (container: HTMLElement) => rows(container).map((r) => r.querySelector('.rk-participant-row-name')!.textContent);
const viewport = (container: HTMLElement) => container.querySelector<HTMLElement>('.rk-participant-viewport')!;

/** jsdom has no layout: scrolling is the viewport's scrollTop plus the scroll event a browser would fire. */
function scrollTo(container: HTMLElement, top: number) {
  const el = viewport(container);
  act(() => {
    el.scrollTop = top;
    fireEvent.scroll(el);
  });
}

describe('ParticipantList', () => {
  it('mounts only the rows in view (plus overscan) of 1000 participants, and others as it scrolls', () => {
    const { container } = renderInRoom(<ParticipantList viewportHeight={480} rowHeight={48} overscan={4} />, {
      local: { identity: 'me', name: 'Me' },
      participants: 1000,
    });
    const list = screen.getByRole('list', { name: '1001 people' });
    // 10 rows fit in 480px; 4 more below (none above at the top).
    expect(rows(container)).toHaveLength(14);
    expect(rowNames(container)[0]).toBe('Me (you)');
    expect(rows(container)[0]).toHaveAttribute('data-local');
    expect(rows(container)[1]).toHaveAttribute('aria-posinset', '2');
    expect(rows(container)[1]).toHaveAttribute('aria-setsize', '1001');
    expect(list.style.height).toBe(`${1001 * 48}px`);
    expect(container.querySelector('.rk-participant-list')).toHaveAttribute('data-count', '1001');

    scrollTo(container, 500 * 48);
    // Rows 500..509 in view, 4 on each side: 18 rows, the first at position 497.
    expect(rows(container)).toHaveLength(18);
    expect(rows(container)[0]).toHaveAttribute('aria-posinset', '497');
    expect(rows(container)[0]!.style.top).toBe(`${496 * 48}px`);
    expect(screen.getByText('Participant 500')).toBeInTheDocument();
    expect(screen.queryByText('Participant 1')).toBeNull();

    scrollTo(container, 1001 * 48);
    expect(rowNames(container).at(-1)).toBe('Participant 1000');
    expect(rows(container).length).toBeLessThanOrEqual(14);
  });

  it('never lists hidden participants, nor a hidden local observer', () => {
    const { container, room } = renderInRoom(<ParticipantList />, {
      local: { identity: 'observer', grants: { hidden: true } },
      participants: [
        { identity: 'ada', name: 'Ada' },
        { identity: 'ghost', name: 'Ghost', hidden: true },
        { identity: 'grace', name: 'Grace' },
      ],
    });
    expect(rowNames(container)).toEqual(['Ada', 'Grace']);
    expect(container.querySelector('.rk-participant-list')).toHaveAttribute('data-count', '2');
    act(() => void room.addParticipant({ identity: 'spy', name: 'Spy', hidden: true }));
    act(() => void room.addParticipant({ identity: 'linus', name: 'Linus' }));
    expect(rowNames(container)).toEqual(['Ada', 'Grace', 'Linus']);
  });

  it('shows microphone, camera and speaking state on each row', () => {
    const { container, room } = renderInRoom(<ParticipantList />, {
      participants: [
        { identity: 'ada', name: 'Ada', microphone: true, camera: true },
        { identity: 'grace', name: 'Grace', microphone: 'muted', camera: 'muted' },
        { identity: 'ken', name: 'Ken' },
      ],
    });
    const [, ada, grace, ken] = rows(container);
    expect(ada).toHaveAttribute('data-microphone', 'on');
    expect(ada).not.toHaveAttribute('data-muted');
    expect(within(ada!).getByRole('img', { name: 'Microphone on' })).toBeInTheDocument();
    expect(within(ada!).getByRole('img', { name: 'Camera on' })).toBeInTheDocument();
    expect(grace).toHaveAttribute('data-microphone', 'muted');
    expect(grace).toHaveAttribute('data-camera', 'muted');
    expect(grace).toHaveAttribute('data-muted');
    expect(within(grace!).getByRole('img', { name: 'Microphone muted' })).toBeInTheDocument();
    expect(within(grace!).getByRole('img', { name: 'Camera off' })).toBeInTheDocument();
    expect(ken).toHaveAttribute('data-microphone', 'off');
    expect(ken).toHaveAttribute('data-camera', 'off');

    act(() => void room.setSpeaking('ada', true));
    expect(rows(container)[1]).toHaveAttribute('data-speaking');
    expect(within(rows(container)[1]!).getByText('Speaking')).toBeInTheDocument();
    act(() => void room.setMuted('ada', 'microphone', true));
    expect(rows(container)[1]).toHaveAttribute('data-muted');
  });

  it('shows a labelled search box only once the room is larger than a page, and filters by name or identity', async () => {
    const small = renderInRoom(<ParticipantList viewportHeight={480} />, { participants: 5 });
    expect(screen.queryByRole('searchbox')).toBeNull();
    small.unmount();

    const { container } = renderInRoom(<ParticipantList viewportHeight={480} />, { participants: 1000 });
    const search = screen.getByRole('searchbox', { name: 'Search participants' });
    await userEvent.type(search, 'participant 99');
    // "Participant 99" and "Participant 990" … "Participant 999".
    expect(container.querySelector('.rk-participant-list')).toHaveAttribute('data-matches', '11');
    expect(rowNames(container)).toEqual(['Participant 99', ...Array.from({ length: 10 }, (_, i) => `Participant ${990 + i}`)]);
    expect(screen.getByRole('status')).toHaveTextContent('11 of 1001 shown');
    expect(screen.getByRole('list', { name: '11 people' })).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'PARTICIPANT-420');
    expect(rowNames(container)).toEqual(['Participant 420']);

    await userEvent.clear(search);
    await userEvent.type(search, 'nobody here');
    expect(rows(container)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No one matches');

    await userEvent.clear(search);
    expect(rows(container)).toHaveLength(14);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('re-renders one row for one speaking or mute change, and the list only when someone joins or leaves', () => {
    const room = createTestRoom({ participants: 200 });
    const rowRenders = new Map<string, number>();
    let listRenders = 0;
    const renderRowExtra = (p: ParticipantState) => {
      rowRenders.set(p.identity, (rowRenders.get(p.identity) ?? 0) + 1);
      return null;
    };
    // The list names its rows on every render, so this label counts the list's renders.
    const labels: Partial<RoomKitLabels> = {
      participantListRows: (n) => {
        listRenders++;
        return `${n} people`;
      },
    };
    const { container } = render(
      <RoomProvider room={room}>
        <ParticipantList viewportHeight={480} renderRowExtra={renderRowExtra} labels={labels} />
      </RoomProvider>,
    );
    expect(rows(container)).toHaveLength(14);
    rowRenders.clear();
    listRenders = 0;

    act(() => void room.setSpeaking('participant-5', true));
    expect(Object.fromEntries(rowRenders)).toEqual({ 'participant-5': 1 });
    expect(listRenders).toBe(0);

    rowRenders.clear();
    act(() => void room.setMuted('participant-7', 'camera', true));
    act(() => void room.setConnectionQuality('participant-8', 'poor'));
    expect(Object.fromEntries(rowRenders)).toEqual({ 'participant-7': 1, 'participant-8': 1 });
    expect(listRenders).toBe(0);

    // Someone far down the list speaking renders nothing at all.
    rowRenders.clear();
    act(() => void room.setSpeaking('participant-150', true));
    expect(rowRenders.size).toBe(0);
    expect(listRenders).toBe(0);

    act(() => void room.addParticipant({ identity: 'late', name: 'Late' }));
    expect(listRenders).toBe(1);
    expect(screen.getByRole('list', { name: '202 people' })).toBeInTheDocument();
    listRenders = 0;
    act(() => void room.removeParticipant('participant-3'));
    expect(listRenders).toBe(1);
    expect(screen.queryByText('Participant 3')).toBeNull();
  });

  it('offers the admin menu on remote rows for a roomAdmin session only', async () => {
    const onRemoveParticipant = vi.fn(async () => {});
    const init: TestRoomInit = {
      local: { identity: 'me', name: 'Me', grants: { roomAdmin: true } },
      participants: [
        { identity: 'ada', name: 'Ada', microphone: true },
        { identity: 'grace', name: 'Grace' },
      ],
    };
    const admin = renderInRoom(<ParticipantList onRemoveParticipant={onRemoveParticipant} />, init);
    expect(screen.getAllByRole('button', { name: /^Manage / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Manage Ada', 'Manage Grace']);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Grace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from room' }));
    await waitFor(() => expect(onRemoveParticipant).toHaveBeenCalledWith('grace'));
    admin.unmount();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderInRoom(<ParticipantList onRemoveParticipant={onRemoveParticipant} />, { ...init, local: { identity: 'me', grants: { roomAdmin: false } } });
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Manage / })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('lacks the roomAdmin grant'));
  });

  it('is reachable with Tab: search box, then the list, then each row\u2019s controls', async () => {
    renderInRoom(<ParticipantList viewportHeight={96} onMuteParticipant={async () => {}} />, {
      local: { identity: 'me', name: 'Me', grants: { roomAdmin: true } },
      participants: [
        { identity: 'ada', name: 'Ada', microphone: true },
        { identity: 'grace', name: 'Grace', microphone: true },
        { identity: 'ken', name: 'Ken', microphone: true },
      ],
    });
    await userEvent.tab();
    expect(screen.getByRole('searchbox', { name: 'Search participants' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('list', { name: '4 people' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Manage Ada' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Mute microphone' })).toBeInTheDocument();
  });

  it('keeps the focused row mounted while it is scrolled out of view', () => {
    const { container } = renderInRoom(<ParticipantList viewportHeight={480} onMuteParticipant={async () => {}} />, {
      local: { identity: 'me', grants: { roomAdmin: true } },
      participants: Array.from({ length: 300 }, (_, i) => ({ identity: `p${i + 1}`, name: `Person ${i + 1}`, microphone: true })),
    });
    const button = screen.getByRole('button', { name: 'Manage Person 2' });
    act(() => button.focus());
    scrollTo(container, 200 * 48);
    expect(button).toBeInTheDocument();
    expect(button).toHaveFocus();
    // The rows in view, plus the focused one.
    expect(rows(container)).toHaveLength(19);
    expect(rows(container)[0]).toHaveAttribute('aria-posinset', '3');
    act(() => button.blur());
    expect(screen.queryByRole('button', { name: 'Manage Person 2' })).toBeNull();
    expect(rows(container)).toHaveLength(18);
  });

  it('measures its viewport with a ResizeObserver where there is one', () => {
    const observed: Array<() => void> = [];
    class FakeResizeObserver {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        observed.push(() => this.callback([{ contentRect: { height: 240 } } as ResizeObserverEntry], this as never));
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    try {
      const { container } = renderInRoom(<ParticipantList overscan={2} />, { participants: 100 });
      // Before a measurement: 480px assumed, 10 rows and 2 below.
      expect(rows(container)).toHaveLength(12);
      act(() => observed.forEach((report) => report()));
      // 240px: 5 rows and 2 below.
      expect(rows(container)).toHaveLength(7);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('passes axe', async () => {
    const { container } = renderInRoom(<ParticipantList viewportHeight={240} onMuteParticipant={async () => {}} />, {
      local: { identity: 'me', grants: { roomAdmin: true } },
      participants: 30,
    });
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('useParticipantList', () => {
  it('returns identities, filtered, and keeps the array across speaking changes', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'ada', name: 'Ada Lovelace' }, { identity: 'grace', name: 'Grace' }] });
    const seen: Array<readonly string[]> = [];
    function Probe({ search }: { search?: string }) {
      const { identities, total } = useParticipantList(search === undefined ? {} : { search });
      seen.push(identities);
      return <span data-testid="total">{total}</span>;
    }
    const { rerender } = render(
      <RoomProvider room={room}>
        <Probe />
      </RoomProvider>,
    );
    expect(seen.at(-1)).toEqual(['me', 'ada', 'grace']);
    const before = seen.length;
    act(() => void room.setSpeaking('ada', true));
    expect(seen.length).toBe(before);
    rerender(
      <RoomProvider room={room}>
        <Probe search="  LOVE " />
      </RoomProvider>,
    );
    expect(seen.at(-1)).toEqual(['ada']);
    expect(screen.getByTestId('total')).toHaveTextContent('3');
  });
});

describe('Participants toggle', () => {
  it('ControlBar names it with the listed count, tracks joins, and reports presses', async () => {
    const onParticipantsToggle = vi.fn();
    const { room } = renderInRoom(<ControlBar controls={{ participants: true }} participantsOpen onParticipantsToggle={onParticipantsToggle} />, {
      participants: [{ identity: 'ada' }, { identity: 'ghost', hidden: true }, { identity: 'grace' }],
    });
    const toggle = screen.getByRole('button', { name: 'Participants (3)' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAttribute('data-count', '3');
    act(() => void room.addParticipant({ identity: 'ken' }));
    expect(screen.getByRole('button', { name: 'Participants (4)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Participants (4)' }));
    expect(onParticipantsToggle).toHaveBeenCalledTimes(1);
  });

  it('ControlBar shows no participants toggle unless asked', () => {
    renderInRoom(<ControlBar />, { participants: 2 });
    expect(screen.queryByRole('button', { name: /^Participants/ })).toBeNull();
  });

  it('VideoConference opens the list as a side panel, in place of chat, from the keyboard', async () => {
    const { container } = renderInRoom(<VideoConference defaultChatOpen />, { local: { identity: 'me', name: 'Me' }, participants: 3 });
    expect(screen.getByRole('region', { name: 'Chat' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Participants (4)' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = screen.getByRole('region', { name: 'Participants' });
    expect(within(panel).getByText('Participant 2')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
    expect(container.querySelector('.rk-conference')).toHaveAttribute('data-participants-open');
    await userEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.queryByRole('region', { name: 'Participants' })).toBeNull();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('VideoConference without participants has no toggle', () => {
    renderInRoom(<VideoConference participants={false} />, { participants: 3 });
    expect(screen.queryByRole('button', { name: /^Participants/ })).toBeNull();
  });

  it('puts raised hands first, in the order raised, with a hand badge, and back in place once lowered', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: 6 });
    const { container } = render(
      <RoomProvider room={room}>
        <ParticipantList viewportHeight={480} />
      </RoomProvider>,
    );
    expect(rowNames(container)).toEqual(['Me (you)', 'Participant 1', 'Participant 2', 'Participant 3', 'Participant 4', 'Participant 5', 'Participant 6']);
    act(() => void room.raiseHand('participant-5', 2000));
    act(() => void room.raiseHand('participant-2', 3000));
    expect(rowNames(container).slice(0, 3)).toEqual(['Participant 5', 'Participant 2', 'Me (you)']);
    const five = rows(container)[0]!;
    expect(within(five).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();
    expect(within(rows(container)[2]!).queryByRole('img', { name: 'Hand raised' })).toBeNull();
    act(() => void room.lowerHand('participant-5'));
    expect(rowNames(container).slice(0, 2)).toEqual(['Participant 2', 'Me (you)']);
    expect(rowNames(container)).toContain('Participant 5');
    expect(container.querySelectorAll('[data-hand-raised]')).toHaveLength(1);
  });
});
