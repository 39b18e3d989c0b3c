import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GRANTS, startCustomerBackend } from '../../dev/customer-backend/index';
import type { CustomerBackendHandle, MeetingRole } from '../../dev/customer-backend/index';
import { startRoomApi, verifyToken } from '../../dev/room-api/index';
import type { RoomApiHandle, RoomApiOptions, RoomRecord } from '../../dev/room-api/index';

const API_KEY = 'lk_backend.backend-secret-value';
const SIGNING_SECRET = 'backend-test-signing-secret-0123456789';
const START = Date.UTC(2030, 5, 1);

const closers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(closers.map((server) => server.close()));
});

async function roomApi(options: RoomApiOptions = {}): Promise<RoomApiHandle> {
  const api = await startRoomApi({
    keys: `shop=${API_KEY}`,
    tokenSigningSecret: SIGNING_SECRET,
    hashCost: 1024,
    logger: { info() {}, warn() {}, error() {} },
    rateLimit: { burst: 10_000, ratePerSecond: 1 },
    now: () => START,
    ...options,
  });
  closers.push(api);
  return api;
}

async function backend(roomApiUrl: string, apiKey = API_KEY): Promise<CustomerBackendHandle> {
  const server = await startCustomerBackend({ roomApiUrl, apiKey, port: 0 });
  closers.push(server);
  return server;
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Fails if any part of the API key shows in a response the browser would see. */
function expectNoKey(reply: Reply): void {
  const [keyId, secret] = API_KEY.split('.') as [string, string];
  const seen = `${reply.text}\n${[...reply.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
  expect(seen).not.toContain(keyId);
  expect(seen).not.toContain(secret);
  for (const segment of reply.text.match(/eyJ[A-Za-z0-9_-]+/g) ?? []) {
    const decoded = Buffer.from(segment, 'base64url').toString('utf8');
    expect(decoded).not.toContain(keyId);
    expect(decoded).not.toContain(secret);
  }
}

async function listRooms(api: RoomApiHandle): Promise<RoomRecord[]> {
  const response = await fetch(`${api.baseUrl}/sdk/rooms`, { headers: { Authorization: `Bearer ${API_KEY}` } });
  return ((await response.json()) as { rooms: RoomRecord[] }).rooms;
}

describe('customer backend', () => {
  let api: RoomApiHandle;
  let shop: CustomerBackendHandle;
  let tokenUrl: string;
  beforeAll(async () => {
    api = await roomApi();
    shop = await backend(api.url); // without /api/v1: the backend adds it
    tokenUrl = `${shop.url}/api/meeting-token`;
  });

  it('answers GET /api/health', async () => {
    const response = await fetch(`${shop.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('returns the connection response for a publisher, creating the room once by name', async () => {
    const first = await post(tokenUrl, { room: 'Standup', identity: 'ann', name: 'Ann', role: 'publisher' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expectNoKey(first);
    const body = JSON.parse(first.text) as { token: string; url: string; room: string; identity: string; expiresAt: number };
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'identity', 'room', 'token', 'url']);
    expect(body).toMatchObject({ url: 'ws://127.0.0.1:7880', identity: 'ann', room: expect.stringMatching(/^standup-/) });
    const claims = verifyToken(body.token, SIGNING_SECRET, { now: START });
    expect(claims).toMatchObject({ sub: 'ann', name: 'Ann' });
    expect(claims.video).toEqual({ roomJoin: true, room: body.room, canPublish: true, canSubscribe: true, canPublishData: true });

    const second = JSON.parse((await post(tokenUrl, { room: 'Standup', identity: 'bob' })).text) as { room: string };
    expect(second.room).toBe(body.room);
    expect((await listRooms(api)).filter((room) => room.name === 'Standup')).toHaveLength(1);
  });

  it('creates a room once when first requests arrive together', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map((n) => post(tokenUrl, { room: 'Rush', identity: `p${n}` })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => (JSON.parse(reply.text) as { room: string }).room)).size).toBe(1);
    expect((await listRooms(api)).filter((room) => room.name === 'Rush')).toHaveLength(1);
  });

  it.each(Object.entries(ROLE_GRANTS))('maps role %s to its grants', async (role, grants) => {
    const reply = await post(tokenUrl, { room: 'Roles', identity: `as-${role}`, role: role as MeetingRole });
    expect(reply.status).toBe(200);
    const { token, room } = JSON.parse(reply.text) as { token: string; room: string };
    // A guest knocks first: no rights until an admin lets them in (then `grants`, see test/node/waitingRoom.test.ts).
    const waiting = { canPublish: false, canSubscribe: false, canPublishData: false, hidden: false, roomAdmin: false, roomRecord: false };
    expect(verifyToken(token, SIGNING_SECRET, { now: START }).video).toEqual({ roomJoin: true, room, ...(role === 'guest' ? waiting : grants) });
  });

  it('gives the least privileged role (viewer) and a guest identity when the request names none', async () => {
    const reply = await post(tokenUrl, {});
    expect(reply.status).toBe(200);
    const { token, identity } = JSON.parse(reply.text) as { token: string; identity: string };
    expect(identity).toMatch(/^guest-[0-9a-f]{8}$/);
    const claims = verifyToken(token, SIGNING_SECRET, { now: START });
    expect(claims.sub).toBe(identity);
    expect(claims.video).toMatchObject({ canPublish: false, canPublishData: false, canSubscribe: true });
  });

  it.each([
    [{ role: 'boss' }, '`role` must be one of'],
    [{ identity: 42 }, '`identity` must be'],
    [{ room: '' }, '`room` must be'],
    ['[1]', 'must be a JSON object'],
    ['{', 'not valid JSON'],
  ])('refuses %j with 400', async (body, message) => {
    const reply = await post(tokenUrl, body);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining(message) } });
  });

  it('refuses a non-JSON body with 415 and a wrong method with 405', async () => {
    expect((await post(tokenUrl, 'room=x', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const get = await fetch(tokenUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await fetch(`${shop.url}/api/other`)).status).toBe(404);
  });

  it("relays the Room API's 404 as is when the room was deleted, then creates it afresh", async () => {
    const first = JSON.parse((await post(tokenUrl, { room: 'Doomed', identity: 'ann' })).text) as { room: string };
    const deleted = await fetch(`${api.baseUrl}/sdk/rooms/${first.room}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(deleted.status).toBe(204);
    const direct = await post(`${api.baseUrl}/sdk/rooms/${first.room}/token`, { identity: 'ann' }, { Authorization: `Bearer ${API_KEY}` });
    expect(direct.status).toBe(404);

    const relayed = await post(tokenUrl, { room: 'Doomed', identity: 'ann' });
    expect(relayed.status).toBe(404);
    expect(relayed.text).toBe(direct.text);
    expect(relayed.headers.get('content-type')).toMatch(/^application\/json/);
    expectNoKey(relayed);

    const again = await post(tokenUrl, { room: 'Doomed', identity: 'ann' });
    expect(again.status).toBe(200);
    expect((JSON.parse(again.text) as { room: string }).room).not.toBe(first.room);
  });

  it("relays the Room API's 401 as is when its key is wrong, without revealing the key", async () => {
    const badKey = 'lk_backend.not-the-secret';
    const misconfigured = await backend(api.baseUrl, badKey);
    const direct = await post(`${api.baseUrl}/sdk/rooms`, { name: 'Any' }, { Authorization: `Bearer ${badKey}` });
    expect(direct.status).toBe(401);

    const relayed = await post(`${misconfigured.url}/api/meeting-token`, { room: 'Any', identity: 'ann' });
    expect(relayed.status).toBe(401);
    expect(relayed.text).toBe(direct.text);
    expect(relayed.text).not.toContain('not-the-secret');
    expect(relayed.text).not.toContain('lk_backend');
  });

  it("relays the Room API's 429 with its Retry-After", async () => {
    const limited = await roomApi({ rateLimit: { burst: 3, ratePerSecond: 0.25 } });
    const limitedShop = await backend(limited.baseUrl);
    // The first request spends the three calls of the burst: the token for `demo` (404, no such slug), the
    // room's creation, then the token for the slug it got.
    expect((await post(`${limitedShop.url}/api/meeting-token`, { identity: 'ann' })).status).toBe(200);
    const relayed = await post(`${limitedShop.url}/api/meeting-token`, { identity: 'bob' });
    expect(relayed.status).toBe(429);
    expect(relayed.headers.get('retry-after')).toBe('4');
    expect(JSON.parse(relayed.text)).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('answers 502 when the Room API cannot be reached', async () => {
    const gone = await roomApi();
    await gone.close();
    const orphan = await backend(gone.url);
    const reply = await post(`${orphan.url}/api/meeting-token`, { identity: 'ann' });
    expect(reply.status).toBe(502);
    expect(JSON.parse(reply.text)).toMatchObject({ error: { code: 'room_api_unavailable' } });
  });

  it('hosts the room actions route, which acts only for a connection token it is shown', async () => {
    const withMedia = await startCustomerBackend({ roomApiUrl: api.url, apiKey: API_KEY, port: 0, mediaUrl: 'ws://127.0.0.1:7880' });
    closers.push(withMedia);
    const reply = await post(`${withMedia.url}/api/room-actions`, { type: 'remove', identity: 'ann' });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text)).toMatchObject({ error: { code: 'unauthorized' } });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expectNoKey(reply);
  });

  it('refuses to start without an API key', async () => {
    await expect(startCustomerBackend({ roomApiUrl: api.url, apiKey: '' })).rejects.toThrow('ROOM_API_KEY');
  });
});
