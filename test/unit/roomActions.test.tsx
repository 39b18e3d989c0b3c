import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoomEvent, type Room } from 'livekit-client';
import type { ReactNode } from 'react';
import {
  createRoomActions,
  isRoomKitError,
  LiveAnnouncer,
  ParticipantAdminMenu,
  ParticipantList,
  RecordingControl,
  RoomProvider,
  useRaisedHands,
  useRaiseHand,
  useRoom,
  useRoomActions,
  VideoConference,
  type AdminActions,
  type RoomAction,
  type RoomActionCallbacks,
  type RoomKitError,
} from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';
import { makeToken } from '../helpers/jwt';

const URL = 'wss://media.example.com';

/** One request the fake route saw: the action and the token it carried. */
interface Seen {
  url: string;
  action: RoomAction;
  authorization: string | null;
}

/**
 * A stand-in for the room actions route: records each request and answers with `answer(action)` (200 with the
 * result by default), or waits for `hold()` to be released.
 */
function fakeRoute(answer: (action: RoomAction) => Response = (action) => Response.json({ type: action.type })) {
  const seen: Seen[] = [];
  let gate: Promise<void> | undefined;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const action = JSON.parse(String(init?.body)) as RoomAction;
    seen.push({ url: String(input), action, authorization: headers.get('authorization') });
    if (gate) await gate;
    return answer(action);
  };
  return {
    seen,
    fetch: fetch as typeof globalThis.fetch,
    /** Holds every answer until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const refusal = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status });

const wrap = (room: TestRoom) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RoomProvider room={room}>{children}</RoomProvider>;
  };

describe('createRoomActions: the client of the room actions route', () => {
  it('posts each action as its JSON body with the session’s current connection token, a renewed one after a refresh', async () => {
    const route = fakeRoute();
    const actions = createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch });
    const first = makeToken({ sub: 'host', video: { roomJoin: true, room: 'r', roomAdmin: true, roomRecord: true } }, { ttlSeconds: 600 });
    const renewed = makeToken({ sub: 'host', video: { roomJoin: true, room: 'r', roomAdmin: true, roomRecord: true } }, { ttlSeconds: 900 });
    let callbacks: RoomActionCallbacks | undefined;
    function Probe() {
      callbacks = useRoomActions(actions);
      return null;
    }
    // connect={false}: the session holds the token without joining (a renewal never reconnects either).
    const { rerender } = render(
      <RoomProvider token={first} url={URL} connect={false}>
        <Probe />
      </RoomProvider>,
    );
    const { admin, recording, setRecordingLayout } = callbacks!;
    await expect(admin.onMuteParticipant('ada')).resolves.toEqual({ type: 'mute' });
    await admin.onMuteParticipant('ada', 'TR_cam');
    await admin.onRemoveParticipant('ada');
    await admin.onUpdatePermissions('ada', { canPublish: false });
    await admin.onLowerHand('ada');
    await recording.onStartRecording();
    await setRecordingLayout('speaker');
    rerender(
      <RoomProvider token={renewed} url={URL} connect={false}>
        <Probe />
      </RoomProvider>,
    );
    // The same callbacks for the same room: a component given them does not re-render for a renewal.
    expect(callbacks!.admin).toBe(admin);
    await recording.onStopRecording();
    expect(route.seen.map((s) => s.action)).toEqual([
      { type: 'mute', identity: 'ada' },
      { type: 'mute', identity: 'ada', trackSid: 'TR_cam' },
      { type: 'remove', identity: 'ada' },
      { type: 'update-permissions', identity: 'ada', permissions: { canPublish: false } },
      { type: 'lower-hand', identity: 'ada' },
      { type: 'start-recording' },
      { type: 'set-recording-layout', layout: 'speaker' },
      { type: 'stop-recording' },
    ]);
    expect(new Set(route.seen.map((s) => s.url))).toEqual(new Set(['/api/room-actions']));
    expect(route.seen.slice(0, -1).every((s) => s.authorization === `Bearer ${first}`)).toBe(true);
    expect(route.seen.at(-1)!.authorization).toBe(`Bearer ${renewed}`);
  });

  it('after a move by the server (MoveParticipant), acts in the room the session is in: with the token LiveKit sent for it', async () => {
    const route = fakeRoute();
    const actions = createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch });
    const mainToken = makeToken({ sub: 'host', video: { roomJoin: true, room: 'main', roomAdmin: true } });
    const breakoutToken = makeToken({ sub: 'host', video: { roomJoin: true, room: 'main-breakout-1', roomAdmin: true } });
    let room: Room | undefined;
    let callbacks: RoomActionCallbacks | undefined;
    function Probe() {
      room = useRoom();
      callbacks = useRoomActions(actions);
      return null;
    }
    render(
      <RoomProvider token={mainToken} url={URL} connect={false}>
        <Probe />
      </RoomProvider>,
    );
    // What livekit-client does with room_moved: the engine keeps the new token, the room takes the new name, Moved fires.
    const moveTo = (name: string, token: string) =>
      act(() => {
        Object.assign(room!.engine ?? Object.assign(room!, { engine: {} }).engine, { token });
        (room as unknown as { roomInfo: { name: string } }).roomInfo = { name };
        room!.emit(RoomEvent.Moved, name);
      });
    await callbacks!.admin.onLowerHand('ada');
    moveTo('main-breakout-1', breakoutToken);
    await callbacks!.admin.onLowerHand('bo');
    // a full re-join with the session's own connection puts it back in the main room (no move)
    (room as unknown as { roomInfo: { name: string } }).roomInfo = { name: 'main' };
    await callbacks!.admin.onLowerHand('cy');
    expect(route.seen.map((s) => [s.action.type === 'lower-hand' && s.action.identity, s.authorization])).toEqual([
      ['ada', `Bearer ${mainToken}`],
      ['bo', `Bearer ${breakoutToken}`],
      // no longer in the room it was moved to: the session's own connection again
      ['cy', `Bearer ${mainToken}`],
    ]);
  });

  it('rejects with a RoomKitError carrying the route’s code and message', async () => {
    const room = createTestRoom();
    const answers: Record<string, Response | Error> = {};
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { identity } = JSON.parse(String(init?.body)) as { identity: string };
      const answer = answers[identity]!;
      if (answer instanceof Error) throw answer;
      return answer;
    }) as typeof globalThis.fetch;
    const { admin } = createRoomActions({ endpoint: '/api/room-actions', fetch, getToken: () => makeToken({}) }).forRoom(room);
    answers.a = refusal(401, 'unauthorized', 'The media server refused your connection token (forged, expired or revoked).');
    answers.b = refusal(403, 'forbidden', 'Your connection token lacks the roomAdmin grant, which remove needs.');
    answers.c = refusal(404, 'not_found', 'No participant "c" in this room: they may have left.');
    answers.d = new Response('<html>bad gateway</html>', { status: 502 });
    answers.e = new TypeError('Failed to fetch');
    const failure = (identity: string) => admin.onRemoveParticipant(identity).then(() => undefined, (error: unknown) => error as RoomKitError);
    expect(await failure('a')).toMatchObject({ code: 'unauthorized', details: { status: 401, code: 'unauthorized', action: 'remove' } });
    expect(await failure('b')).toMatchObject({
      code: 'not-permitted',
      message: 'Your connection token lacks the roomAdmin grant, which remove needs.',
      details: { status: 403, code: 'forbidden', action: 'remove' },
    });
    expect(await failure('c')).toMatchObject({ code: 'room-action-failed', message: 'No participant "c" in this room: they may have left.', details: { status: 404, code: 'not_found' } });
    const bare = await failure('d');
    expect(bare).toMatchObject({ code: 'room-action-failed', message: 'Your room actions route answered HTTP 502.', details: { status: 502, action: 'remove' } });
    expect((bare!.details as Record<string, unknown>).code).toBeUndefined();
    expect(await failure('e')).toMatchObject({ code: 'unreachable' });
    expect(isRoomKitError(await failure('e'))).toBe(true);
  });

  it('sends nothing without a token: a Room RoomKit does not connect needs getToken', async () => {
    const route = fakeRoute();
    const room = createTestRoom();
    const error = await createRoomActions({ endpoint: '/x', fetch: route.fetch }).run(room, { type: 'stop-recording' }).catch((e: unknown) => e);
    expect(isRoomKitError(error, 'not-connected')).toBe(true);
    expect(route.seen).toEqual([]);
  });

  it('keeps your headers and credentials mode, and sets its own', async () => {
    let seen: RequestInit | undefined;
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen = init;
      return Response.json({ type: 'stop-recording' });
    }) as typeof globalThis.fetch;
    const token = makeToken({});
    await createRoomActions({ endpoint: '/x', fetch, headers: { 'X-CSRF': 'abc' }, credentials: 'include', getToken: () => token }).run(createTestRoom(), { type: 'stop-recording' });
    const headers = new Headers(seen!.headers);
    expect(seen!.method).toBe('POST');
    expect(seen!.credentials).toBe('include');
    expect(headers.get('x-csrf')).toBe('abc');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('its callbacks are the components’ callback props (type test)', () => {
    const { admin } = createRoomActions({ endpoint: '/x' }).forRoom(createTestRoom());
    const props: AdminActions = admin;
    expect(Object.keys(props).sort()).toEqual(['onAdmit', 'onAdmitAll', 'onDeny', 'onLowerHand', 'onMuteParticipant', 'onRemoveParticipant', 'onSpotlight', 'onUpdatePermissions']);
  });
});

describe('VideoConference actions={createRoomActions(…)}', () => {
  const admin = () =>
    createTestRoom({
      local: { identity: 'me', name: 'Me', grants: { roomAdmin: true, roomRecord: true } },
      participants: [{ identity: 'ada', name: 'Ada', microphone: true }],
    });

  it('mutes through the route from the admin menu: pending while it runs, then the route’s refusal in words', async () => {
    const user = userEvent.setup();
    const room = admin();
    const route = fakeRoute(() => refusal(403, 'forbidden', 'Your connection token lacks the roomAdmin grant, which mute needs.'));
    const actions = createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch, getToken: () => 'tok' });
    render(
      <RoomProvider room={room}>
        <VideoConference actions={actions} />
      </RoomProvider>,
    );
    const release = route.hold();
    await user.click(screen.getAllByRole('button', { name: 'Manage Ada' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Mute microphone' }));
    // Pending: the menu says so and its button is busy, until the route answers.
    expect(await screen.findByText('Working…')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Manage Ada' })[0]).toHaveAttribute('aria-busy', 'true');
    const mic = room.remoteParticipants.get('ada')!.getTrackPublications().find((p) => p.source === 'microphone')!;
    expect(route.seen).toEqual([{ url: '/api/room-actions', action: { type: 'mute', identity: 'ada', trackSid: mic.trackSid }, authorization: 'Bearer tok' }]);
    act(() => release());
    expect(await screen.findByRole('alert')).toHaveTextContent('Action failed: Your connection token lacks the roomAdmin grant, which mute needs.');
    expect(screen.queryByText('Working…')).toBeNull();
  });

  it('starts and stops recording through the route, and shows a refusal in RecordingControl', async () => {
    const user = userEvent.setup();
    const room = admin();
    const route = fakeRoute((action) =>
      action.type === 'start-recording' ? refusal(409, 'already_recording', 'This room is already being recorded.') : Response.json({ type: action.type, egressIds: ['EG_1'] }),
    );
    render(
      <RoomProvider room={room}>
        <VideoConference actions={createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch, getToken: () => 'tok' })} />
      </RoomProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Recording change failed: This room is already being recorded.');
    act(() => void room.setRecording(true));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await waitFor(() => expect(route.seen.map((s) => s.action)).toEqual([{ type: 'start-recording' }, { type: 'stop-recording' }]));
  });

  it('spotlights through the route from the admin menu, and ends it once the server set the attribute', async () => {
    const user = userEvent.setup();
    const room = admin();
    const route = fakeRoute();
    render(
      <RoomProvider room={room}>
        <VideoConference actions={createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch, getToken: () => 'tok' })} />
      </RoomProvider>,
    );
    await user.click(screen.getAllByRole('button', { name: 'Manage Ada' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Spotlight for everyone' }));
    await waitFor(() => expect(route.seen.map((s) => s.action)).toEqual([{ type: 'spotlight', identity: 'ada', on: true }]));
    // The route answered; the server's attribute is what changes the room (here, the simulated server's).
    act(() => void room.spotlight('ada'));
    await user.click(screen.getAllByRole('button', { name: 'Manage Ada' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'End spotlight' }));
    await waitFor(() => expect(route.seen.map((s) => s.action)).toContainEqual({ type: 'spotlight', identity: 'ada', on: false }));
  });

  it('a callback given as a prop wins over its action', async () => {
    const user = userEvent.setup();
    const route = fakeRoute();
    const removed: string[] = [];
    render(
      <RoomProvider room={admin()}>
        <VideoConference
          actions={createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch, getToken: () => 'tok' })}
          onRemoveParticipant={async (identity) => void removed.push(identity)}
        />
      </RoomProvider>,
    );
    await user.click(screen.getAllByRole('button', { name: 'Manage Ada' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Remove from room' }));
    await waitFor(() => expect(removed).toEqual(['ada']));
    expect(route.seen).toEqual([]);
  });
});

/** Says whose hands are up, so a test waits until the room's raised hands have arrived. */
function Hands() {
  return <p>hands: {useRaisedHands().map((h) => h.identity).join(', ')}</p>;
}

describe('lowering a hand through the server', () => {
  it('the admin menu offers "Lower hand" with onLowerHand even without canPublishData, and posts lower-hand', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({
      local: { identity: 'me', grants: { roomAdmin: true, canPublishData: false } },
      participants: [{ identity: 'ada', name: 'Ada' }],
    });
    const route = fakeRoute();
    const { admin: callbacks } = createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch, getToken: () => 'tok' }).forRoom(room);
    render(
      <RoomProvider room={room}>
        <Hands />
        <ParticipantList {...callbacks} />
      </RoomProvider>,
    );
    // Ada raises her hand now (a session without canPublishData cannot ask who raised one before).
    act(() => void room.raiseHand('ada'));
    await screen.findByText('hands: ada');
    await user.click(within(screen.getByRole('region', { name: 'Participants' })).getByRole('button', { name: 'Manage Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Lower hand' }));
    await waitFor(() => expect(route.seen.map((s) => s.action)).toEqual([{ type: 'lower-hand', identity: 'ada' }]));
    // Nothing went over the data channel: the server asks Ada's client.
    expect(room.sentData.filter((d) => d.topic === 'roomkit.hand' && d.text.includes('lower-request'))).toEqual([]);
  });

  it('without onLowerHand or canPublishData there is no "Lower hand"', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({
      local: { identity: 'me', grants: { roomAdmin: true, canPublishData: false } },
      participants: [{ identity: 'ada', name: 'Ada' }],
    });
    render(
      <RoomProvider room={room}>
        <Hands />
        <ParticipantAdminMenu identity="ada" onRemoveParticipant={async () => {}} />
      </RoomProvider>,
    );
    // Ada raises her hand now (a session without canPublishData cannot ask who raised one before).
    act(() => void room.raiseHand('ada'));
    await screen.findByText('hands: ada');
    await user.click(await screen.findByRole('button', { name: 'Manage Ada' }));
    expect(screen.getByRole('menuitem', { name: 'Remove from room' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Lower hand' })).toBeNull();
  });

  it('the owner’s client obeys a lower-request the server sent (no sender), and ignores other server packets on the topic', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' } });
    const { result } = renderHook(() => useRaiseHand(), { wrapper: wrap(room) });
    render(
      <RoomProvider room={room}>
        <LiveAnnouncer />
      </RoomProvider>,
    );
    await act(() => result.current.toggle(true));
    // A server packet that is not a lower-request is nobody's hand.
    act(() => void room.deliverData(undefined, JSON.stringify({ type: 'lower' }), { topic: 'roomkit.hand' }));
    act(() => void room.deliverData(undefined, JSON.stringify({ type: 'raise', raisedAt: 5 }), { topic: 'roomkit.hand' }));
    expect(result.current.raised).toBe(true);
    act(() => void room.deliverData(undefined, JSON.stringify({ type: 'lower-request' }), { topic: 'roomkit.hand' }));
    await waitFor(() => expect(result.current.raised).toBe(false));
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('A moderator lowered your hand');
    // It tells everyone, as when it lowers by itself.
    expect(room.sentData.filter((d) => d.topic === 'roomkit.hand').map((d) => JSON.parse(d.text) as unknown).at(-1)).toEqual({ type: 'lower' });
  });
});

describe('your own layout: useRoomActions', () => {
  it('spreads admin on ParticipantAdminMenu and recording on RecordingControl', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({
      local: { identity: 'me', grants: { roomAdmin: true, roomRecord: true } },
      participants: [{ identity: 'ada', name: 'Ada' }],
    });
    const route = fakeRoute();
    const actions = createRoomActions({ endpoint: '/api/room-actions', fetch: route.fetch, getToken: () => 'tok' });
    function Panel() {
      const { admin, recording } = useRoomActions(actions);
      return (
        <>
          <RecordingControl {...recording} />
          <ParticipantAdminMenu identity="ada" {...admin} />
        </>
      );
    }
    render(
      <RoomProvider room={room}>
        <Panel />
      </RoomProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(screen.getByRole('button', { name: 'Manage Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Revoke publishing' }));
    await waitFor(() =>
      expect(route.seen.map((s) => s.action)).toEqual([{ type: 'start-recording' }, { type: 'update-permissions', identity: 'ada', permissions: { canPublish: false } }]),
    );
  });
});
