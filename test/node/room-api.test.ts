import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { ApiKeyConfigError, startRoomApi, TokenVerificationError, verifyToken } from '../../dev/room-api/index';
import type { RoomApiHandle, RoomApiLogger, RoomApiOptions, RoomRecord } from '../../dev/room-api/index';

const KEY_1 = 'lk_app1.secret-one';
const KEY_1B = 'lk_app1b.secret-one-b';
const KEY_2 = 'lk_app2.secret-two';
const SIGNING_SECRET = 'test-signing-secret-0123456789-abcdef';
const START = Date.UTC(2030, 0, 1, 12, 0, 0);

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

interface CallOptions {
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

const silentLogger = (): RoomApiLogger & { lines: string[] } => {
  const lines: string[] = [];
  const log = (message: string) => void lines.push(message);
  return { lines, info: log, warn: log, error: log };
};

async function call(api: RoomApiHandle, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? KEY_1 : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${api.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const errorOf = (reply: Reply) => (reply.json as { error: { code: string; message: string } }).error;

async function createRoom(api: RoomApiHandle, name: string, key = KEY_1): Promise<RoomRecord> {
  const reply = await call(api, 'POST', '/sdk/rooms', { key, body: { name } });
  expect(reply.status).toBe(201);
  return reply.json as RoomRecord;
}

function decodeSegment(segment: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const started: RoomApiHandle[] = [];
async function start(options: RoomApiOptions = {}): Promise<RoomApiHandle> {
  const api = await startRoomApi({
    keys: `app1=${KEY_1},app1=${KEY_1B},app2=${KEY_2}`,
    tokenSigningSecret: SIGNING_SECRET,
    mediaUrl: 'wss://media.example.test',
    hashCost: 1024,
    logger: silentLogger(),
    ...options,
  });
  started.push(api);
  return api;
}

afterAll(async () => {
  await Promise.all(started.map((api) => api.close()));
});

describe('Room API', () => {
  let api: RoomApiHandle;
  let clock = START;
  beforeAll(async () => {
    // The clock is frozen per test, so the bucket never refills here: the limit has its own tests below.
    api = await start({ now: () => clock, rateLimit: { burst: 10_000, ratePerSecond: 1 } });
  });
  beforeEach(() => {
    clock = START;
  });

  describe('authentication', () => {
    it('binds 127.0.0.1 on an ephemeral port', () => {
      expect(api.url).toBe(`http://127.0.0.1:${api.port}`);
      expect(api.port).toBeGreaterThan(0);
    });

    it('refuses a request without an API key with 401 and a JSON error', async () => {
      const reply = await call(api, 'GET', '/sdk/rooms', { key: null });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(errorOf(reply)).toEqual({ code: 'unauthorized', message: expect.stringContaining('Missing API key') });
    });

    it.each([
      ['a malformed header', { Authorization: 'Basic bGtfYXBwMTpzZWNyZXQ=' }],
      ['a key without a secret', { Authorization: 'Bearer lk_app1' }],
      ['a key id without the lk_ prefix', { Authorization: 'Bearer app1.secret-one' }],
      ['an unknown key id', { Authorization: 'Bearer lk_nobody.secret-one' }],
      ['a wrong secret for a real key id', { Authorization: 'Bearer lk_app1.secret-two' }],
    ])('refuses %s with 401', async (_label, headers) => {
      const reply = await call(api, 'GET', '/sdk/rooms', { key: null, headers });
      expect(reply.status).toBe(401);
      expect(errorOf(reply).code).toBe('unauthorized');
      expect(reply.text).not.toContain('secret');
    });

    it('accepts every key of an application for that application', async () => {
      const room = await createRoom(api, 'Two keys', KEY_1);
      const listed = await call(api, 'GET', '/sdk/rooms', { key: KEY_1B });
      expect(listed.status).toBe(200);
      expect((listed.json as { rooms: RoomRecord[] }).rooms.map((r) => r.slug)).toContain(room.slug);
    });
  });

  describe('rooms', () => {
    it('creates a room with 201 and the record', async () => {
      clock = START + 5000;
      const reply = await call(api, 'POST', '/sdk/rooms', {
        body: { name: 'Weekly sync', description: 'Team', scheduledAt: '2030-02-01T10:00:00+01:00' },
      });
      expect(reply.status).toBe(201);
      const room = reply.json as RoomRecord;
      expect(room).toEqual({
        slug: expect.stringMatching(/^weekly-sync-[a-z0-9]{8}$/),
        name: 'Weekly sync',
        description: 'Team',
        scheduledAt: '2030-02-01T09:00:00.000Z',
        createdAt: new Date(START + 5000).toISOString(),
      });
    });

    it('assigns unique, URL-safe slugs, even for identical or symbol-only names', async () => {
      const names = [...Array<string>(15).fill('Café / Ünïcode? #1 & more'), '!!!', '日本語'];
      const rooms = await Promise.all(names.map((name) => createRoom(api, name)));
      const slugs = rooms.map((room) => room.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) {
        expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(encodeURIComponent(slug)).toBe(slug);
      }
      expect(slugs[0]).toMatch(/^cafe-unicode-1-more-[a-z0-9]{8}$/);
      expect(slugs[15]).toMatch(/^room-[a-z0-9]{8}$/);
      expect(slugs[16]).toMatch(/^room-[a-z0-9]{8}$/);
    });

    it("lists only the caller's application's rooms", async () => {
      const mine = await createRoom(api, 'Mine');
      const theirs = await createRoom(api, 'Theirs', KEY_2);
      const reply = await call(api, 'GET', '/sdk/rooms');
      expect(reply.status).toBe(200);
      const slugs = (reply.json as { rooms: RoomRecord[] }).rooms.map((room) => room.slug);
      expect(slugs).toContain(mine.slug);
      expect(slugs).not.toContain(theirs.slug);
    });

    it("answers 404 for another application's room, and leaves it alone", async () => {
      const room = await createRoom(api, 'Private');
      const token = await call(api, 'POST', `/sdk/rooms/${room.slug}/token`, { key: KEY_2, body: { identity: 'eve' } });
      expect(token.status).toBe(404);
      expect(errorOf(token).code).toBe('not_found');
      const deletion = await call(api, 'DELETE', `/sdk/rooms/${room.slug}`, { key: KEY_2 });
      expect(deletion.status).toBe(404);
      const stillThere = await call(api, 'POST', `/sdk/rooms/${room.slug}/token`, { body: { identity: 'ann' } });
      expect(stillThere.status).toBe(200);
    });

    it('deletes with 204, after which the token endpoint and a second delete answer 404', async () => {
      const room = await createRoom(api, 'Short-lived');
      const deletion = await call(api, 'DELETE', `/sdk/rooms/${room.slug}`);
      expect(deletion.status).toBe(204);
      expect(deletion.text).toBe('');
      const token = await call(api, 'POST', `/sdk/rooms/${room.slug}/token`, { body: { identity: 'ann' } });
      expect(token.status).toBe(404);
      expect(errorOf(token).message).toContain(room.slug);
      expect((await call(api, 'DELETE', `/sdk/rooms/${room.slug}`)).status).toBe(404);
      const list = (await call(api, 'GET', '/sdk/rooms')).json as { rooms: RoomRecord[] };
      expect(list.rooms.map((r) => r.slug)).not.toContain(room.slug);
    });

    it('answers 404 for a slug that never existed', async () => {
      const reply = await call(api, 'POST', '/sdk/rooms/no-such-room/token', { body: { identity: 'ann' } });
      expect(reply.status).toBe(404);
    });
  });

  describe('request validation', () => {
    let slug: string;
    beforeAll(async () => {
      slug = (await createRoom(api, 'Validation')).slug;
    });

    it.each([
      [{}, '`name` is required'],
      [{ name: 42 }, '`name` must be a string'],
      [{ name: '  ' }, '`name` must not be empty'],
      [{ name: 'x'.repeat(201) }, '`name` must be at most 200'],
      [{ name: 'R', description: 3 }, '`description` must be a string'],
      [{ name: 'R', scheduledAt: 1893456000 }, '`scheduledAt` must be a string'],
      [{ name: 'R', scheduledAt: 'tomorrow' }, '`scheduledAt` must be an ISO 8601'],
      [{ name: 'R', scheduledAt: '2030-02-30T10:00:00' }, '`scheduledAt` must be an ISO 8601'],
      [{ name: 'R', nmae: 'typo' }, 'Unknown field `nmae`'],
    ])('refuses room body %j with 400 naming the field', async (body, message) => {
      const reply = await call(api, 'POST', '/sdk/rooms', { body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toEqual({ code: 'invalid_request', message: expect.stringContaining(message) });
    });

    it.each([
      [{}, '`identity` is required'],
      [{ identity: 7 }, '`identity` must be a string'],
      [{ identity: 'ann', name: false }, '`name` must be a string'],
      [{ identity: 'ann', metadata: { role: 'x' } }, '`metadata` must be a string'],
      [{ identity: 'ann', ttlSeconds: '600' }, '`ttlSeconds` must be an integer'],
      [{ identity: 'ann', ttlSeconds: 600.5 }, '`ttlSeconds` must be an integer'],
      [{ identity: 'ann', ttlSeconds: null }, '`ttlSeconds` must be an integer'],
      [{ identity: 'ann', grants: 'all' }, '`grants` must be an object'],
      [{ identity: 'ann', grants: [true] }, '`grants` must be an object'],
      [{ identity: 'ann', grants: { canPublish: 'yes' } }, '`grants.canPublish` must be a boolean'],
      [{ identity: 'ann', grants: { roomAdmin: 1 } }, '`grants.roomAdmin` must be a boolean'],
      [{ identity: 'ann', grants: { canpublish: false } }, 'Unknown field `grants.canpublish`'],
      [{ identity: 'ann', ttl: 60 }, 'Unknown field `ttl`'],
    ])('refuses token body %j with 400 naming the field', async (body, message) => {
      const reply = await call(api, 'POST', `/sdk/rooms/${slug}/token`, { body });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toEqual({ code: 'invalid_request', message: expect.stringContaining(message) });
    });

    it.each([59, 86401, 0, -60])('refuses ttlSeconds %i with 400 stating the range', async (ttlSeconds) => {
      const reply = await call(api, 'POST', `/sdk/rooms/${slug}/token`, { body: { identity: 'ann', ttlSeconds } });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).message).toContain('`ttlSeconds` must be between 60 and 86400');
    });

    it.each([60, 86400])('accepts ttlSeconds %i at the edge of the range', async (ttlSeconds) => {
      const reply = await call(api, 'POST', `/sdk/rooms/${slug}/token`, { body: { identity: 'ann', ttlSeconds } });
      expect(reply.status).toBe(200);
      const claims = verifyToken((reply.json as { token: string }).token, SIGNING_SECRET, { now: clock });
      expect(claims.exp - claims.nbf).toBe(ttlSeconds);
    });

    it.each([
      ['invalid JSON', '{"name": ', 'not valid JSON'],
      ['a JSON array', '["name"]', 'must be a JSON object'],
      ['a JSON string', '"name"', 'must be a JSON object'],
      ['an empty body', '', 'is empty'],
    ])('refuses %s with 400', async (_label, body, message) => {
      const reply = await call(api, 'POST', '/sdk/rooms', { body, headers: { 'Content-Type': 'application/json' } });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).message).toContain(message);
    });

    it('refuses a body over 16 KiB with 413', async () => {
      const reply = await call(api, 'POST', '/sdk/rooms', { body: { name: 'Big', description: 'x'.repeat(17 * 1024) } });
      expect(reply.status).toBe(413);
      expect(errorOf(reply).code).toBe('payload_too_large');
    });

    it('refuses a chunked body (no Content-Length) once it passes 16 KiB, with 413', async () => {
      const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${api.baseUrl}/sdk/rooms`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY_1}`, 'Content-Type': 'application/json' },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.write(`{"name":"Big","description":"`);
        for (let i = 0; i < 5; i++) req.write('y'.repeat(4096));
        req.end('"}');
      });
      expect(status.status).toBe(413);
      expect(status.body).toContain('payload_too_large');
    });

    it.each([
      ['text/plain', { 'Content-Type': 'text/plain' }],
      ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ])('refuses a %s body with 415', async (_label, headers) => {
      const reply = await call(api, 'POST', '/sdk/rooms', { body: '{"name":"R"}', headers });
      expect(reply.status).toBe(415);
      expect(errorOf(reply).code).toBe('unsupported_media_type');
    });

    it('refuses a body without Content-Type with 415', async () => {
      const response = await fetch(`${api.baseUrl}/sdk/rooms`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY_1}` },
        body: new Uint8Array(Buffer.from('{"name":"R"}')),
      });
      expect(response.status).toBe(415);
    });

    it('accepts application/json with a charset parameter', async () => {
      const reply = await call(api, 'POST', '/sdk/rooms', {
        body: { name: 'Charset' },
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      expect(reply.status).toBe(201);
    });

    it.each([
      ['PUT', '/sdk/rooms', 'GET, POST'],
      ['PATCH', '/sdk/rooms/some-room', 'DELETE'],
      ['GET', '/sdk/rooms/some-room/token', 'POST'],
    ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
      const reply = await call(api, method, path);
      expect(reply.status).toBe(405);
      expect(reply.headers.get('allow')).toBe(allow);
      expect(errorOf(reply).code).toBe('method_not_allowed');
    });

    it.each(['/sdk/room', '/sdk/rooms/a/b/token', '/', '/../v2/sdk/rooms'])('answers an unknown route %s with 404', async (path) => {
      const reply = await call(api, 'GET', path);
      expect(reply.status).toBe(404);
      expect(errorOf(reply).code).toBe('not_found');
    });
  });

  describe('connection tokens', () => {
    let slug: string;
    beforeAll(async () => {
      slug = (await createRoom(api, 'Tokens')).slug;
    });

    async function issue(body: Record<string, unknown>): Promise<{ token: string; url: string; room: string; identity: string; expiresAt: number }> {
      const reply = await call(api, 'POST', `/sdk/rooms/${slug}/token`, { body });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      return reply.json as { token: string; url: string; room: string; identity: string; expiresAt: number };
    }

    it('returns a signed HS256 token carrying the identity, the room and only the grants asked for', async () => {
      const response = await issue({
        identity: 'ann',
        name: 'Ann',
        metadata: '{"team":"blue"}',
        ttlSeconds: 3600,
        grants: { canPublish: false, hidden: true },
      });
      const nowSeconds = START / 1000;
      expect(response).toEqual({
        token: expect.any(String),
        url: 'wss://media.example.test',
        room: slug,
        identity: 'ann',
        expiresAt: nowSeconds + 3600,
      });
      const [header] = response.token.split('.') as [string];
      expect(decodeSegment(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(verifyToken(response.token, SIGNING_SECRET, { now: START })).toEqual({
        iss: 'roomkit-dev',
        sub: 'ann',
        name: 'Ann',
        metadata: '{"team":"blue"}',
        nbf: nowSeconds,
        exp: nowSeconds + 3600,
        video: { roomJoin: true, room: slug, canPublish: false, hidden: true },
      });
    });

    it('writes all six grants when all are given', async () => {
      const grants = { canPublish: true, canSubscribe: false, canPublishData: true, hidden: false, roomAdmin: true, roomRecord: false };
      const { token } = await issue({ identity: 'bob', grants });
      expect(verifyToken(token, SIGNING_SECRET, { now: START }).video).toEqual({ roomJoin: true, room: slug, ...grants });
    });

    it('defaults to a 21600-second lifetime, with expiresAt in integer epoch seconds', async () => {
      const { token, expiresAt } = await issue({ identity: 'cy' });
      const claims = verifyToken(token, SIGNING_SECRET, { now: START });
      expect(claims.exp - claims.nbf).toBe(21600);
      expect(Number.isInteger(expiresAt)).toBe(true);
      expect(expiresAt).toBe(claims.exp);
      expect(expiresAt - START / 1000).toBe(21600);
      expect(claims).not.toHaveProperty('name');
      expect(claims.video).toEqual({ roomJoin: true, room: slug });
    });

    it('refuses a token with a tampered signature, payload, or the wrong secret', async () => {
      const { token } = await issue({ identity: 'dee', grants: { canPublish: false } });
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const forged = Buffer.from(JSON.stringify({ ...decodeSegment(payload), video: { roomJoin: true, room: slug, canPublish: true } })).toString('base64url');
      for (const [jwt, secret] of [
        [`${header}.${payload}.${flipped}`, SIGNING_SECRET],
        [`${header}.${forged}.${signature}`, SIGNING_SECRET],
        [token, `${SIGNING_SECRET}-other`],
      ] as const) {
        expect(() => verifyToken(jwt, secret, { now: START })).toThrow(expect.objectContaining({ name: 'TokenVerificationError', code: 'bad-signature' }));
      }
    });

    it('refuses an expired token and one used before nbf', async () => {
      const { token, expiresAt } = await issue({ identity: 'eve', ttlSeconds: 60 });
      expect(verifyToken(token, SIGNING_SECRET, { now: expiresAt * 1000 - 1 }).sub).toBe('eve');
      expect(() => verifyToken(token, SIGNING_SECRET, { now: expiresAt * 1000 })).toThrow(expect.objectContaining({ code: 'expired' }));
      expect(() => verifyToken(token, SIGNING_SECRET, { now: START - 1000 })).toThrow(expect.objectContaining({ code: 'not-yet-valid' }));
      expect(verifyToken(token, SIGNING_SECRET, { now: START - 1000, leewaySeconds: 5 }).sub).toBe('eve');
    });

    it('refuses an unsigned ("alg": "none") token and malformed ones', async () => {
      const { token } = await issue({ identity: 'fay' });
      const [, payload] = token.split('.') as [string, string];
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.sig`;
      expect(() => verifyToken(none, SIGNING_SECRET)).toThrow(expect.objectContaining({ code: 'unsupported-algorithm' }));
      for (const bad of ['', 'a.b', `${token}.extra`, 'lk_app1.secret-one', `${token.split('.').slice(0, 2).join('.')}.`]) {
        let thrown: unknown;
        try {
          verifyToken(bad, SIGNING_SECRET);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(TokenVerificationError);
        expect((thrown as TokenVerificationError).code).toBe('malformed');
      }
    });
  });
});

describe('Room API rate limit', () => {
  it('answers 429 with Retry-After once the bucket is empty, and lets the key through after the wait', async () => {
    let clock = START;
    const api = await start({ rateLimit: { burst: 2, ratePerSecond: 1 }, now: () => clock });
    expect((await call(api, 'GET', '/sdk/rooms')).status).toBe(200);
    expect((await call(api, 'GET', '/sdk/rooms')).status).toBe(200);
    const limited = await call(api, 'GET', '/sdk/rooms');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(errorOf(limited).code).toBe('rate_limited');
    // Each key has its own bucket.
    expect((await call(api, 'GET', '/sdk/rooms', { key: KEY_2 })).status).toBe(200);
    clock += 999;
    expect((await call(api, 'GET', '/sdk/rooms')).status).toBe(429);
    clock += 1;
    expect((await call(api, 'GET', '/sdk/rooms')).status).toBe(200);
    expect((await call(api, 'GET', '/sdk/rooms')).status).toBe(429);
  });

  it('counts wrong-secret attempts against the key, so guessing is throttled', async () => {
    const clock = START;
    const api = await start({ rateLimit: { burst: 2, ratePerSecond: 0.5 }, now: () => clock });
    const guess = { key: 'lk_app1.guess' };
    expect((await call(api, 'GET', '/sdk/rooms', guess)).status).toBe(401);
    expect((await call(api, 'GET', '/sdk/rooms', guess)).status).toBe(401);
    const limited = await call(api, 'GET', '/sdk/rooms', guess);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
  });
});

describe('Room API docs', () => {
  const expectedPaths = {
    '/sdk/rooms': ['get', 'post'],
    '/sdk/rooms/{slug}': ['delete'],
    '/sdk/rooms/{slug}/token': ['post'],
  };

  it('serves the OpenAPI document at /docs and /docs/openapi.json outside production, without an API key', async () => {
    const api = await start();
    for (const path of ['/docs', '/docs/openapi.json']) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, object> };
      expect(document.openapi).toMatch(/^3\./);
      expect(document.servers[0]?.url).toBe('/api/v1');
      expect(Object.fromEntries(Object.entries(document.paths).map(([p, ops]) => [p, Object.keys(ops).sort()]))).toEqual(expectedPaths);
    }
    expect((await fetch(`${api.url}/docs`, { method: 'POST' })).status).toBe(405);
  });

  it('hides /docs in production', async () => {
    const api = await start({ production: true });
    expect((await fetch(`${api.url}/docs`)).status).toBe(404);
    expect((await fetch(`${api.url}/docs/openapi.json`)).status).toBe(404);
  });

  it('shows /docs in production with enableSwagger (ENABLE_SWAGGER=true)', async () => {
    const api = await start({ production: true, enableSwagger: true });
    const response = await fetch(`${api.url}/docs/openapi.json`);
    expect(response.status).toBe(200);
    expect(Object.keys(((await response.json()) as { paths: object }).paths).sort()).toEqual(Object.keys(expectedPaths));
  });
});

describe('Room API start-up', () => {
  it('without configured keys, creates one and logs it exactly once', async () => {
    const logger = silentLogger();
    const api = await start({ keys: undefined, logger });
    const withKey = logger.lines.filter((line) => /lk_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.test(line));
    expect(withKey).toHaveLength(1);
    const key = /(lk_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(withKey[0] ?? '')?.[1] ?? '';
    expect(api.generatedApiKey).toBe(key);
    const secret = key.split('.')[1] ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(32);

    const room = await call(api, 'POST', '/sdk/rooms', { key, body: { name: 'Generated' } });
    expect(room.status).toBe(201);
    await call(api, 'GET', '/sdk/rooms', { key: `${key.split('.')[0]}.wrong` });
    await call(api, 'POST', '/sdk/rooms', { key, body: { nope: 1 } });
    await call(api, 'GET', '/nowhere', { key });
    expect(logger.lines.filter((line) => line.includes(secret))).toHaveLength(1);

    const other = await start({ keys: undefined, logger: silentLogger() });
    expect(other.generatedApiKey).not.toBe(key);
    expect((await call(other, 'GET', '/sdk/rooms', { key })).status).toBe(401);
  });

  it('logs no key when keys are configured', async () => {
    const logger = silentLogger();
    const api = await start({ logger });
    expect(api.generatedApiKey).toBeUndefined();
    expect(logger.lines.join('\n')).not.toMatch(/lk_/);
  });

  it.each([
    ['app1=lk_ok.secret,app2', 'entry 2 ("app2")'],
    ['app1=lk_ok.secret,app2=dev2.secret2', 'entry 2 ("app2=dev2.***")'],
    ['app1=lk_ok.secret,=lk_x.y', 'entry 2 ("=lk_x.***")'],
    ['app1=lk_ok.secret,app2=lk_two.', 'entry 2 ("app2=lk_two.***")'],
    ['app1=lk_ok.secret,app2=lk_two.a.b', 'entry 2 ("app2=lk_two.***")'],
    ['app1=lk_ok.secret,,app3=lk_three.s', 'entry 2 ("")'],
  ])('refuses ROOM_API_KEYS %j, naming the entry and masking its secret', async (keys, named) => {
    const failure = startRoomApi({ keys, tokenSigningSecret: SIGNING_SECRET, hashCost: 1024, logger: silentLogger() });
    await expect(failure).rejects.toBeInstanceOf(ApiKeyConfigError);
    await expect(failure).rejects.toThrow(named);
    await expect(failure).rejects.not.toThrow(/secret2|\.a\.b/);
  });

  it('refuses a key id given twice', async () => {
    await expect(
      startRoomApi({ keys: 'a=lk_same.one,b=lk_same.two', tokenSigningSecret: SIGNING_SECRET, hashCost: 1024, logger: silentLogger() }),
    ).rejects.toThrow('repeats the key id lk_same');
  });

  it('requires a signing secret of 32+ characters in production, and a ws(s) media URL', async () => {
    const base = { keys: `a=${KEY_1}`, hashCost: 1024, logger: silentLogger() };
    await expect(startRoomApi({ ...base, production: true })).rejects.toThrow('ROOM_TOKEN_SECRET');
    await expect(startRoomApi({ ...base, tokenSigningSecret: 'short' })).rejects.toThrow('at least 32 characters');
    await expect(startRoomApi({ ...base, tokenSigningSecret: SIGNING_SECRET, mediaUrl: 'http://x' })).rejects.toThrow('ws://');
  });

  it('signs with a random per-run secret outside production when none is given', async () => {
    const logger = silentLogger();
    const api = await start({ tokenSigningSecret: undefined, logger });
    expect(api.tokenSigningSecret.length).toBeGreaterThanOrEqual(32);
    expect(api.tokenSigningSecret).not.toBe(SIGNING_SECRET);
    expect(logger.lines.some((line) => line.includes('random secret'))).toBe(true);
    const room = (await call(api, 'POST', '/sdk/rooms', { body: { name: 'R' } })).json as RoomRecord;
    const { token } = (await call(api, 'POST', `/sdk/rooms/${room.slug}/token`, { body: { identity: 'x' } })).json as { token: string };
    expect(verifyToken(token, api.tokenSigningSecret).sub).toBe('x');
    expect(() => verifyToken(token, SIGNING_SECRET)).toThrow(TokenVerificationError);
  });

  it('closes: the port stops answering', async () => {
    const api = await startRoomApi({ keys: `a=${KEY_1}`, tokenSigningSecret: SIGNING_SECRET, hashCost: 1024, logger: silentLogger() });
    expect((await fetch(`${api.url}/docs`)).status).toBe(200);
    await api.close();
    await api.close();
    await expect(fetch(`${api.url}/docs`)).rejects.toThrow();
  });
});
