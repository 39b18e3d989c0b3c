import { focusManager, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ConnectionState, DisconnectReason, RoomEvent, type Room, type RoomOptions } from 'livekit-client';
import type * as LiveKit from 'livekit-client';
import { useState, type ReactNode } from 'react';
import type { RoomApiHandle } from '../../dev/room-api/index';
import { ConnectionStateToast, RoomProvider, useConnectionState, useGrants, useRoom, useRoomError, type RoomKitError } from '../../src/index';
import { connectionQueryKey, connectionQueryOptions, useConnection, type ConnectionQueryOptions, type UseConnectionResult } from '../../src/query/index';
import { closedPortUrl, startTestBackend, startTestRoomApi } from '../helpers/httpServers';
import { makeToken } from '../helpers/jwt';
import { inBrowserWithWebRTC } from '../helpers/webrtc';

/** Rooms get a fake network, as in RoomProvider.test.tsx: connect and disconnect drive the real state machine. */
const network = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('livekit-client', async (importOriginal) => {
  const lk = await importOriginal<typeof LiveKit>();
  class FakeNetworkRoom extends lk.Room {
    constructor(options?: RoomOptions) {
      super(options);
      const internals = this as unknown as { setAndEmitConnectionState(s: ConnectionState): void };
      this.connect = (url: string, token: string) => {
        network.calls.push(`connect ${url} ${token}`);
        internals.setAndEmitConnectionState(lk.ConnectionState.Connecting);
        return new Promise<void>((resolve) =>
          queueMicrotask(() => {
            internals.setAndEmitConnectionState(lk.ConnectionState.Connected);
            this.emit(lk.RoomEvent.Connected);
            resolve();
          }),
        );
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
const connectedTokens = () => connects().map((c) => c.split(' ')[2]);
const ops = () => network.calls.map((c) => c.split(' ')[0]);

/** The session ends without the client asking, as when livekit-client gives up reconnecting. */
function dropSession(room: Room, reason?: DisconnectReason) {
  (room as unknown as { setAndEmitConnectionState(s: ConnectionState): void }).setAndEmitConnectionState(ConnectionState.Disconnected);
  room.emit(RoomEvent.Disconnected, reason);
}

let client: QueryClient;
beforeEach(() => {
  network.calls.length = 0;
  client = new QueryClient();
});
afterEach(async () => {
  cleanup();
  client.clear();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  await new Promise((r) => setTimeout(r, 10));
});

let room: Room | undefined;
function Probe() {
  room = useRoom();
  const error = useRoomError();
  return (
    <>
      <p data-testid="state">{useConnectionState()}</p>
      <p data-testid="error">{error ? error.code : 'none'}</p>
    </>
  );
}

let lastResult: UseConnectionResult | undefined;
function Meeting(props: { options: ConnectionQueryOptions; onError?: (error: RoomKitError) => void; children?: ReactNode }) {
  const connection = useConnection(props.options);
  lastResult = connection;
  return (
    <RoomProvider connection={connection} onError={props.onError}>
      <Probe />
      {props.children}
    </RoomProvider>
  );
}

const withClient = (ui: ReactNode) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;

inBrowserWithWebRTC();

describe('useConnection + RoomProvider with the dev Room API and customer backend', () => {
  let api: RoomApiHandle;
  let shop: Awaited<ReturnType<typeof startTestBackend>>;
  let broken: Awaited<ReturnType<typeof startTestBackend>>;
  beforeAll(async () => {
    api = await startTestRoomApi();
    shop = await startTestBackend(api);
    broken = await startTestBackend(api, 'lk_shop.wrong-secret');
  });
  afterAll(async () => {
    await Promise.all([shop.close(), broken.close()]);
    await api.close();
  });
  beforeEach(() => {
    shop.proxy.requests.length = 0;
    broken.proxy.requests.length = 0;
  });

  it('waits quietly while loading, then connects with the token from the backend', async () => {
    const onError = vi.fn();
    render(withClient(<Meeting options={{ endpoint: shop.tokenUrl, body: { room: 'Standup', identity: 'ann', role: 'publisher' } }} onError={onError} />));
    expect(lastResult!.status).toBe('pending');
    expect(screen.getByTestId('state')).toHaveTextContent(/^disconnected$/);
    expect(screen.getByTestId('error')).toHaveTextContent('none');

    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    const data = lastResult!.data!;
    expect(data).toMatchObject({ identity: 'ann', url: 'wss://media.example.com' });
    expect(connects()).toEqual([`connect wss://media.example.com ${data.token}`]);
    expect(onError).not.toHaveBeenCalled();
    expect(shop.proxy.requests).toHaveLength(1);
    expect(shop.proxy.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reports a failed query once through onError and useRoomError, and does not connect (401 is not retried)', async () => {
    const onError = vi.fn();
    render(withClient(<Meeting options={{ endpoint: broken.tokenUrl, body: { identity: 'ann' } }} onError={onError} />));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'RoomKitError', code: 'unauthorized', details: { status: 401 } });
    expect(screen.getByTestId('error')).toHaveTextContent('unauthorized');
    await new Promise((r) => setTimeout(r, 50));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(broken.proxy.requests).toHaveLength(1);
    expect(connects()).toHaveLength(0);
  });

  it('reports unreachable once, after the retries, and nothing before', async () => {
    const onError = vi.fn();
    const endpoint = `${await closedPortUrl()}/api/meeting-token`;
    render(withClient(<Meeting options={{ endpoint, retryDelay: 30 }} onError={onError} />));
    await new Promise((r) => setTimeout(r, 40));
    expect(onError).not.toHaveBeenCalled();
    expect(screen.getByTestId('error')).toHaveTextContent('none');
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'unreachable' });
    expect(lastResult!.failureCount).toBe(4);
  });

  it("uses a connection prefetched with the app's QueryClient, and an invalidation refetches it without reconnecting", async () => {
    const options = { endpoint: shop.tokenUrl, body: { room: 'Webinar', identity: 'vic', role: 'viewer' } };
    await client.prefetchQuery(connectionQueryOptions(options));
    expect(shop.proxy.requests).toHaveLength(1);

    const firstRender: boolean[] = [];
    function FirstGrants() {
      firstRender.push(useGrants().canPublish);
      return null;
    }
    render(withClient(<Meeting options={options}><FirstGrants /></Meeting>));
    expect(firstRender[0]).toBe(false); // the viewer's grants, from the prefetched token, on the very first render
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    expect(shop.proxy.requests).toHaveLength(1);

    const before = lastResult!.dataUpdatedAt;
    await act(() => client.invalidateQueries({ queryKey: connectionQueryKey() }));
    expect(shop.proxy.requests).toHaveLength(2);
    await waitFor(() => expect(lastResult!.dataUpdatedAt).toBeGreaterThan(before));
    await new Promise((r) => setTimeout(r, 20));
    expect(ops()).toEqual(['connect']);
  });

  it('reconnects when the connection changes session (another role, so other grants)', async () => {
    function App() {
      const [role, setRole] = useState('viewer');
      return (
        <>
          <button onClick={() => setRole('publisher')}>promote</button>
          <Meeting options={{ endpoint: shop.tokenUrl, body: { room: 'Stage', identity: 'pat', role } }} />
        </>
      );
    }
    render(withClient(<App />));
    await waitFor(() => expect(connects()).toHaveLength(1));
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(connects()).toHaveLength(2));
    expect(ops()).toEqual(['connect', 'disconnect', 'connect']);
    expect(connectedTokens()[1]).toBe(lastResult!.data!.token);
  });
});

describe('refresh before expiry (fake timers)', () => {
  const LIFETIME_S = 60;
  let issued: string[];
  let fetchConnection: () => Promise<unknown>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 12));
    issued = [];
    fetchConnection = async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = makeToken({ sub: 'ann', nbf: now, exp: now + LIFETIME_S, video: { roomJoin: true, room: 'standup', canPublish: true } });
      issued.push(token);
      return { token, url: 'wss://media.example.com', room: 'standup', identity: 'ann', expiresAt: now + LIFETIME_S };
    };
  });
  /** Moves the fake clock, then lets real macrotasks run (React 18's scheduler uses MessageChannel). */
  const advance = async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    for (let i = 0; i < 5; i++) {
      await act(async () => {
        await new Promise((r) => setImmediate(r));
        await vi.advanceTimersByTimeAsync(0);
      });
    }
  };

  it('refetches a short-lived token before it expires, keeps the live session, and re-joins with the new token', async () => {
    const onError = vi.fn();
    render(withClient(<Meeting options={{ key: 'standup', fetchConnection: () => fetchConnection() }} onError={onError} />));
    await advance(10);
    expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/);
    expect(connectedTokens()).toEqual([issued[0]]);

    // A 60 s token is refreshed at 48 s (a margin of 20 % of its lifetime), not before.
    await advance(47_000);
    expect(issued).toHaveLength(1);
    await advance(1_100);
    expect(issued).toHaveLength(2);
    expect(lastResult!.data!.token).toBe(issued[1]);
    // ...and again 48 s later: the token never expires while the page is open.
    await advance(48_000);
    expect(issued).toHaveLength(3);

    // The live session was never torn down.
    expect(ops()).toEqual(['connect']);
    expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/);

    // The session drops (livekit-client gave up reconnecting): the re-join uses the newest token.
    act(() => dropSession(room!));
    await advance(10);
    expect(connectedTokens()).toEqual([issued[0], issued[2]]);
    expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/);
    expect(onError).not.toHaveBeenCalled();
  });

  it('fetches a fresh connection before re-joining when the token has (almost) expired, e.g. in a hidden tab', async () => {
    render(withClient(<Meeting options={{ key: 'standup', fetchConnection: () => fetchConnection() }} />));
    await advance(10);
    expect(connects()).toHaveLength(1);

    // Hidden: react-query's own focus manager pauses the refresh interval.
    act(() => focusManager.setFocused(false));
    await advance(65_000);
    expect(issued).toHaveLength(1);

    act(() => dropSession(room!, DisconnectReason.SIGNAL_CLOSE));
    await advance(10);
    expect(issued).toHaveLength(2);
    expect(connectedTokens()).toEqual([issued[0], issued[1]]);
    expect(screen.getByTestId('error')).toHaveTextContent('none'); // cleared by the successful re-join
  });

  it("waits for react-query's online manager before re-joining after a network loss", async () => {
    render(withClient(<Meeting options={{ key: 'standup', fetchConnection: () => fetchConnection() }} />));
    await advance(10);
    act(() => onlineManager.setOnline(false));
    act(() => dropSession(room!));
    await advance(20_000);
    expect(connects()).toHaveLength(1);
    act(() => onlineManager.setOnline(true));
    await advance(10);
    expect(connectedTokens()).toEqual([issued[0], issued[0]]); // still 28 s to go: no refetch needed
    expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/);
  });

  it('does not re-join a session the server ended on purpose, not even after a refresh', async () => {
    const onError = vi.fn();
    render(withClient(<Meeting options={{ key: 'standup', fetchConnection: () => fetchConnection() }} onError={onError} />));
    await advance(10);
    act(() => dropSession(room!, DisconnectReason.PARTICIPANT_REMOVED));
    await advance(60_000);
    expect(issued.length).toBeGreaterThan(1);
    expect(connects()).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'disconnected' }));
  });

  it('waits for the refetch of an expired cached connection instead of reporting token-expired', async () => {
    const onError = vi.fn();
    const options = { key: 'standup', fetchConnection: () => fetchConnection() };
    client.setQueryData(connectionQueryOptions(options).queryKey, (await fetchConnection().then((r) => ({ ...(r as object), expiresAt: Date.now() + 60_000 }))) as never);
    await advance(120_000); // the cached token expires while nothing uses it
    render(withClient(<Meeting options={options} onError={onError} />));
    await advance(10);
    expect(issued).toHaveLength(2);
    expect(connectedTokens()).toEqual([issued[1]]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failed background refresh without touching the live session', async () => {
    const onError = vi.fn();
    let fail = false;
    render(
      withClient(
        <Meeting
          options={{ key: 'standup', retryDelay: 0, fetchConnection: () => (fail ? Promise.reject(new Error('offline')) : fetchConnection()) }}
          onError={onError}
        />,
      ),
    );
    await advance(10);
    fail = true;
    await advance(48_100);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'unreachable' });
    expect(ops()).toEqual(['connect']);
    expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/);
  });
});

describe('fetching with a function of the app', () => {
  it('connects through useConnection({ fetchConnection }) on the app\u2019s QueryClient', async () => {
    const token = makeToken({ sub: 'fiona' });
    const fetchConnection = vi.fn(async () => ({ token, url: 'wss://media.example.com', room: 'r', identity: 'fiona', expiresAt: Math.floor(Date.now() / 1000) + 600 }));
    function Meeting() {
      const connection = useConnection({ fetchConnection, key: 'fiona' });
      return (
        <RoomProvider connection={connection}>
          <State />
        </RoomProvider>
      );
    }
    function State() {
      const error = useRoomError();
      const state = useConnectionState();
      return <p data-testid="state">{error ? error.message : state}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Meeting />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(/^connected$/));
    expect(fetchConnection).toHaveBeenCalledTimes(1);
    expect(connectedTokens()).toEqual([token]);
  });
});

describe('an API key in an answer of the token route', () => {
  it('reaches neither the page, nor onError, nor the console', async () => {
    const secret = 'Xq7Jv9Lw2Zr5Tn8Bk';
    const parts = Array.from({ length: secret.length - 4 }, (_, i) => secret.slice(i, i + 5));
    const leaks = (text: string) => parts.filter((part) => text.includes(part));
    const body = JSON.stringify({ error: { message: 'refused', echo: [{ headers: { authorization: `Bearer lk_acme.${secret}` } }] } });
    const fetchConnection = async () => new Response(body, { status: 401, headers: { 'Content-Type': 'application/json' } });
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const spies = methods.map((m) => vi.spyOn(console, m));
    const onError = vi.fn();
    function Meeting() {
      const connection = useConnection({ fetchConnection, key: 'leaky' });
      return (
        <RoomProvider connection={connection} onError={onError}>
          <ConnectionStateToast />
          <Shown />
        </RoomProvider>
      );
    }
    function Shown() {
      const error = useRoomError();
      // What an app may well render: the message, and the details as JSON.
      return <pre data-testid="shown">{error ? `${error.code} ${error.message} ${JSON.stringify(error.details)}` : 'none'}</pre>;
    }
    try {
      render(withClient(<Meeting />));
      await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent(/^api-key-in-browser .*revoke/));
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'api-key-in-browser' }));
      expect(leaks(document.documentElement.outerHTML)).toEqual([]);
      expect(leaks(JSON.stringify(onError.mock.calls[0]![0]))).toEqual([]);
      for (const spy of spies) for (const args of spy.mock.calls) expect(leaks(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
