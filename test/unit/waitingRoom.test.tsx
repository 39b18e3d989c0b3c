/**
 * The waiting room in the browser, on the testing kit: the guest's waiting screen (and what it leaves out), its end
 * when a host admits or denies, and a host's queue (ParticipantList and AudioConference), its buttons and knocks.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AudioConference } from '../../src/audio-room/index';
import { LiveAnnouncer, PreJoin, RoomProvider, useNotifications, useWaitingRoom, VideoConference, WAITING_ATTRIBUTE } from '../../src/index';
import { useConnection, type ConnectionQueryOptions } from '../../src/query/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const NO_RIGHTS = { canPublish: false, canSubscribe: false, canPublishData: false };
const HOST = { identity: 'host', name: 'Hana', grants: { roomAdmin: true } };

function meeting(room: TestRoom, props: Parameters<typeof VideoConference>[0] = {}, meetingName?: string) {
  return render(
    <RoomProvider room={room} meetingName={meetingName}>
      <VideoConference {...props} />
    </RoomProvider>,
  );
}

/** The media server's name for the room: the Room API's slug, the name the app gave it with a suffix. */
const SERVER_NAME = 'standup-p1d1nbuz';

const placeholder = () => document.querySelector('.rk-placeholder');
const queue = () => screen.queryByRole('region', { name: /^Waiting \(/ });

describe('waiting to be let in', () => {
  it('shows a waiting screen in words, with the meeting and Cancel, and nothing of the meeting; admitted, the meeting', async () => {
    const room = createTestRoom({ name: SERVER_NAME, local: { identity: 'ann', name: 'Ann', grants: NO_RIGHTS }, participants: [{ identity: 'bob', name: 'Bob', camera: true }] });
    const onLeave = vi.fn();
    meeting(room, { onLeave }, 'Standup');
    expect(placeholder()).toHaveTextContent('Waiting for the host to let you in to Standup.');
    expect(placeholder()).toHaveAttribute('data-state', 'waiting');
    expect(placeholder()).toHaveAttribute('role', 'status');
    // Nothing of the meeting: no tiles, no toolbar, no chat or participants.
    expect(screen.queryByRole('group', { name: 'Bob' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: /Chat|Participants|Microphone/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    act(() => void room.admit('ann'));
    expect(placeholder()).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Meeting controls' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Bob' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('Cancel leaves (and calls onLeave); denied, the page says so in words', async () => {
    const room = createTestRoom({ name: 'Standup', local: { identity: 'ann', name: 'Ann', grants: NO_RIGHTS } });
    const onLeave = vi.fn();
    const { unmount } = meeting(room, { onLeave });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    unmount();

    const turnedAway = createTestRoom({ local: { identity: 'bo', name: 'Bo', grants: NO_RIGHTS } });
    const { result } = renderHook(() => useWaitingRoom(), { wrapper: ({ children }: { children: ReactNode }) => <RoomProvider room={turnedAway}>{children}</RoomProvider> });
    expect(result.current).toMatchObject({ isWaiting: true, denied: false });
    act(() => void turnedAway.deny('bo'));
    expect(result.current).toMatchObject({ isWaiting: false, denied: true });
    expect(turnedAway.localParticipant.attributes[WAITING_ATTRIBUTE]).toBe('denied');
    meeting(turnedAway);
    expect(placeholder()).toHaveTextContent('The host did not let you in.');
  });

  it("PreJoin offers a waiting guest the camera and microphone: they publish once they are let in", async () => {
    const room = createTestRoom({ connectionState: 'disconnected', local: { identity: 'ann', name: 'Ann', grants: NO_RIGHTS } });
    const onSubmit = vi.fn();
    render(
      <RoomProvider room={room}>
        <PreJoin onSubmit={onSubmit} />
      </RoomProvider>,
    );
    expect(screen.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/You will join as a viewer/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ audioEnabled: true, videoEnabled: true, viewer: false }));
  });

  it("names the meeting as the app does, never by the media server's room name", () => {
    // No name given: the words name none, not the server's `standup-p1d1nbuz`.
    const room = createTestRoom({ name: SERVER_NAME, local: { identity: 'ann', name: 'Ann', grants: NO_RIGHTS } });
    const { unmount } = meeting(room);
    expect(placeholder()).toHaveTextContent(/^Waiting for the host to let you in\.$/);
    expect(document.body).not.toHaveTextContent('p1d1nbuz');
    unmount();
    // A label set of the app's own gets the name, or '' for none.
    const waitingForHost = vi.fn((name: string) => (name ? `En attente : ${name}` : 'En attente'));
    render(
      <RoomProvider room={createTestRoom({ name: SERVER_NAME, local: { identity: 'ann', grants: NO_RIGHTS } })} labels={{ waitingForHost }}>
        <VideoConference />
      </RoomProvider>,
    );
    expect(placeholder()).toHaveTextContent(/^En attente$/);
    expect(waitingForHost).toHaveBeenCalledWith('');
  });

  it('the room the app asked useConnection for names the meeting (body.room, or key.room with fetchConnection); meetingName wins', () => {
    const client = new QueryClient();
    // Never fetched (enabled: false): the room the app asked for is known before any answer.
    function Meeting({ room, options, meetingName }: { room: TestRoom; options: ConnectionQueryOptions; meetingName: string | undefined }) {
      const connection = useConnection({ ...options, enabled: false }, client);
      return (
        <RoomProvider room={room} connection={connection} meetingName={meetingName}>
          <VideoConference />
        </RoomProvider>
      );
    }
    const cases: Array<[ConnectionQueryOptions, string | undefined, string]> = [
      [{ endpoint: '/api/meeting-token', body: { room: 'standup', identity: 'ann' } }, undefined, 'Waiting for the host to let you in to standup.'],
      [{ fetchConnection: async () => ({}), key: { room: 'design review', identity: 'ann' } }, undefined, 'Waiting for the host to let you in to design review.'],
      [{ endpoint: '/api/meeting-token', body: { identity: 'ann' } }, undefined, 'Waiting for the host to let you in.'],
      [{ endpoint: '/api/meeting-token', body: { room: 'standup' } }, 'Weekly standup', 'Waiting for the host to let you in to Weekly standup.'],
    ];
    for (const [options, meetingName, words] of cases) {
      const room = createTestRoom({ name: SERVER_NAME, local: { identity: 'ann', grants: NO_RIGHTS } });
      const { unmount } = render(<Meeting room={room} options={options} meetingName={meetingName} />);
      expect(placeholder()).toHaveTextContent(words);
      unmount();
    }
  });

  it('an audio room waits the same way: words, and no chat to read', () => {
    const room = createTestRoom({ name: 'radio-x7k2', local: { identity: 'ann', name: 'Ann', grants: NO_RIGHTS }, participants: [{ identity: 'sam', name: 'Sam', microphone: true }] });
    render(
      <RoomProvider room={room} meetingName="Radio">
        <AudioConference />
      </RoomProvider>,
    );
    expect(placeholder()).toHaveTextContent('Waiting for the host to let you in to Radio.');
    expect(screen.queryByRole('button', { name: /Chat/ })).toBeNull();
    act(() => void room.admit('ann'));
    expect(placeholder()).toBeNull();
  });
});

describe("a host's queue", () => {
  const people = [
    { identity: 'ann', name: 'Ann', waiting: true },
    { identity: 'bo', name: 'Bo', waiting: true },
    { identity: 'cy', name: 'Cy', camera: true },
  ];

  it('lists who waits apart from the meeting, with Admit, Deny and Admit all; a person let in joins the meeting', async () => {
    const room = createTestRoom({ local: HOST, participants: people });
    const onAdmit = vi.fn(() => Promise.resolve({ type: 'admit' as const }));
    const onDeny = vi.fn(() => Promise.resolve({ type: 'deny' as const }));
    const onAdmitAll = vi.fn(() => Promise.resolve({ type: 'admit-all' as const }));
    meeting(room, { defaultParticipantsOpen: true, onAdmit, onDeny, onAdmitAll });
    const section = queue()!;
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Ann'), expect.stringContaining('Bo')]);
    // Not in the meeting yet: no tile, not among the participants.
    expect(screen.queryByRole('group', { name: 'Ann' })).toBeNull();
    expect(screen.getByRole('list', { name: '2 people' })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Admit Ann' }));
    expect(onAdmit).toHaveBeenCalledWith('ann');
    await userEvent.click(within(section).getByRole('button', { name: 'Deny Bo' }));
    expect(onDeny).toHaveBeenCalledWith('bo');
    await userEvent.click(within(section).getByRole('button', { name: 'Admit all' }));
    expect(onAdmitAll).toHaveBeenCalledTimes(1);

    // The server lets Ann in: she leaves the queue and joins the meeting; the last one alone has no Admit all.
    act(() => void room.admit('ann'));
    expect(queue()).toHaveAccessibleName('Waiting (1)');
    expect(within(queue()!).queryByRole('button', { name: 'Admit all' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Ann' })).toBeInTheDocument();
    act(() => void room.deny('bo'));
    expect(queue()).toBeNull();
  });

  it('says a failure next to the buttons, which ends when that person leaves the queue', async () => {
    const room = createTestRoom({ local: HOST, participants: people });
    const onAdmit = vi.fn(() => Promise.reject(new Error('"ann" may have left')));
    meeting(room, { defaultParticipantsOpen: true, onAdmit });
    // Without onDeny, no Deny button: only what the actions allow.
    expect(within(queue()!).queryByRole('button', { name: /Deny/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Admit Ann' }));
    expect(await within(queue()!).findByRole('alert')).toHaveTextContent('Action failed: "ann" may have left');
    act(() => void room.removeParticipant('ann'));
    expect(within(queue()!).queryByRole('alert')).toBeNull();
  });

  it('never lists a hidden participant without rights (an observer) as waiting', () => {
    const room = createTestRoom({ local: HOST, participants: [{ identity: 'obs', name: 'Obs', hidden: true, waiting: true }, ...people] });
    meeting(room, { defaultParticipantsOpen: true });
    expect(within(queue()!).queryByText('Obs')).toBeNull();
    expect(queue()).toHaveAccessibleName('Waiting (2)');
  });

  it('is for roomAdmin only: others see neither the queue nor the people waiting', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: people });
    meeting(room, { defaultParticipantsOpen: true });
    expect(queue()).toBeNull();
    expect(screen.getByRole('list', { name: '2 people' })).toBeInTheDocument();
    expect(screen.queryByText('Ann')).toBeNull();
  });

  it('an audio room host sees the queue on the stage', () => {
    const room = createTestRoom({ local: HOST, participants: people });
    render(
      <RoomProvider room={room}>
        <AudioConference onAdmit={() => Promise.resolve({})} />
      </RoomProvider>,
    );
    expect(within(queue()!).getByRole('button', { name: 'Admit Bo' })).toBeInTheDocument();
  });

  it('a knock is a notification for hosts, grouped, and shrinks as people are let in', () => {
    const room = createTestRoom({ local: HOST, participants: [{ identity: 'cy', name: 'Cy' }] });
    const { result } = renderHook(() => useNotifications(), { wrapper: ({ children }: { children: ReactNode }) => <RoomProvider room={room}>{children}</RoomProvider> });
    act(() => void room.addParticipant({ identity: 'ann', name: 'Ann', waiting: true }).addParticipant({ identity: 'bo', name: 'Bo', waiting: true }));
    expect(result.current.notifications.map((n) => [n.kind, 'people' in n ? n.people.map((p) => p.name) : []])).toEqual([['participantWaiting', ['Ann', 'Bo']]]);
    act(() => void room.admit('ann'));
    expect(result.current.notifications.map((n) => [n.kind, 'people' in n ? n.people.map((p) => p.name) : []])).toEqual([
      ['participantWaiting', ['Bo']],
      ['participantJoined', ['Ann']],
    ]);
    act(() => void room.removeParticipant('bo'));
    expect(result.current.notifications.map((n) => n.kind)).toEqual(['participantJoined']);
  });

  it('a screen reader hears the knock, and who was let in, but not the queue shrinking', () => {
    const room = createTestRoom({ local: HOST, participants: [{ identity: 'cy', name: 'Cy' }] });
    render(
      <RoomProvider room={room}>
        <LiveAnnouncer />
      </RoomProvider>,
    );
    const announcer = screen.getByTestId('rk-announcer');
    act(() => void room.addParticipant({ identity: 'ann', name: 'Ann', waiting: true }).addParticipant({ identity: 'bo', name: 'Bo', waiting: true }));
    expect(announcer).toHaveTextContent('Ann and Bo are waiting to join');
    act(() => void room.admit('ann'));
    expect(announcer.textContent).toContain('Ann joined');
    expect(announcer.textContent).not.toContain('Bo is waiting');
  });

  it('useWaitingRoom re-renders only when the queue changes, not when the meeting speaks', () => {
    const room = createTestRoom({ local: HOST, participants: people });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useWaitingRoom();
      },
      { wrapper: ({ children }: { children: ReactNode }) => <RoomProvider room={room}>{children}</RoomProvider> },
    );
    expect(result.current.queue.map((p) => p.identity)).toEqual(['ann', 'bo']);
    const before = renders;
    act(() => void room.setSpeaking('cy', true));
    act(() => void room.setSpeaking('cy', false));
    expect(renders).toBe(before);
    act(() => void room.admit('bo'));
    expect(renders).toBe(before + 1);
    expect(result.current.queue.map((p) => p.identity)).toEqual(['ann']);
  });
});
