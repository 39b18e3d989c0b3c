import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConnectionError, ConnectionState, DisconnectReason, Room, type RoomOptions } from 'livekit-client';
import type * as LiveKit from 'livekit-client';
import { StrictMode, useState } from 'react';
import { RoomProvider, useConnectionState, useGrants, useRoom, useRoomError, VideoConference, type ConnectionQueryState, type RoomKitError } from '../../src/index';
import { makeToken } from '../helpers/jwt';
import { inBrowserWithWebRTC } from '../helpers/webrtc';

const URL = 'wss://media.example.com';

/**
 * Rooms created by RoomProvider get a fake network: connect and disconnect drive the real state machine's
 * connection state and events, without WebSocket or WebRTC. Calls are counted across rooms.
 */
const network = vi.hoisted(() => ({
  calls: [] as string[],
  mode: 'auto' as 'auto' | 'manual',
  pending: [] as Array<{ resolve: () => void; room: unknown }>,
  failWith: undefined as unknown,
}));

vi.mock('livekit-client', async (importOriginal) => {
  const lk = await importOriginal<typeof LiveKit>();
  class FakeNetworkRoom extends lk.Room {
    constructor(options?: RoomOptions) {
      super(options);
      const internals = this as unknown as { setAndEmitConnectionState(s: ConnectionState): void };
      this.connect = (url: string, token: string, opts?: unknown) => {
        network.calls.push(`connect ${url} ${token}${opts ? ' opts' : ''}`);
        if (network.failWith !== undefined) return Promise.reject(network.failWith);
        internals.setAndEmitConnectionState(lk.ConnectionState.Connecting);
        return new Promise<void>((resolve) => {
          const done = () => {
            internals.setAndEmitConnectionState(lk.ConnectionState.Connected);
            this.emit(lk.RoomEvent.Connected);
            resolve();
          };
          if (network.mode === 'auto') queueMicrotask(done);
          else network.pending.push({ resolve: done, room: this });
        });
      };
      this.disconnect = async () => {
        network.calls.push('disconnect');
        internals.setAndEmitConnectionState(lk.ConnectionState.Disconnected);
      };
    }
  }
  return { ...lk, Room: FakeNetworkRoom };
});

const connects = () => network.calls.filter((c) => c.startsWith('connect'));
const ops = () => network.calls.map((c) => c.split(' ')[0]);

// Unmounting disconnects asynchronously: let it finish inside the test that caused it.
afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 10));
});

beforeEach(() => {
  network.calls.length = 0;
  network.pending.length = 0;
  network.mode = 'auto';
  network.failWith = undefined;
});

function State() {
  return <p data-testid="state">{useConnectionState()}</p>;
}
function ErrorView() {
  const error = useRoomError();
  return <p data-testid="error">{error ? `${error.code}: ${error.message}` : 'none'}</p>;
}

inBrowserWithWebRTC();

describe('RoomProvider', () => {
  it('connects with a connection response and exposes the room on the first render', async () => {
    const token = makeToken({ sub: 'alice' });
    const firstRender: Array<Room | undefined> = [];
    function Probe() {
      firstRender.push(useRoom());
      return null;
    }
    render(
      <RoomProvider connection={{ token, url: URL, room: 'r', identity: 'alice', expiresAt: 1 }}>
        <Probe />
        <State />
      </RoomProvider>,
    );
    expect(firstRender[0]).toBeInstanceOf(Room);
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    expect(connects()).toEqual([`connect ${URL} ${token}`]);
  });

  it('makes exactly one connection under StrictMode, and disconnects on unmount', async () => {
    const { unmount } = render(
      <StrictMode>
        <RoomProvider token={makeToken({})} url={URL}>
          <State />
        </RoomProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    expect(connects()).toHaveLength(1);
    unmount();
    await waitFor(() => expect(ops().filter((o) => o === 'disconnect')).toHaveLength(1));
    expect(ops()).toEqual(['connect', 'disconnect']);
  });

  it('never reconnects for a new callback identity (inline onError, onConnected)', async () => {
    const token = makeToken({});
    function App() {
      const [n, setN] = useState(0);
      return (
        <>
          <button onClick={() => setN(n + 1)}>rerender {n}</button>
          <RoomProvider token={token} url={URL} onError={() => void n} onConnected={() => void n} connectOptions={{ autoSubscribe: true }}>
            <State />
          </RoomProvider>
        </>
      );
    }
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    for (let i = 0; i < 3; i++) act(() => screen.getByRole('button').click());
    await new Promise((r) => setTimeout(r, 20));
    expect(connects()).toHaveLength(1);
    expect(ops()).not.toContain('disconnect');
  });

  it('reconnects once for a new token', async () => {
    const first = makeToken({ sub: 'a' });
    const second = makeToken({ sub: 'a', name: 'renewed' });
    const { rerender } = render(<RoomProvider token={first} url={URL}><State /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(1));
    rerender(<RoomProvider token={second} url={URL}><State /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(ops()).toEqual(['connect', 'disconnect', 'connect']);
    expect(connects()[1]).toContain(second);
  });

  it('keeps the live session for a renewed token (same identity, room and grants), and joins with it next time', async () => {
    const first = makeToken({ sub: 'a' }, { ttlSeconds: 600 });
    const renewed = makeToken({ sub: 'a' }, { ttlSeconds: 900 });
    const { rerender } = render(<RoomProvider token={first} url={URL}><State /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(1));
    rerender(<RoomProvider token={renewed} url={URL}><State /></RoomProvider>);
    await new Promise((r) => setTimeout(r, 20));
    expect(ops()).toEqual(['connect']);
    rerender(<RoomProvider token={renewed} url={URL} connect={false}><State /></RoomProvider>);
    await waitFor(() => expect(ops()).toEqual(['connect', 'disconnect']));
    rerender(<RoomProvider token={renewed} url={URL}><State /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(2));
    expect(connects()[1]).toContain(renewed);
  });

  it('tries a renewed token when the connect with the previous one failed', async () => {
    network.failWith = ConnectionError.notAllowed('token refused', 401);
    const onError = vi.fn();
    const first = makeToken({ sub: 'a' }, { ttlSeconds: 600 });
    const renewed = makeToken({ sub: 'a' }, { ttlSeconds: 900 });
    const { rerender } = render(<RoomProvider token={first} url={URL} onError={onError}><State /></RoomProvider>);
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    network.failWith = undefined;
    rerender(<RoomProvider token={renewed} url={URL} onError={onError}><State /></RoomProvider>);
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    expect(connects()).toEqual([`connect ${URL} ${first}`, `connect ${URL} ${renewed}`]);
  });

  it('waits for an in-flight connect before disconnecting, and leaves nothing connected after unmount', async () => {
    network.mode = 'manual';
    const { unmount } = render(<RoomProvider token={makeToken({})} url={URL}><State /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(1));
    unmount();
    await new Promise((r) => setTimeout(r, 20));
    expect(ops()).not.toContain('disconnect');
    const { room, resolve } = network.pending[0]! as { room: Room; resolve: () => void };
    resolve();
    await waitFor(() => expect(ops().filter((o) => o === 'disconnect')).toHaveLength(1));
    expect(room.state).toBe(ConnectionState.Disconnected);
  });

  it('does not connect while `connect` is false, and connects when it turns true', async () => {
    const token = makeToken({});
    const { rerender } = render(<RoomProvider token={token} url={URL} connect={false}><State /></RoomProvider>);
    await new Promise((r) => setTimeout(r, 20));
    expect(connects()).toHaveLength(0);
    rerender(<RoomProvider token={token} url={URL} connect><State /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(1));
  });

  it('waits quietly while the connection is loading (undefined)', async () => {
    const onError = vi.fn();
    const { rerender } = render(<RoomProvider connection={undefined} onError={onError}><ErrorView /></RoomProvider>);
    await new Promise((r) => setTimeout(r, 20));
    expect(connects()).toHaveLength(0);
    expect(onError).not.toHaveBeenCalled();
    expect(screen.getByTestId('error')).toHaveTextContent('none');
    rerender(<RoomProvider connection={{ token: makeToken({}), url: URL }} onError={onError}><ErrorView /></RoomProvider>);
    await waitFor(() => expect(connects()).toHaveLength(1));
  });

  it('has the token grants on the very first render', () => {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useGrants().canPublish);
      return null;
    }
    render(<RoomProvider token={makeToken({ video: { roomJoin: true, room: 'r', canPublish: false } })} url={URL}><Probe /></RoomProvider>);
    expect(seen[0]).toBe(false);
  });

  describe('validation before connecting', () => {
    const expired = makeToken({ exp: Math.floor(Date.now() / 1000) - 10 });
    it.each<[string, Record<string, unknown>, RoomKitError['code'], RegExp]>([
      ['an API key as token', { token: 'lk_dev1.supersecret', url: URL }, 'api-key-in-browser', /ask your backend|keep it on your backend/i],
      ['an API key as connection.token', { connection: { token: 'lk_dev1.supersecret', url: URL } }, 'api-key-in-browser', /server secret/],
      ['a token that is not a JWT', { token: 'hello', url: URL }, 'invalid-token', /not a valid JWT/],
      ['an expired token', { token: expired, url: URL }, 'token-expired', /expired/],
      ['a ws:// URL to a remote host', { token: makeToken({}), url: 'ws://media.example.com' }, 'insecure-url', /wss:\/\//],
      ['no URL', { token: makeToken({}) }, 'missing-connection', /no url/],
      ['nothing at all', {}, 'missing-connection', /no token and url/],
    ])('refuses %s', async (_name, props, code, message) => {
        const onError = vi.fn();
      render(
        <RoomProvider {...props} onError={onError}>
          <ErrorView />
        </RoomProvider>,
      );
      await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
      expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'RoomKitError', code });
      expect(onError.mock.calls[0]![0].message).toMatch(message);
      expect(screen.getByTestId('error')).toHaveTextContent(code);
      await new Promise((r) => setTimeout(r, 20));
      expect(connects()).toHaveLength(0);
    });
  });

  describe('livekit-client failures', () => {
    it.each<[string, unknown, RoomKitError['code']]>([
      ['401 NotAllowed', ConnectionError.notAllowed('unauthorized', 401), 'unauthorized'],
      ['server unreachable', ConnectionError.serverUnreachable('could not establish signal connection'), 'unreachable'],
      ['timeout', ConnectionError.timeout('timed out'), 'unreachable'],
      ['a leave request', ConnectionError.leaveRequest('left', DisconnectReason.ROOM_DELETED), 'disconnected'],
      ['anything else', new Error('boom'), 'connect-failed'],
    ])('maps %s to a RoomKitError for onError and useRoomError, never an unhandled rejection', async (_n, failure, code) => {
        network.failWith = failure;
      const onError = vi.fn();
      render(<RoomProvider token={makeToken({})} url={URL} onError={onError}><ErrorView /></RoomProvider>);
      await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
      expect(onError.mock.calls[0]![0]).toMatchObject({ code, cause: failure });
      expect(screen.getByTestId('error')).toHaveTextContent(code);
    });
  });

  it('publishes microphone and camera after connecting only where the grants allow', async () => {
    const setMic = vi.fn(async () => undefined);
    const setCam = vi.fn(async () => undefined);
    function Patch() {
      const room = useRoom();
      room.localParticipant.setMicrophoneEnabled = setMic as never;
      room.localParticipant.setCameraEnabled = setCam as never;
      return null;
    }
    render(
      <RoomProvider token={makeToken({ video: { roomJoin: true, room: 'r', canPublishSources: ['microphone'] } })} url={URL} audio video>
        <Patch />
      </RoomProvider>,
    );
    await waitFor(() => expect(setMic).toHaveBeenCalledWith(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(setCam).not.toHaveBeenCalled();
  });
  describe('a refused join in VideoConference', () => {
    it('shows the reason, "Try again" and the way back instead of a meeting toolbar that cannot work', async () => {
      network.failWith = ConnectionError.notAllowed('unauthorized', 401);
      const onLeave = vi.fn();
      render(
        <RoomProvider token={makeToken({ sub: 'alice' })} url={URL}>
          <VideoConference onLeave={onLeave} />
        </RoomProvider>,
      );
      const conference = screen.getByRole('region', { name: 'Meeting' });
      await waitFor(() => expect(within(conference).getByRole('status')).toHaveTextContent('You are not allowed to join this meeting.'));
      expect(within(conference).queryByRole('toolbar')).toBeNull();
      for (const name of ['Microphone', 'Camera', 'Share screen', 'Raise hand', 'Chat']) expect(within(conference).queryByRole('button', { name })).toBeNull();
      expect(within(conference).getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again', 'Leave']);
      // The app let the user in meanwhile: trying again joins, and the meeting's controls arrive.
      network.failWith = undefined;
      fireEvent.click(within(conference).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(within(conference).getByRole('toolbar', { name: 'Meeting controls' })).toBeInTheDocument());
      expect(connects()).toHaveLength(2);
      expect(within(conference).queryByRole('button', { name: 'Try again' })).toBeNull();
    });

    it('with a connection query, "Try again" fetches it again and its new details join', async () => {
      const refetch = vi.fn(async () => undefined);
      const failed: ConnectionQueryState = { data: undefined, error: new Error('403'), status: 'error', isFetching: false, refetch };
      const { rerender } = render(
        <RoomProvider connection={failed}>
          <VideoConference />
        </RoomProvider>,
      );
      const conference = screen.getByRole('region', { name: 'Meeting' });
      // No onLeave: no way back to offer, only the retry.
      await waitFor(() => expect(within(conference).getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again']));
      fireEvent.click(within(conference).getByRole('button', { name: 'Try again' }));
      expect(refetch).toHaveBeenCalledTimes(1);
      expect(connects()).toHaveLength(0);
      const token = makeToken({ sub: 'alice' });
      rerender(
        <RoomProvider connection={{ data: { token, url: URL }, error: null, status: 'success', isFetching: false, refetch }}>
          <VideoConference />
        </RoomProvider>,
      );
      await waitFor(() => expect(within(conference).getByRole('toolbar', { name: 'Meeting controls' })).toBeInTheDocument());
      expect(connects()).toEqual([`connect ${URL} ${token} opts`]);
    });

    it('while joining shows no toolbar, and Leave only when the app gave onLeave', async () => {
      network.mode = 'manual';
      const { unmount } = render(
        <RoomProvider token={makeToken({ sub: 'alice' })} url={URL}>
          <VideoConference />
        </RoomProvider>,
      );
      await waitFor(() => expect(network.pending).toHaveLength(1));
      const conference = screen.getByRole('region', { name: 'Meeting' });
      expect(within(conference).getByRole('status')).toHaveTextContent('Connecting…');
      expect(within(conference).queryByRole('button')).toBeNull();
      network.pending.shift()!.resolve();
      await waitFor(() => expect(within(conference).getByRole('toolbar', { name: 'Meeting controls' })).toBeInTheDocument());
      unmount();
    });
  });
});
