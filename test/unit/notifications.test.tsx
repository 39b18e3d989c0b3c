import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Track } from 'livekit-client';
import { Profiler, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import {
  Chat,
  NOTIFICATION_GROUP_WINDOW_MS,
  NOTIFICATION_LIMIT,
  Notifications,
  RoomProvider,
  TrackToggle,
  VideoConference,
  defaultLabels,
  notificationText,
  useNotifications,
  type RoomKitLabels,
} from '../../src/index';
import { createTestRoom, type TestRoom, type TestRoomInit } from '../../src/testing/index';
import { axeViolations } from '../helpers/axe';
import { renderInRoom } from '../helpers/render';

const wrap = (room: TestRoom) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RoomProvider room={room}>{children}</RoomProvider>;
  };

/** The notifications as the hook lists them, in words. */
function hookTexts(init: TestRoomInit = {}, options: Parameters<typeof useNotifications>[0] = {}) {
  const room = createTestRoom(init);
  const view = renderHook(() => useNotifications(options), { wrapper: wrap(room) });
  const texts = () => view.result.current.notifications.map((n) => notificationText(n, defaultLabels));
  return { room, view, texts };
}

const region = () => screen.getByRole('region', { name: 'Notifications' });
const toasts = () => within(region()).queryAllByRole('listitem').map((li) => li.querySelector('p')!.textContent);
const announcer = () => screen.getByTestId('rk-announcer');

afterEach(() => {
  vi.useRealTimers();
});

describe('useNotifications', () => {
  it('groups a burst of joins into one notification, and joins within the window into it, by an explicit rule', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { room, texts, view } = hookTexts({ participants: [{ identity: 'ada', name: 'Ada' }] });
    expect(texts()).toEqual([]);
    act(() => void room.addParticipant({ identity: 'bob', name: 'Bob' }));
    expect(texts()).toEqual(['Bob joined']);
    const id = view.result.current.notifications[0]!.id;
    act(() => void vi.advanceTimersByTime(NOTIFICATION_GROUP_WINDOW_MS - 1));
    act(() => void room.addParticipant({ identity: 'cy', name: 'Cy' }));
    expect(texts()).toEqual(['Bob and Cy joined']);
    // The group keeps its id as it grows.
    expect(view.result.current.notifications[0]!.id).toBe(id);
    act(() => {
      room.addParticipant({ identity: 'dee', name: 'Dee' });
      room.addParticipant({ identity: 'eve', name: 'Eve' });
      room.addParticipant({ identity: 'fay', name: 'Fay' });
    });
    expect(texts()).toEqual(['5 people joined']);
    const grouped = view.result.current.notifications[0]!;
    expect(grouped.kind === 'participantJoined' && grouped.people.map((p) => p.name)).toEqual(['Bob', 'Cy', 'Dee', 'Eve', 'Fay']);
    // The window counts from the group's last growth.
    act(() => void vi.advanceTimersByTime(NOTIFICATION_GROUP_WINDOW_MS));
    act(() => void room.addParticipant({ identity: 'gus', name: 'Gus' }));
    expect(texts()).toEqual(['5 people joined', 'Gus joined']);
  });

  it('groups leaves, naming who left after they are gone; a dismissed group is not grown', () => {
    const { room, texts, view } = hookTexts({ participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'bob', name: 'Bob' }, { identity: 'cy' }] });
    act(() => {
      room.removeParticipant('ada');
      room.removeParticipant('bob');
    });
    expect(texts()).toEqual(['Ada and Bob left']);
    act(() => view.result.current.dismiss(view.result.current.notifications[0]!.id));
    expect(texts()).toEqual([]);
    act(() => void room.removeParticipant('cy'));
    expect(texts()).toEqual(['cy left']);
  });

  it('the people already there when the session connects are no news; hidden participants never are', () => {
    const { room, texts } = hookTexts({ connectionState: 'connecting', participants: 3 });
    act(() => void room.setConnectionState('connected'));
    expect(texts()).toEqual([]);
    act(() => void room.addParticipant({ identity: 'ghost', name: 'Ghost', hidden: true }));
    act(() => void room.removeParticipant('ghost'));
    expect(texts()).toEqual([]);
    act(() => void room.addParticipant({ identity: 'ada', name: 'Ada' }));
    expect(texts()).toEqual(['Ada joined']);
  });

  it('a remote hand raised (gone again when lowered); recording started and stopped', () => {
    const { room, texts } = hookTexts({ local: { identity: 'me' }, participants: [{ identity: 'ada', name: 'Ada' }] });
    act(() => void room.raiseHand('ada'));
    expect(texts()).toEqual(['Ada raised their hand']);
    act(() => void room.lowerHand('ada'));
    expect(texts()).toEqual([]);
    const { result } = renderHook(() => useNotifications(), { wrapper: wrap(room) });
    act(() => void room.setRecording(true));
    act(() => void room.setRecording(false));
    expect(texts()).toEqual(['Recording started', 'Recording stopped']);
    expect(result.current.notifications.map((n) => n.kind)).toEqual(['recordingStarted', 'recordingStopped']);
  });

  it(`keeps the newest ${NOTIFICATION_LIMIT}, and dismissAll clears them`, () => {
    const people = Array.from({ length: 7 }, (_, i) => ({ identity: `p${i}`, name: `P${i}` }));
    const { room, texts, view } = hookTexts({ participants: people });
    act(() => people.forEach((p) => room.raiseHand(p.identity)));
    expect(texts()).toEqual(['P2', 'P3', 'P4', 'P5', 'P6'].map((n) => `${n} raised their hand`));
    act(() => view.result.current.dismissAll());
    expect(texts()).toEqual([]);
  });

  it('leaves out the kinds turned off, and keeps its result while nothing it lists changed', () => {
    const { room, texts, view } = hookTexts({ participants: [{ identity: 'ada', name: 'Ada' }] }, { kinds: { participantJoined: false } });
    const before = view.result.current;
    act(() => void room.addParticipant({ identity: 'bob', name: 'Bob' }));
    expect(texts()).toEqual([]);
    expect(view.result.current).toBe(before);
    act(() => void room.raiseHand('ada'));
    expect(texts()).toEqual(['Ada raised their hand']);
  });

  it('a chat message from someone else while no Chat is on screen; none of your own; Chat on screen clears and stops them', async () => {
    const { room, texts } = hookTexts({ participants: [{ identity: 'ada', name: 'Ada' }] });
    act(() => void room.deliverChat('ada', 'hello'));
    expect(texts()).toEqual(['Ada: hello']);
    const chat = render(
      <RoomProvider room={room}>
        <Chat />
      </RoomProvider>,
    );
    expect(texts()).toEqual([]);
    act(() => void room.deliverChat('ada', 'seen in the log'));
    await screen.findByText('seen in the log');
    expect(texts()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'mine' } });
    fireEvent.submit(screen.getByLabelText('Message').closest('form')!);
    await screen.findByText('mine');
    chat.unmount();
    expect(texts()).toEqual([]);
    act(() => void room.deliverChat('ada', 'while closed'));
    expect(texts()).toEqual(['Ada: while closed']);
  });

  it('a lost camera, gone once the camera works again', async () => {
    const { room, texts } = hookTexts({
      devices: { videoinput: [{ deviceId: 'cam-1', label: 'HD camera' }, { deviceId: 'cam-2', label: 'USB camera' }] },
      local: { camera: true },
    });
    render(
      <RoomProvider room={room}>
        <TrackToggle source={Track.Source.Camera} />
      </RoomProvider>,
    );
    const camera = screen.getByRole('button', { name: 'Camera' });
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    act(() => void room.unplugDevice('cam-1'));
    await waitFor(() => expect(texts()).toEqual(['Camera disconnected: reconnect it or choose another, then try again']));
    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'true'));
    expect(texts()).toEqual([]);
  });

  it('re-renders for a new notification only: never for someone speaking or muting', () => {
    const room = createTestRoom({ participants: 20 });
    let renders = 0;
    function Probe() {
      useNotifications();
      renders++;
      return null;
    }
    let commits = 0;
    render(
      <Profiler id="n" onRender={() => commits++}>
        <RoomProvider room={room}>
          <Probe />
        </RoomProvider>
      </Profiler>,
    );
    renders = 0;
    commits = 0;
    act(() => void room.setSpeaking('participant-3', true));
    act(() => void room.setMuted('participant-4', 'camera', true));
    act(() => void room.setSpeaking('participant-3', false));
    expect(renders).toBe(0);
    expect(commits).toBe(0);
    act(() => void room.addParticipant({ identity: 'ada' }));
    expect(renders).toBe(1);
  });

  it('throws outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useNotifications())).toThrow('`useNotifications` must be used within <RoomProvider>');
    vi.mocked(console.error).mockRestore();
  });
});

describe('<Notifications>', () => {
  it('shows toasts with named dismiss buttons in a named region, says each once politely, and passes axe', async () => {
    const { room } = renderInRoom(<Notifications duration={null} />, { participants: [{ identity: 'ada', name: 'Ada' }] });
    expect(region()).toBeInTheDocument();
    expect(within(region()).queryByRole('list')).toBeNull();
    act(() => {
      room.addParticipant({ identity: 'bob', name: 'Bob' });
      room.raiseHand('ada');
    });
    expect(toasts()).toEqual(['Bob joined', 'Ada raised their hand']);
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
    // Said together, neither overwriting the other.
    expect(announcer()).toHaveTextContent('Bob joined');
    expect(announcer()).toHaveTextContent('Ada raised their hand');
    // The toasts are no live region of their own: screen readers hear the announcer alone.
    expect(region().querySelectorAll('[aria-live]')).toHaveLength(1);
    expect(region().querySelector('[aria-live="assertive"], [role="alert"]')).toBeNull();
    expect(within(region()).getAllByRole('listitem')[0]).toHaveAttribute('data-kind', 'participantJoined');
    expect(await axeViolations(region())).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Bob joined' }));
    expect(toasts()).toEqual(['Ada raised their hand']);
    // Dismissing says nothing new.
    expect(announcer()).toHaveTextContent('Bob joined');
  });

  it('is reachable by keyboard: Tab to a toast, Escape or Enter dismisses it and focus moves on', async () => {
    const user = userEvent.setup();
    const { room } = renderInRoom(
      <>
        <button type="button">before</button>
        <Notifications duration={null} />
      </>,
      { participants: [{ identity: 'ada', name: 'Ada' }, { identity: 'bob', name: 'Bob' }, { identity: 'cy', name: 'Cy' }] },
    );
    act(() => ['ada', 'bob', 'cy'].forEach((id) => room.raiseHand(id)));
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss: Ada raised their hand' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toasts()).toEqual(['Bob raised their hand', 'Cy raised their hand']);
    expect(screen.getByRole('button', { name: 'Dismiss: Bob raised their hand' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(toasts()).toEqual(['Bob raised their hand']);
    expect(screen.getByRole('button', { name: 'Dismiss: Bob raised their hand' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toasts()).toEqual([]);
    expect(region()).toHaveFocus();
  });

  it('leaves on its own after the duration, never while hovered or focused, with its full time again after', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { room } = renderInRoom(<Notifications duration={5000} />, { participants: [{ identity: 'ada', name: 'Ada' }] });
    act(() => void room.raiseHand('ada'));
    act(() => void vi.advanceTimersByTime(4999));
    expect(toasts()).toEqual(['Ada raised their hand']);
    act(() => void vi.advanceTimersByTime(1));
    expect(toasts()).toEqual([]);

    act(() => void room.addParticipant({ identity: 'bob', name: 'Bob' }));
    fireEvent.pointerEnter(region());
    expect(region()).toHaveAttribute('data-paused', '');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(toasts()).toEqual(['Bob joined']);
    fireEvent.pointerLeave(region());
    expect(region()).not.toHaveAttribute('data-paused');
    act(() => void vi.advanceTimersByTime(4999));
    expect(toasts()).toEqual(['Bob joined']);

    act(() => screen.getByRole('button', { name: 'Dismiss: Bob joined' }).focus());
    expect(region()).toHaveAttribute('data-paused', '');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(toasts()).toEqual(['Bob joined']);
    act(() => screen.getByRole('button', { name: 'Dismiss: Bob joined' }).blur());
    act(() => void vi.advanceTimersByTime(5000));
    expect(toasts()).toEqual([]);
  });

  it('kinds turned off are neither shown nor said', () => {
    const { room } = renderInRoom(<Notifications duration={null} kinds={{ participantJoined: false, handRaised: false }} />, {
      participants: [{ identity: 'ada', name: 'Ada' }],
    });
    act(() => {
      room.addParticipant({ identity: 'bob', name: 'Bob' });
      room.raiseHand('ada');
    });
    act(() => void room.lowerHand('ada'));
    expect(toasts()).toEqual([]);
    expect(announcer()).toHaveTextContent('');
    act(() => void room.removeParticipant('bob'));
    expect(toasts()).toEqual(['Bob left']);
    expect(announcer()).toHaveTextContent('Bob left');
  });

  it('speaks the labels it is given', () => {
    const labels: Partial<RoomKitLabels> = {
      notifications: 'Avis',
      participantsJoined: (count) => `${count} personnes sont arrivées`,
      dismissNotification: (text) => `Fermer : ${text}`,
    };
    const { room } = renderInRoom(<Notifications duration={null} />, { participants: 1 }, labels);
    act(() => void room.addParticipants(3));
    expect(screen.getByRole('region', { name: 'Avis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer : 3 personnes sont arrivées' })).toBeInTheDocument();
    expect(announcer()).toHaveTextContent('3 personnes sont arrivées');
  });
});

describe('VideoConference notifications', () => {
  it('are on by default: a message while chat is closed is a toast, said once; opening chat clears it', async () => {
    const { room } = renderInRoom(<VideoConference notifications={{ duration: null }} />, { participants: [{ identity: 'ada', name: 'Ada' }] });
    act(() => void room.deliverChat('ada', 'hi all'));
    expect(toasts()).toEqual(['Ada: hi all']);
    const live = [...document.querySelectorAll('[aria-live]')].filter((el) => el.textContent?.includes('hi all'));
    expect(live).toEqual([announcer()]);
    await userEvent.click(screen.getByRole('button', { name: /^Chat/ }));
    expect(toasts()).toEqual([]);
    act(() => void room.deliverChat('ada', 'in the open panel'));
    expect(toasts()).toEqual([]);
    // The chat log (role="log", polite) says it; the announcer does not say it again.
    expect(announcer()).not.toHaveTextContent('in the open panel');
  });

  it('turns kinds off through its prop, and all of them with false (reconnects are still said)', () => {
    const first = renderInRoom(<VideoConference notifications={{ kinds: { participantJoined: false }, duration: null }} />, { participants: 1 });
    act(() => {
      first.room.addParticipant({ identity: 'bob', name: 'Bob' });
      first.room.setRecording(true);
    });
    expect(toasts()).toEqual(['Recording started']);
    first.unmount();

    const { room } = renderInRoom(<VideoConference notifications={false} />, { participants: 1 });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    act(() => void room.addParticipant({ identity: 'bob', name: 'Bob' }));
    expect(announcer()).not.toHaveTextContent('Bob joined');
    act(() => void room.setConnectionState('reconnecting'));
    expect(announcer()).toHaveTextContent('Connection lost. Reconnecting…');
  });
});
