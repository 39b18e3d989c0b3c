import { CancelledError, QueryClient } from '@tanstack/react-query';
import type { RoomApiHandle } from '../../dev/room-api/index';
import { verifyToken } from '../../dev/room-api/index';
import { parseRetryAfter, requestConnection } from '../../src/room/connection/connectionRequest';
import { API_KEY_IN_TEXT } from '../../src/room/connection/apiKeys';
import { API_KEY_SHAPE } from '../../src/room/connection/token';
import { connectionRetryDelay, isRoomKitError, retryConnection, RoomKitError, type ConnectionErrorDetails, type RoomKitErrorCode } from '../../src/index';
import { connectionQueryKey, connectionQueryOptions, type ConnectionQueryOptions } from '../../src/query/index';
import { API_KEY, closeAfterAll, closedPortUrl, reply, startServer, startTestBackend, startTestRoomApi, type TestServer } from '../helpers/httpServers';
import { makeToken } from '../helpers/jwt';

const track = closeAfterAll();

/** Runs the query as an app would, with its own QueryClient, and returns the data or the RoomKitError. */
async function run(options: ConnectionQueryOptions, client = new QueryClient()) {
  const query = connectionQueryOptions(options);
  try {
    const data = await client.fetchQuery(query);
    return { data, error: undefined, failures: client.getQueryState(query.queryKey)?.fetchFailureCount };
  } catch (error) {
    if (!isRoomKitError(error)) throw error;
    return { data: undefined, error, failures: client.getQueryState(query.queryKey)?.fetchFailureCount };
  }
}

const fast = { retryDelay: 0 } as const;

describe('retry policy', () => {
  const error = (code: RoomKitErrorCode, details: ConnectionErrorDetails = {}) => new RoomKitError(code, code, { details });

  it.each<[RoomKitErrorCode, boolean]>([
    ['unreachable', true],
    ['rate-limited', true],
    ['bad-request', false],
    ['unauthorized', false],
    ['room-not-found', false],
    ['invalid-connection-response', false],
    ['api-key-in-browser', false],
  ])('retries %s: %s, at most 3 times', (code, retried) => {
    expect([0, 1, 2, 3].map((n) => retryConnection(n, error(code)))).toEqual(retried ? [true, true, true, false] : [false, false, false, false]);
  });

  it('does not wait for a Retry-After beyond 60 s', () => {
    expect(retryConnection(0, error('rate-limited', { status: 429, retryAfter: 60_000 }))).toBe(true);
    expect(retryConnection(0, error('rate-limited', { status: 429, retryAfter: 61_000 }))).toBe(false);
  });

  it('backs off exponentially with jitter', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect([0, 1, 2, 3].map((n) => connectionRetryDelay(n, error('unreachable'), low))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((n) => Math.round(connectionRetryDelay(n, error('unreachable'), high)))).toEqual([1000, 2000, 4000, 8000]);
    expect(connectionRetryDelay(20, error('unreachable'), high)).toBeLessThanOrEqual(30_000);
    const samples = new Set(Array.from({ length: 20 }, () => connectionRetryDelay(1, error('unreachable'))));
    expect(samples.size).toBeGreaterThan(1);
  });

  it("waits at least the error's Retry-After, with a little jitter", () => {
    const limited = error('rate-limited', { status: 429, retryAfter: 4_000 });
    expect(connectionRetryDelay(0, limited, () => 0)).toBe(4_000);
    expect(connectionRetryDelay(0, limited, () => 0.999999)).toBeCloseTo(4_400, 0);
    // A long backoff wins over a short Retry-After.
    expect(connectionRetryDelay(3, error('rate-limited', { status: 429, retryAfter: 1_000 }), () => 0)).toBe(4_000);
  });

  it('reads Retry-After as delta seconds or an HTTP date', () => {
    expect(parseRetryAfter('4')).toBe(4_000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    const now = Date.UTC(2030, 0, 1);
    expect(parseRetryAfter(new Date(now + 7_000).toUTCString(), now)).toBe(7_000);
    expect(parseRetryAfter(new Date(now - 7_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('connection query against the dev Room API and the example customer backend', () => {
  let api: RoomApiHandle;
  let shop: Awaited<ReturnType<typeof startTestBackend>>;
  beforeAll(async () => {
    api = await track(startTestRoomApi());
    shop = await track(startTestBackend(api));
  });
  beforeEach(() => {
    shop.proxy.requests.length = 0;
  });

  it('fetches and validates a connection, sending the JSON body and no API key', async () => {
    const { data, error } = await run({
      endpoint: shop.tokenUrl,
      body: { room: 'Standup', identity: 'ann', name: 'Ann', role: 'publisher' },
      headers: { 'X-CSRF-Token': 'csrf-123' },
    });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ url: 'wss://media.example.com', identity: 'ann', room: expect.stringMatching(/^standup-/) });
    const claims = verifyToken(data!.token, 'connection-query-test-signing-secret-0123');
    expect(claims).toMatchObject({ sub: 'ann', name: 'Ann', video: { room: data!.room, canPublish: true } });
    // The Room API answers epoch seconds; the library hands out milliseconds.
    expect(data!.expiresAt).toBe(claims.exp * 1000);

    const [request] = shop.proxy.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/meeting-token' });
    expect(request!.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': 'csrf-123' });
    expect(request!.headers.authorization).toBeUndefined();
    expect(JSON.parse(request!.body)).toEqual({ room: 'Standup', identity: 'ann', name: 'Ann', role: 'publisher' });
    expect(JSON.stringify(request)).not.toContain('lk_');
  });

  it('turns 400 into bad-request with the JSON error body as details, without retrying', async () => {
    const { error, failures } = await run({ endpoint: shop.tokenUrl, body: { role: 'boss' } });
    expect(error).toMatchObject({ code: 'bad-request', details: { status: 400, body: { error: { code: 'invalid_request' } } } });
    expect(error!.message).toMatch(/Your backend answered 400 \(.*\/api\/meeting-token\).*Check the body you send/);
    expect(failures).toBe(1);
    expect(shop.proxy.requests).toHaveLength(1);
  });

  it('turns 401 (the backend holds a bad API key) into unauthorized, and never retries it', async () => {
    const misconfigured = await track(startTestBackend(api, 'lk_shop.not-the-secret'));
    const { error } = await run({ endpoint: misconfigured.tokenUrl, body: { room: 'Any', identity: 'ann' } });
    expect(error).toMatchObject({ code: 'unauthorized', details: { status: 401, body: { error: { code: 'unauthorized' } } } });
    expect(error!.message).toMatch(/API key \(missing or invalid\)/);
    expect(error!.message).not.toContain('not-the-secret');
    expect(misconfigured.proxy.requests).toHaveLength(1);
  });

  it('turns a relayed 404 (room deleted) into room-not-found, without retrying', async () => {
    const first = await run({ endpoint: shop.tokenUrl, body: { room: 'Doomed', identity: 'ann' } });
    const deleted = await fetch(`${api.baseUrl}/sdk/rooms/${first.data!.room}`, { method: 'DELETE', headers: { Authorization: `Bearer ${API_KEY}` } });
    expect(deleted.status).toBe(204);
    shop.proxy.requests.length = 0;
    const { error } = await run({ endpoint: shop.tokenUrl, body: { room: 'Doomed', identity: 'ann' } });
    expect(error).toMatchObject({ code: 'room-not-found', details: { status: 404, body: { error: { code: 'not_found' } } } });
    expect(error!.message).toMatch(/does not exist or belongs to another application/);
    expect(shop.proxy.requests).toHaveLength(1);
  });

  it('turns 5xx into unreachable after 3 retries (4 requests)', async () => {
    const gone = await startTestRoomApi();
    await gone.close();
    const orphan = await track(startTestBackend(gone));
    const { error, failures } = await run({ endpoint: orphan.tokenUrl, body: { identity: 'ann' }, ...fast });
    expect(error).toMatchObject({ code: 'unreachable', details: { status: 502, body: { error: { code: 'room_api_unavailable' } } } });
    expect(failures).toBe(4);
    expect(orphan.proxy.requests).toHaveLength(4);
  });

  it('turns a network failure into unreachable after 3 retries', async () => {
    const { error, failures } = await run({ endpoint: `${await closedPortUrl()}/api/meeting-token`, ...fast });
    expect(error).toMatchObject({ code: 'unreachable' });
    expect(error!.message).toMatch(/could not be reached: fetch failed/);
    expect(error!.cause).toBeInstanceOf(TypeError);
    expect(failures).toBe(4);
  });

  it("retries 429 after the server's Retry-After, then succeeds", async () => {
    // The Room API's clock stands still, so no token comes back while the test spends the bucket, however slow
    // the machine; it moves on by exactly the Retry-After it answered, as real time does while the client waits.
    let clock = Date.now();
    const limited = await track(startTestRoomApi({ rateLimit: { burst: 4, ratePerSecond: 1 }, now: () => clock }));
    const limitedShop = await track(
      startTestBackend(limited, API_KEY, {
        onAnswered: ({ answered }) => {
          if (answered?.status === 429) clock += Number(answered.headers['retry-after']) * 1000;
        },
      }),
    );
    const body = { room: 'Busy', identity: 'ann' };
    // Spend the bucket: the first request asks for `Busy` as a slug (404), creates the room and issues a token;
    // the second issues one for the slug it remembered.
    expect((await run({ endpoint: limitedShop.tokenUrl, body, retry: false })).error).toBeUndefined();
    expect((await run({ endpoint: limitedShop.tokenUrl, body, retry: false })).error).toBeUndefined();
    limitedShop.proxy.requests.length = 0;

    const started = Date.now();
    const { data, error, failures } = await run({ endpoint: limitedShop.tokenUrl, body });
    expect(error).toBeUndefined();
    expect(data!.identity).toBe('ann');
    expect(failures).toBe(0); // reset by the success
    expect(limitedShop.proxy.requests.map((r) => [r.answered?.status, r.answered?.headers['retry-after']])).toEqual([
      [429, '1'],
      [200, undefined],
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000); // the client waited the Retry-After in real time
  });

  it('gives up on 429 with rate-limited after 3 retries, keeping Retry-After and the body', async () => {
    // A clock that stands still: the bucket never refills, and every answer asks for the same 20 s.
    const clock = Date.now();
    const limited = await track(startTestRoomApi({ rateLimit: { burst: 3, ratePerSecond: 0.05 }, now: () => clock }));
    const limitedShop = await track(startTestBackend(limited));
    expect((await run({ endpoint: limitedShop.tokenUrl, body: { identity: 'ann' } })).error).toBeUndefined();
    limitedShop.proxy.requests.length = 0;
    const { error, failures } = await run({ endpoint: limitedShop.tokenUrl, body: { identity: 'bob' }, ...fast });
    expect(limitedShop.proxy.requests.map((r) => [r.answered?.status, r.answered?.headers['retry-after']])).toEqual(
      Array.from({ length: 4 }, () => [429, '20']),
    );
    expect(error).toMatchObject({
      code: 'rate-limited',
      details: { status: 429, retryAfter: 20_000, body: { error: { code: 'rate_limited' } } },
    });
    expect(error!.message).toMatch(/asked to wait 20 s/);
    expect(failures).toBe(4);
  });

  it('fails at once on 429 when Retry-After is longer than a minute', async () => {
    const clock = Date.now(); // standing still: the answer asks for exactly 1000 s, however slow the machine
    const limited = await track(startTestRoomApi({ rateLimit: { burst: 3, ratePerSecond: 0.001 }, now: () => clock }));
    const limitedShop = await track(startTestBackend(limited));
    await run({ endpoint: limitedShop.tokenUrl, body: { identity: 'ann' } });
    limitedShop.proxy.requests.length = 0;
    const { error } = await run({ endpoint: limitedShop.tokenUrl, body: { identity: 'bob' } });
    expect(error).toMatchObject({ code: 'rate-limited', details: { retryAfter: 1_000_000 } });
    expect(limitedShop.proxy.requests).toHaveLength(1);
  });

  it('lets the app override retry', async () => {
    const gone = await startTestRoomApi();
    await gone.close();
    const orphan = await track(startTestBackend(gone));
    const { error } = await run({ endpoint: orphan.tokenUrl, body: { identity: 'ann' }, retry: 1, ...fast });
    expect(error?.code).toBe('unreachable');
    expect(orphan.proxy.requests).toHaveLength(2);
  });
});

describe('crafted backend answers', () => {
  let stub: TestServer;
  let answer: { status: number; body: unknown; headers?: Record<string, string> };
  beforeAll(async () => {
    stub = await track(startServer((_request, res) => reply(res, answer.status, answer.body, answer.headers)));
  });
  beforeEach(() => {
    stub.requests.length = 0;
  });
  const exp = Math.floor(Date.now() / 1000) + 600;
  const good = () => ({ token: makeToken({ sub: 'ann', exp }), url: 'wss://media.example.com', room: 'r', identity: 'ann', expiresAt: exp });

  it.each<[string, unknown, string]>([
    ['a token that is not a JWT', { ...good(), token: 'nope' }, 'token'],
    ['an insecure url', { ...good(), url: 'ws://media.example.com' }, 'url'],
    ['a numeric room', { ...good(), room: 1 }, 'room'],
    ['an identity other than the token subject', { ...good(), identity: 'bob' }, 'identity'],
    ['expiresAt as a date string', { ...good(), expiresAt: '2030-01-01T00:00:00Z' }, 'expiresAt'],
    ['expiresAt far from the token exp', { ...good(), expiresAt: exp + 3600 }, 'expiresAt'],
  ])('refuses %s with invalid-connection-response, without retrying', async (_name, body, field) => {
    answer = { status: 200, body };
    const { error } = await run({ endpoint: `${stub.url}/token` });
    expect(error).toMatchObject({ code: 'invalid-connection-response', details: { field } });
    expect(error!.message).toContain(`\`${field}\``);
    expect(stub.requests).toHaveLength(1);
  });

  it('refuses a body that is not JSON', async () => {
    answer = { status: 200, body: '<html>login</html>', headers: { 'Content-Type': 'text/html' } };
    const { error } = await run({ endpoint: `${stub.url}/token` });
    expect(error).toMatchObject({ code: 'invalid-connection-response' });
    expect(error!.message).toMatch(/is not JSON \(HTTP 200, Content-Type text\/html\)/);
  });

  it('refuses an API key in the response with api-key-in-browser', async () => {
    answer = { status: 200, body: { ...good(), token: 'lk_shop.leaked-secret' } };
    const { error } = await run({ endpoint: `${stub.url}/token` });
    expect(error?.code).toBe('api-key-in-browser');
    expect(error!.message).not.toContain('leaked-secret');
  });

  it.each([
    ['an Authorization header', { headers: { Authorization: `Bearer ${API_KEY}` } }],
    ['the body', { body: { room: 'r', apiKey: API_KEY } }],
    ['a nested body field', { body: { auth: { key: API_KEY } } }],
  ])('never sends an API key in %s: api-key-in-browser before any request', async (_name, extra) => {
    answer = { status: 200, body: good() };
    const { error } = await run({ endpoint: `${stub.url}/token`, ...extra });
    expect(error?.code).toBe('api-key-in-browser');
    expect(stub.requests).toHaveLength(0);
  });

  it('maps 403 to unauthorized and other 4xx to bad-request, keeping a text body', async () => {
    answer = { status: 403, body: 'forbidden' };
    expect((await run({ endpoint: `${stub.url}/token` })).error).toMatchObject({ code: 'unauthorized', details: { status: 403, body: 'forbidden' } });
    answer = { status: 415, body: { error: { code: 'unsupported_media_type' } } };
    expect((await run({ endpoint: `${stub.url}/token` })).error).toMatchObject({ code: 'bad-request', details: { status: 415 } });
    expect(stub.requests).toHaveLength(2);
  });

  it('uses GET without a body when asked, and refuses a GET with a body', async () => {
    answer = { status: 200, body: good() };
    expect((await run({ endpoint: `${stub.url}/token?room=r`, method: 'get', credentials: 'include' })).data?.identity).toBe('ann');
    expect(stub.requests[0]).toMatchObject({ method: 'GET', path: '/token?room=r', body: '' });
    expect(stub.requests[0]!.headers['content-type']).toBeUndefined();
    const { error } = await run({ endpoint: `${stub.url}/token`, method: 'GET', body: { room: 'r' } });
    expect(error?.code).toBe('bad-request');
    expect(error!.message).toMatch(/GET with a `body`/);
    expect(stub.requests).toHaveLength(1);
  });

  it('takes a fetchConnection returning the Response, mapping its status', async () => {
    answer = { status: 404, body: { error: { code: 'not_found' } } };
    const fetchConnection = vi.fn(({ signal }: { signal: AbortSignal }) => fetch(`${stub.url}/mine`, { method: 'POST', signal }));
    const { error } = await run({ fetchConnection, key: { room: 'r' } });
    expect(error).toMatchObject({ code: 'room-not-found', details: { status: 404 } });
    expect(fetchConnection).toHaveBeenCalledTimes(1);
    expect(fetchConnection.mock.calls[0]![0].signal).toBeInstanceOf(AbortSignal);
  });

  it('takes a fetchConnection returning the parsed body, and retries what it throws', async () => {
    let calls = 0;
    const { data } = await run({
      key: 'flaky',
      ...fast,
      fetchConnection: async () => {
        calls += 1;
        if (calls < 3) throw new Error('socket hang up');
        return good();
      },
    });
    expect(calls).toBe(3);
    expect(data?.identity).toBe('ann');
    const refused = await run({ key: 'refused', fetchConnection: () => Promise.reject(new RoomKitError('unauthorized', 'signed out')) });
    expect(refused.error).toMatchObject({ code: 'unauthorized', message: 'signed out' });
    expect(refused.failures).toBe(1);
  });

  describe('an API key echoed in an answer of the token route', () => {
    const SECRET = 'Xq7Jv9Lw2Zr5Tn8Bk';
    const LEAKED = `lk_acme.${SECRET}`;
    /** Every run of 5 characters of the secret: no part of it may show. */
    const parts = Array.from({ length: SECRET.length - 4 }, (_, i) => SECRET.slice(i, i + 5));
    const leaks = (text: string) => parts.filter((part) => text.includes(part));
    const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

    /** Runs the query with every console method watched, and checks that the secret is nowhere in what comes out. */
    async function expectRefusedUnseen(options: ConnectionQueryOptions) {
      const spies = methods.map((m) => vi.spyOn(console, m).mockImplementation(() => undefined));
      try {
        const { error } = await run({ ...fast, ...options });
        expect(error?.code).toBe('api-key-in-browser');
        expect(error!.message).toMatch(/revoke/i);
        expect(leaks(error!.message)).toEqual([]);
        expect(leaks(JSON.stringify(error))).toEqual([]);
        expect(leaks(JSON.stringify(error!.details) ?? '')).toEqual([]);
        expect(leaks(String(error!.details))).toEqual([]);
        expect(leaks(String(error!.cause))).toEqual([]);
        expect(leaks(JSON.stringify(error!.cause) ?? '')).toEqual([]);
        expect(leaks(String(error!.stack))).toEqual([]);
        for (const spy of spies) for (const args of spy.mock.calls) expect(leaks(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))).toEqual([]);
        return error!;
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    }

    it.each<[string, number, unknown]>([
      ['a JSON error body (nested object)', 401, { error: { code: 'unauthorized', message: 'key refused', request: { headers: { authorization: `Bearer ${LEAKED}` } } } }],
      ['a JSON error body (array)', 400, { errors: [{ field: 'room' }, ['apiKey', LEAKED]] }],
      ['a JSON error body (a key inside a sentence)', 403, { message: `The key ${LEAKED} is not allowed.` }],
      ['a JSON error body (the key as a property name)', 400, { [LEAKED]: 'unknown' }],
      ['a plain-text error body', 500, `upstream said: invalid api key ${LEAKED}.`],
      ['a plain-text 404', 404, `no room for key=${LEAKED}`],
    ])('refuses %s with api-key-in-browser, keeping the body out of the error and not retrying', async (_name, status, body) => {
      answer = { status, body, ...(typeof body === 'string' && { headers: { 'Content-Type': 'text/plain' } }) };
      const error = await expectRefusedUnseen({ endpoint: `${stub.url}/token` });
      expect(error.details).toEqual({ status });
      expect(stub.requests).toHaveLength(1);
    });

    it('refuses the same through a fetchConnection that returns the Response', async () => {
      answer = { status: 401, body: { error: { detail: [{ key: LEAKED }] } } };
      await expectRefusedUnseen({ key: 'mine', fetchConnection: ({ signal }) => fetch(`${stub.url}/mine`, { method: 'POST', signal }) });
    });

    it.each<[string, unknown]>([
      ['a field', { ...good(), url: LEAKED }],
      ['a nested extra field', { ...good(), debug: { upstream: [{ apiKey: LEAKED }] } }],
      ['a text body that is not JSON', `token for ${LEAKED}`],
    ])('refuses an API key in a 200 answer (%s) with api-key-in-browser', async (_name, body) => {
      answer = { status: 200, body };
      await expectRefusedUnseen({ endpoint: `${stub.url}/token` });
    });

    it('still keeps an error body without a key (nor a word that merely resembles one) as details.body', async () => {
      answer = { status: 401, body: { error: { code: 'unauthorized', message: 'lk_acme, talk_about.it and wss://lk_media.example/x hold no key' } } };
      const { error } = await run({ endpoint: `${stub.url}/token` });
      expect(error).toMatchObject({ code: 'unauthorized', details: { status: 401, body: answer.body } });
    });
  });
});

describe('connectionQueryOptions', () => {
  it('keys a query by endpoint, method and body, and documents the prefix', () => {
    expect(connectionQueryOptions({ endpoint: '/api/token', body: { room: 'a' } }).queryKey).toEqual([
      'roomkit',
      'connection',
      { endpoint: '/api/token', method: 'POST', body: { room: 'a' } },
    ]);
    expect(connectionQueryOptions({ endpoint: '/api/token', headers: { 'X-CSRF': '1' }, key: ['mine'] }).queryKey).toEqual(['roomkit', 'connection', ['mine']]);
    expect(connectionQueryKey()).toEqual(['roomkit', 'connection']);
    expect(connectionQueryKey({ room: 'a' })).toEqual(['roomkit', 'connection', { room: 'a' }]);
  });

  it('hashes equal options to the same query, whatever the key order', () => {
    const client = new QueryClient();
    const a = connectionQueryOptions({ endpoint: '/t', body: { room: 'a', identity: 'x' } });
    const b = connectionQueryOptions({ endpoint: '/t', body: { identity: 'x', room: 'a' } });
    const c = connectionQueryOptions({ endpoint: '/t', body: { identity: 'y', room: 'a' } });
    const data = { token: makeToken({ sub: 'x' }), url: 'wss://m.example', room: 'a', identity: 'x', expiresAt: Date.now() + 60_000 };
    client.setQueryData(a.queryKey, data);
    expect(client.getQueryData(b.queryKey)).toBe(data);
    expect(client.getQueryData(c.queryKey)).toBeUndefined();
  });

  it('needs an endpoint, or a fetchConnection with a key', () => {
    expect(() => connectionQueryOptions({} as ConnectionQueryOptions)).toThrow(expect.objectContaining({ code: 'missing-connection' }));
    expect(() => connectionQueryOptions({ fetchConnection: async () => ({}) } as unknown as ConnectionQueryOptions)).toThrow(/needs a `key`/);
  });

  it('aborts the request when the query is cancelled', async () => {
    const stub = await track(startServer(() => undefined)); // never answers
    const client = new QueryClient();
    let seen: AbortSignal | undefined;
    const options = connectionQueryOptions({
      key: 'slow',
      fetchConnection: ({ signal }) => {
        seen = signal;
        return fetch(`${stub.url}/slow`, { signal });
      },
    });
    const pending = client.fetchQuery(options);
    await vi.waitFor(() => expect(stub.requests).toHaveLength(1));
    await client.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(seen?.aborted).toBe(true);
  });

  it('requests directly as well (requestConnection)', async () => {
    const stub = await track(startServer((_r, res) => reply(res, 500, { error: 'boom' })));
    await expect(requestConnection({ endpoint: `${stub.url}/x` }, new AbortController().signal)).rejects.toMatchObject({
      code: 'unreachable',
      details: { status: 500, body: { error: 'boom' } },
    });
  });
});

describe('API key shapes', () => {
  it('finds inside a text the same key shape that looksLikeApiKey finds alone', () => {
    const core = (re: RegExp) => re.source.replace(/^\^\(\?:bearer\\s\+\)\?|\$$|^\(\?<!\[\\w\.\/-\]\)/g, '');
    expect(core(API_KEY_IN_TEXT)).toBe(core(API_KEY_SHAPE));
    expect(core(API_KEY_SHAPE)).toContain('lk_');
  });
});
