import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_GRANTS } from '../../dev/customer-backend/index';
import { verifyToken } from '../../dev/room-api/index';
import type { RoomApiHandle } from '../../dev/room-api/index';
import {
  createConnectionHandler,
  isRoomKitError,
  type ConnectionHandlerOptions,
  type ConnectionParticipant,
  type RoomKitError,
} from '../../src/server/index';
import { API_KEY, closeAfterAll, closedPortUrl, reply, startProxy, startServer, startTestRoomApi, type TestServer } from '../helpers/httpServers';
import { makeToken } from '../helpers/jwt';

const SECRET = 'connection-query-test-signing-secret-0123';
const [KEY_ID, KEY_SECRET] = API_KEY.split('.') as [string, string];

const track = closeAfterAll();

/** Every answer the tests saw, checked together at the end for the key and the cache header. */
const answers: Array<{ status: number; headers: Headers; text: string }> = [];

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

async function call(handler: (request: Request) => Promise<Response>, body: unknown, init: RequestInit = {}): Promise<Answer> {
  const request = new Request('http://app.example/api/meeting-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  const response = await handler(request);
  const text = await response.text();
  answers.push({ status: response.status, headers: response.headers, text });
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, text, json };
}

const publisher: ConnectionParticipant = { identity: 'ann', name: 'Ann', grants: ROLE_GRANTS.publisher };

function handlerFor(roomApiUrl: string, options: Partial<ConnectionHandlerOptions> = {}) {
  const errors: RoomKitError[] = [];
  const handler = createConnectionHandler({
    apiKey: API_KEY,
    roomApiUrl,
    authenticate: () => publisher,
    onError: (error) => errors.push(error),
    ...options,
  });
  return Object.assign(handler, { errors });
}

async function createRoom(api: RoomApiHandle, name: string): Promise<string> {
  const response = await fetch(`${api.baseUrl}/sdk/rooms`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { slug: string }).slug;
}

describe('createConnectionHandler against the dev Room API', () => {
  let api: RoomApiHandle;
  let standup: string;
  beforeAll(async () => {
    api = await track(startTestRoomApi());
    standup = await createRoom(api, 'Standup');
  });

  it.each(Object.entries(ROLE_GRANTS))('issues a token with the grants of role %s', async (role, grants) => {
    const handler = handlerFor(api.url, {
      authenticate: (_request, { body }) => ({ identity: `as-${role}`, grants: ROLE_GRANTS[body.role as keyof typeof ROLE_GRANTS] }),
    });
    const answer = await call(handler, { room: standup, role });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(['expiresAt', 'identity', 'room', 'token', 'url']);
    expect(answer.json).toMatchObject({ room: standup, identity: `as-${role}`, url: 'wss://media.example.com' });
    const claims = verifyToken(answer.json.token as string, SECRET);
    expect(claims.sub).toBe(`as-${role}`);
    expect(claims.video).toEqual({ roomJoin: true, room: standup, ...grants });
  });

  it.each([
    ['without /api/v1', (api: RoomApiHandle) => api.url],
    ['with /api/v1', (api: RoomApiHandle) => api.baseUrl],
    ['with /api/v1/', (api: RoomApiHandle) => `${api.baseUrl}/`],
  ])('takes the Room API address %s', async (_label, address) => {
    const answer = await call(handlerFor(address(api)), { room: standup });
    expect(answer.status).toBe(200);
    expect(answer.json.room).toBe(standup);
  });

  it('passes name, metadata and ttlSeconds to the token', async () => {
    const handler = handlerFor(api.url, {
      ttlSeconds: 120,
      authenticate: () => ({ identity: 'meta', name: 'Meta', metadata: '{"team":"a"}', grants: { canPublish: false } }),
    });
    const answer = await call(handler, { room: standup });
    const claims = verifyToken(answer.json.token as string, SECRET);
    expect(claims).toMatchObject({ sub: 'meta', name: 'Meta', metadata: '{"team":"a"}' });
    expect(claims.exp - claims.nbf).toBe(120);
  });

  it('encodes the room, so a path in it cannot reach another room', async () => {
    const proxy = await track(startProxy(api.url));
    const handler = handlerFor(proxy.url);
    const answer = await call(handler, { room: `Bad Room/../${standup}` });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ error: { code: 'not_found' } });
    expect(proxy.requests.map((r) => r.path)).toEqual([`/api/v1/sdk/rooms/Bad%20Room%2F..%2F${standup}/token`]);
  });

  it('relays 404 for an unknown room when createRoom is off, and creates nothing', async () => {
    const answer = await call(handlerFor(api.url), { room: 'nowhere' });
    expect(answer.status).toBe(404);
    const list = (await (await fetch(`${api.baseUrl}/sdk/rooms`, { headers: { Authorization: `Bearer ${API_KEY}` } })).json()) as {
      rooms: { name: string }[];
    };
    expect(list.rooms.map((room) => room.name)).not.toContain('nowhere');
  });

  it('creates the room on a 404 with createRoom, issues the token for the assigned slug, and reuses it', async () => {
    const proxy = await track(startProxy(api.url));
    const handler = handlerFor(proxy.url, { createRoom: (room) => ({ name: room, description: 'made on demand' }) });
    const first = await call(handler, { room: 'Retro' });
    expect(first.status).toBe(200);
    const slug = first.json.room as string;
    expect(slug).toMatch(/^retro-[a-z0-9]{8}$/);
    expect(verifyToken(first.json.token as string, SECRET).video.room).toBe(slug);
    expect(proxy.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/sdk/rooms/Retro/token',
      'POST /api/v1/sdk/rooms',
      `POST /api/v1/sdk/rooms/${slug}/token`,
    ]);
    expect(JSON.parse(proxy.requests[1]!.body)).toEqual({ name: 'Retro', description: 'made on demand' });

    proxy.requests.length = 0;
    const again = await call(handler, { room: 'Retro' });
    expect(again.json.room).toBe(slug);
    // The client may also pass the slug it got back.
    const bySlug = await call(handler, { room: slug });
    expect(bySlug.json.room).toBe(slug);
    expect(proxy.requests.map((r) => r.path)).toEqual([`/api/v1/sdk/rooms/${slug}/token`, `/api/v1/sdk/rooms/${slug}/token`]);
  });

  it("relays the Room API's 400 (a name too long for it)", async () => {
    const handler = handlerFor(api.url, { authenticate: () => ({ identity: 'long', name: 'n'.repeat(300), grants: {} }) });
    const answer = await call(handler, { room: standup });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: 'invalid_request', message: expect.stringContaining('`name`') } });
  });

  it("relays the Room API's 401 for a wrong key and reports it to onError, without the key", async () => {
    const handler = handlerFor(api.url, { apiKey: `${KEY_ID}.not-the-secret` });
    const answer = await call(handler, { room: standup });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ error: { code: 'unauthorized' } });
    expect(answer.text).not.toContain('not-the-secret');
    expect(handler.errors.map((e) => e.code)).toEqual(['server-misconfigured']);
    expect(handler.errors[0]!.message).toMatch(/ROOM_API_KEY/);
  });

  it("relays the Room API's 429 with Retry-After", async () => {
    const clock = Date.now(); // standing still: the answer asks for exactly 5 s, however slow the machine
    const limited = await track(startTestRoomApi({ rateLimit: { burst: 1, ratePerSecond: 0.2 }, now: () => clock }));
    const room = await createRoom(limited, 'Busy'); // spends the burst
    const answer = await call(handlerFor(limited.url), { room });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.json).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it.each([
    ['no room', {}, '`room` must be a non-empty string'],
    ['an empty room', { room: '' }, 'got an empty string'],
    ['a numeric room', { room: 7 }, 'got a number'],
    ['an array body', '[1]', 'must be a JSON object'],
    ['broken JSON', '{', 'not valid JSON'],
  ])('answers 400 naming the problem for %s', async (_label, body, message) => {
    const answer = await call(handlerFor(api.url), body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining(message) } });
  });

  it('answers 415 for a body that is not JSON, 413 past 16 KiB, 405 for GET', async () => {
    const handler = handlerFor(api.url);
    const form = await call(handler, 'room=x', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await call(handler, { room: standup, padding: 'x'.repeat(17_000) })).status).toBe(413);
    const get = await handler(new Request('http://app.example/api/meeting-token'));
    answers.push({ status: get.status, headers: get.headers, text: await get.text() });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers 401 when authenticate returns null, 403 when it throws, and relays a Response it throws', async () => {
    expect((await call(handlerFor(api.url, { authenticate: () => null }), { room: standup })).status).toBe(401);
    const refusing = handlerFor(api.url, {
      authenticate: () => {
        throw new Error('not a member');
      },
    });
    const refused = await call(refusing, { room: standup });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('not a member');
    const custom = handlerFor(api.url, {
      authenticate: () => {
        throw Response.json({ error: { code: 'no_seat', message: 'The room is full.' } }, { status: 409 });
      },
    });
    const answer = await call(custom, { room: standup });
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ error: { code: 'no_seat', message: 'The room is full.' } });
  });

  it('answers 500 and reports to onError when authenticate returns no participant', async () => {
    const handler = handlerFor(api.url, { authenticate: () => ({ identity: 'x', grants: { canpublish: true } }) as never });
    const answer = await call(handler, { room: standup });
    expect(answer.status).toBe(500);
    expect(answer.json).toMatchObject({ error: { code: 'server_misconfigured' } });
    expect(handler.errors[0]).toMatchObject({ code: 'server-misconfigured', message: expect.stringContaining('grants.canpublish') });
  });

  it('reads ROOM_API_KEY and ROOM_API_URL, and names the missing one at the first request', async () => {
    vi.stubEnv('ROOM_API_KEY', '');
    vi.stubEnv('ROOM_API_URL', api.url);
    try {
      const errors: RoomKitError[] = [];
      const handler = createConnectionHandler({ authenticate: () => publisher, onError: (e) => errors.push(e) });
      const answer = await call(handler, { room: standup });
      expect(answer.status).toBe(500);
      expect(errors[0]).toMatchObject({ code: 'server-misconfigured', message: expect.stringContaining('ROOM_API_KEY') });
      vi.stubEnv('ROOM_API_KEY', API_KEY);
      expect((await call(handler, { room: standup })).status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('throws a RoomKitError at creation for a malformed option, without repeating the key', () => {
    const attempt = (options: Partial<ConnectionHandlerOptions>) => () =>
      createConnectionHandler({ apiKey: API_KEY, roomApiUrl: api.url, authenticate: () => null, ...options });
    expect(attempt({ apiKey: 'eyJhbGciOi.not-a-key.sig' })).toThrow(expect.objectContaining({ code: 'server-misconfigured' }));
    expect(attempt({ apiKey: 'eyJhbGciOi.not-a-key.sig' })).toThrow(/^(?!.*not-a-key).*lk_<id>\.<secret>/);
    expect(attempt({ roomApiUrl: 'rooms.example.com' })).toThrow(/`roomApiUrl` option must be the Room API's address/);
    expect(attempt({ ttlSeconds: 5 })).toThrow(/`ttlSeconds` must be an integer from 60 to 86400/);
  });

  it('refuses to be created in a browser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    try {
      let error: unknown;
      try {
        createConnectionHandler({ apiKey: API_KEY, roomApiUrl: api.url, authenticate: () => null });
      } catch (caught) {
        error = caught;
      }
      expect(isRoomKitError(error, 'server-in-browser')).toBe(true);
      expect((error as Error).message).toMatch(/Import @roomkit\/react\/server from a route handler/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('createConnectionHandler against a misbehaving Room API', () => {
  let stub: TestServer;
  let answer: { status: number; body: unknown; headers?: Record<string, string> } | undefined;
  beforeAll(async () => {
    stub = await track(
      startServer((request, res) => {
        // A slug with spaces and non-ASCII letters exists here, and only under its encoded path.
        if (request.path === `/api/v1/sdk/rooms/${encodeURIComponent('Café Öst 1')}/token` && answer === undefined) {
          const token = makeToken({ sub: 'ann', video: { roomJoin: true, room: 'Café Öst 1' } });
          const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
          return reply(res, 200, { token, url: 'wss://media.example.com', room: 'Café Öst 1', identity: 'ann', expiresAt: exp });
        }
        if (answer === undefined) return reply(res, 404, { error: { code: 'not_found', message: 'No such room.' } });
        if (answer.status === 0) return; // never answers
        reply(res, answer.status, answer.body, answer.headers);
      }),
    );
  });

  it('reaches a room whose slug has spaces and non-ASCII letters', async () => {
    answer = undefined;
    const result = await call(handlerFor(stub.url), { room: 'Café Öst 1' });
    expect(result.status).toBe(200);
    expect(result.json.room).toBe('Café Öst 1');
  });

  it('scrubs the API key from an error the Room API echoes', async () => {
    answer = { status: 400, body: { error: { code: 'invalid_request', message: `Bad header: Bearer ${API_KEY} (${KEY_SECRET})` } } };
    const result = await call(handlerFor(stub.url), { room: 'x' });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ error: { code: 'invalid_request', message: 'Bad header: Bearer [redacted] ([redacted])' } });
  });

  it('relays a 503 that is not JSON as a JSON error, with Retry-After', async () => {
    answer = { status: 503, body: '<html>down</html>', headers: { 'Content-Type': 'text/html', 'Retry-After': '30' } };
    const result = await call(handlerFor(stub.url), { room: 'x' });
    expect(result.status).toBe(503);
    expect(result.headers.get('retry-after')).toBe('30');
    expect(result.json).toEqual({ error: { code: 'room_api_error', message: 'The Room API answered HTTP 503.' } });
  });

  it('answers 502 naming the problem when a 200 does not match the contract', async () => {
    answer = { status: 200, body: { token: 'not-a-jwt', url: 'wss://media.example.com', room: 'x', identity: 'ann', expiresAt: 1 } };
    const handler = handlerFor(stub.url);
    const result = await call(handler, { room: 'x' });
    expect(result.status).toBe(502);
    expect(result.json).toMatchObject({ error: { code: 'room_api_bad_response', message: expect.stringMatching(/`token` is not a JWT/) } });
    expect(handler.errors[0]?.code).toBe('server-misconfigured');
  });

  it('answers 502 when a 200 echoes the API key', async () => {
    answer = { status: 200, body: { token: API_KEY } };
    const result = await call(handlerFor(stub.url), { room: 'x' });
    expect(result.status).toBe(502);
    expect(result.json).toMatchObject({ error: { code: 'room_api_bad_response', message: expect.stringContaining('contains the API key') } });
  });

  it('answers 504 when the Room API does not answer in time', async () => {
    answer = { status: 0, body: null };
    const handler = handlerFor(stub.url, { timeoutMs: 200 });
    const result = await call(handler, { room: 'x' });
    expect(result.status).toBe(504);
    expect(result.json).toMatchObject({ error: { code: 'room_api_timeout' } });
    expect(handler.errors[0]?.code).toBe('unreachable');
  });

  it('answers 502 when the Room API cannot be reached', async () => {
    const result = await call(handlerFor(await closedPortUrl()), { room: 'x' });
    expect(result.status).toBe(502);
    expect(result.json).toMatchObject({ error: { code: 'room_api_unavailable', message: 'The Room API could not be reached.' } });
  });

  it('passes the injected fetch the encoded URL and the key, and nothing else sees it', async () => {
    const seen: Request[] = [];
    const handler = handlerFor('https://rooms.example.com/', {
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return Response.json({ error: { code: 'not_found', message: 'No room.' } }, { status: 404 });
      },
    });
    expect((await call(handler, { room: 'a b' })).status).toBe(404);
    expect(seen[0]!.url).toBe('https://rooms.example.com/api/v1/sdk/rooms/a%20b/token');
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });
});

describe('a room that is a dot segment', () => {
  /** A handler whose Room API is an injected fetch: every URL it was asked to fetch. */
  function recordingHandler() {
    const urls: string[] = [];
    const handler = handlerFor('https://rooms.example.com/', {
      fetch: async (input, init) => {
        urls.push(new Request(input, init).url);
        return Response.json({ error: { code: 'not_found', message: 'No room.' } }, { status: 404 });
      },
    });
    return { handler, urls };
  }

  it.each(['.', '..', '%2e', '%2E', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2E.', '%252e', '%252E%252e'])(
    'refuses %j with a 400 naming `room`, and calls no Room API path',
    async (room) => {
      const { handler, urls } = recordingHandler();
      const answer = await call(handler, { room });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: 'invalid_request', message: expect.stringContaining('`room` must not be "." or ".."') } });
      expect(urls).toEqual([]);
    },
  );

  it('keeps every other room inside its path segment (random rooms of dots, percents and slashes)', async () => {
    const { handler, urls } = recordingHandler();
    const prefix = 'https://rooms.example.com/api/v1/sdk/rooms/';
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('.', '%', '2', '5', 'e', 'E', 'f', 'F', '/', '\\', 'a', '?', '#'), { minLength: 1, maxLength: 8 }), async (chars) => {
        const room = chars.join('');
        urls.length = 0;
        const answer = await call(handler, { room });
        if (answer.status === 400) {
          expect(answer.json).toMatchObject({ error: { message: expect.stringContaining('`room`') } });
          expect(urls).toEqual([]);
          return;
        }
        // Not refused: the Room API was asked for exactly this room's token, in one segment that decodes back to it.
        expect(urls).toHaveLength(1);
        const url = urls[0]!;
        expect(url.startsWith(prefix) && url.endsWith('/token')).toBe(true);
        const segment = url.slice(prefix.length, -'/token'.length);
        expect(segment).not.toMatch(/[/?#\\]/);
        expect(decodeURIComponent(segment)).toBe(room);
      }),
      { numRuns: 400, seed: 20 },
    );
  });
});

describe('every answer', () => {
  it('has Cache-Control: no-store and never the API key, its id or its secret', () => {
    expect(answers.length).toBeGreaterThan(30);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 502, 503, 504]));
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const seen = `${answer.text}\n${[...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
      for (const part of [API_KEY, KEY_ID, KEY_SECRET, 'not-the-secret']) expect(seen).not.toContain(part);
    }
  });
});
