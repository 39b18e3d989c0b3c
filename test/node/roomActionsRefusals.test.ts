/**
 * What the room actions route refuses, and what it never says, against the real dev media server: a caller without
 * the grant, in another room, with a forged or expired token (the media server's validate refuses it); malformed
 * actions; `authorize` in place of the token check; a missing or refused configuration; the key in no answer and no
 * report. The actions' effects: roomActions.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { signAccessToken } from '../../dev/media-server/token';
import { createRoomActionsHandler, isRoomKitError, type RoomKitError } from '../../src/server/index';
import { normaliseMediaUrl } from '../../src/server/mediaServerConfig';
import { HAND_TOPIC as SERVER_HAND_TOPIC, SPOTLIGHT_ATTRIBUTE as SERVER_SPOTLIGHT_ATTRIBUTE } from '../../src/server/performRoomAction';
import { SPOTLIGHT_ATTRIBUTE } from '../../src/room/hooks/useSpotlight';
import { HAND_TOPIC } from '../../src/hands/handStore';
import { RawSignalClient, SECRET, token } from './support/rawClient';
import { actionsRoute, adminToken, API_KEY, expectNoKey, forgedToken } from './support/roomActions';
import { startServerWithKeys } from './support/serverApi';

let server: MediaServer;
let route: ReturnType<typeof actionsRoute>;
const clients: RawSignalClient[] = [];

beforeAll(async () => {
  server = await startServerWithKeys();
  route = actionsRoute(server.url);
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  vi.unstubAllEnvs();
});

async function join(identity: string, room: string) {
  const joined = await RawSignalClient.join(server.url, token(identity, room));
  clients.push(joined.client);
  return joined;
}

const error = (answer: { status: number; json: { error?: { code: string; message: string } } }) => [answer.status, answer.json.error?.code] as const;

describe('who may act', () => {
  it('refuses a token without the grant with 403, and nothing reaches the media server', async () => {
    await join('ada', 'ref-grant');
    route.mediaCalls.length = 0;
    const publisher = token('pat', 'ref-grant', { roomAdmin: false, roomRecord: false });
    const mute = await route.post(publisher, { type: 'mute', identity: 'ada' });
    expect(error(mute)).toEqual([403, 'forbidden']);
    expect(mute.json.error?.message).toBe('Your connection token lacks the roomAdmin grant, which mute needs.');
    // roomAdmin is not roomRecord, and the other way round
    expect(error(await route.post(adminToken('ref-grant', { roomRecord: false }), { type: 'start-recording' }))).toEqual([403, 'forbidden']);
    expect(error(await route.post(adminToken('ref-grant', { roomAdmin: false }), { type: 'remove', identity: 'ada' }))).toEqual([403, 'forbidden']);
    expect(route.mediaCalls).toEqual([]);
    expect(server.room('ref-grant')?.participants.map((p) => p.identity)).toEqual(['ada']);
  });

  it('acts in the token’s room only: a body naming another room changes nothing', async () => {
    const ada = await join('ada', 'ref-other');
    const answer = await route.post(adminToken('ref-mine'), { type: 'remove', identity: 'ada', room: 'ref-other' });
    expect(error(answer)).toEqual([404, 'not_found']);
    expect(server.room('ref-other')?.participants.map((p) => p.identity)).toEqual(['ada']);
    expect(ada.client.all('leave')).toEqual([]);
  });

  it('refuses a forged token and a token the media server finds not yet valid (401, its validate said so), and an expired one', async () => {
    await join('ada', 'ref-forged');
    route.mediaCalls.length = 0;
    const forged = await route.post(forgedToken('ref-forged'), { type: 'remove', identity: 'ada' });
    expect(error(forged)).toEqual([401, 'unauthorized']);
    expect(forged.json.error?.message).toBe('The media server refused your connection token (forged, expired or revoked).');
    expect(route.mediaCalls).toEqual(['/rtc/v1/validate']);
    // Signed two minutes ahead, so not valid before then: the route does not read nbf, the media server does.
    const notYet = signAccessToken({ identity: 'host', video: { roomJoin: true, room: 'ref-forged', roomAdmin: true } }, SECRET, Date.now() + 120_000);
    expect(error(await route.post(notYet, { type: 'remove', identity: 'ada' }))).toEqual([401, 'unauthorized']);
    const expired = signAccessToken({ identity: 'host', ttlSeconds: -10, video: { roomJoin: true, room: 'ref-forged', roomAdmin: true } }, SECRET);
    expect(error(await route.post(expired, { type: 'remove', identity: 'ada' }))).toEqual([401, 'unauthorized']);
    expect(server.room('ref-forged')?.participants.map((p) => p.identity)).toEqual(['ada']);
  });

  it('answers 401 without a bearer token, or with something that is not a connection token (an API key included)', async () => {
    expect(error(await route.post(undefined, { type: 'stop-recording' }))).toEqual([401, 'unauthorized']);
    expect(error(await route.post('not-a-jwt', { type: 'stop-recording' }))).toEqual([401, 'unauthorized']);
    const keyAsToken = await route.post(API_KEY, { type: 'stop-recording' });
    expect(error(keyAsToken)).toEqual([401, 'unauthorized']);
    expectNoKey([keyAsToken.text]);
  });

  it('authorize replaces the check: its room, no validate; null is 401, a throw 403, a thrown Response is the answer', async () => {
    const ada = await join('ada', 'ref-auth');
    const seen: unknown[] = [];
    const own = actionsRoute(server.url, {
      authorize(request, { action, body }) {
        seen.push({ action, extra: body.reason });
        const user = request.headers.get('x-user');
        if (user === 'staff') return { room: 'ref-auth', identity: 'staff-1' };
        if (user === 'teapot') throw new Response('no', { status: 418 });
        if (user) throw new Error('not staff');
        return null;
      },
    });
    const post = (user: string | undefined) =>
      own.post(undefined, { type: 'remove', identity: 'ada', reason: 'spam' }, { headers: { 'Content-Type': 'application/json', ...(user && { 'x-user': user }) } });
    expect(error(await post(undefined))).toEqual([401, 'unauthorized']);
    expect(error(await post('guest'))).toEqual([403, 'forbidden']);
    const teapot = await post('teapot');
    expect([teapot.status, teapot.text, teapot.headers.get('cache-control')]).toEqual([418, 'no', 'no-store']);
    expect((await post('staff')).json).toEqual({ type: 'remove' });
    expect(await ada.client.next('leave')).toBeTruthy();
    expect(own.mediaCalls.filter((path) => path.includes('validate'))).toEqual([]);
    expect(seen[0]).toEqual({ action: { type: 'remove', identity: 'ada' }, extra: 'spam' });
  });
});

describe('malformed actions', () => {
  it('answers 400 invalid_request naming the field, and calls nothing', async () => {
    route.mediaCalls.length = 0;
    const bearer = adminToken('ref-bad');
    const cases: Array<[unknown, RegExp]> = [
      ['{not json', /not valid JSON/],
      [[1, 2], /must be a JSON object/],
      [{}, /`type` must be one of mute, remove, update-permissions, lower-hand, spotlight, admit, admit-all, deny, start-recording, stop-recording, set-recording-layout, open-breakouts, move, broadcast, close-breakouts, list-breakouts, got nothing/],
      [{ type: 'ban', identity: 'ada' }, /`type` must be one of .*got "ban"/],
      [{ type: 'mute' }, /`identity` must be a non-empty string of at most 256 characters, got nothing/],
      [{ type: 'remove', identity: '  ' }, /`identity` must be a non-empty string/],
      [{ type: 'remove', identity: 'x'.repeat(257) }, /at most 256 characters/],
      [{ type: 'mute', identity: 'ada', trackSid: 5 }, /`trackSid` must be a non-empty string/],
      [{ type: 'update-permissions', identity: 'ada' }, /`permissions` must be \{"canPublish": true\} or \{"canPublish": false\}, got nothing/],
      [{ type: 'update-permissions', identity: 'ada', permissions: { canPublish: 'no' } }, /`permissions` must be/],
      [{ type: 'spotlight', identity: 'ada' }, /`on` must be true \(spotlight "ada"\) or false \(end their spotlight\), got nothing/],
      [{ type: 'spotlight', identity: 'ada', on: 'yes' }, /`on` must be true .*got "yes"/],
      [{ type: 'spotlight', on: true }, /`identity` must be a non-empty string/],
      [{ type: 'set-recording-layout' }, /`layout` must be a non-empty string/],
      [{ type: 'start-recording', layout: '../grid' }, /`layout` must be a layout name/],
    ];
    for (const [body, message] of cases) {
      const answer = await route.post(bearer, body);
      expect(error(answer), JSON.stringify(body)).toEqual([400, 'invalid_request']);
      expect(answer.json.error?.message).toMatch(message);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(error(await route.post(bearer, { type: 'stop-recording' }, { headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${bearer}` } }))).toEqual([415, 'unsupported_media_type']);
    expect(error(await route.post(bearer, undefined, { method: 'GET', body: null }))).toEqual([405, 'method_not_allowed']);
    expect(error(await route.post(bearer, JSON.stringify({ type: 'mute', identity: 'x'.repeat(20_000) })))).toEqual([413, 'payload_too_large']);
    expect(route.mediaCalls).toEqual([]);
  });
});

describe('configuration and the key', () => {
  it('reads ROOM_API_KEY and ROOM_MEDIA_URL at the first request; without them answers 500 and names the variable, never its value', async () => {
    vi.stubEnv('ROOM_API_KEY', '');
    vi.stubEnv('ROOM_MEDIA_URL', '');
    const errors: RoomKitError[] = [];
    const bare = createRoomActionsHandler({ onError: (e) => errors.push(e) });
    const request = () => new Request('http://app.example/x', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"stop-recording"}' });
    const answer = await bare(request());
    expect([answer.status, ((await answer.json()) as { error: { code: string } }).error.code]).toEqual([500, 'server_misconfigured']);
    expect(errors[0]).toMatchObject({ code: 'server-misconfigured' });
    expect(errors[0]!.message).toMatch(/ROOM_API_KEY/);
    vi.stubEnv('ROOM_API_KEY', API_KEY);
    const noMedia = createRoomActionsHandler({ onError: (e) => errors.push(e) });
    expect((await noMedia(request())).status).toBe(500);
    expect(errors[1]!.message).toMatch(/ROOM_MEDIA_URL.*wss:\/\/media\.example\.com/);
    vi.stubEnv('ROOM_API_KEY', 'lk_typo-without-a-secret');
    const badKey = createRoomActionsHandler({ mediaUrl: server.url, onError: (e) => errors.push(e) });
    expect((await badKey(request())).status).toBe(500);
    expect(errors[2]!.message).toMatch(/ROOM_API_KEY does not look like a Room API key/);
    expectNoKey(errors.map((e) => e.message));
    expect(errors.map((e) => e.message).join('\n')).not.toContain('lk_typo');
  });

  it('throws at creation for a bad option, naming it', () => {
    const misconfigured = (make: () => unknown) => {
      try {
        make();
      } catch (thrown) {
        return isRoomKitError(thrown, 'server-misconfigured') ? thrown.message : `other: ${String(thrown)}`;
      }
      return 'no error';
    };
    expect(misconfigured(() => createRoomActionsHandler({ mediaUrl: 'ftp://media.example.com' }))).toMatch(/`mediaUrl` option must be a wss:\/\/ or https:\/\//);
    expect(misconfigured(() => createRoomActionsHandler({ apiKey: 'Bearer lk_a.b' }))).toMatch(/`apiKey` option does not look like a Room API key/);
    expect(misconfigured(() => createRoomActionsHandler({ recording: { output: {} } }))).toMatch(/`recording.output` must name at least one output/);
    expect(misconfigured(() => createRoomActionsHandler({ recording: { output: { fileOutputs: [] } } }))).toMatch(/at least one output/);
    expect(misconfigured(() => createRoomActionsHandler({ timeoutMs: 0 }))).toMatch(/`timeoutMs`/);
    expect(misconfigured(() => createRoomActionsHandler({ authorize: 'yes' as never }))).toMatch(/`authorize` must be a function/);
  });

  it('turns the token route’s wss:// into https:// (ws:// into http://) for the server API', () => {
    expect(normaliseMediaUrl('wss://media.example.com', 'x')).toBe('https://media.example.com');
    expect(normaliseMediaUrl('ws://127.0.0.1:7880/', 'x')).toBe('http://127.0.0.1:7880');
    expect(normaliseMediaUrl('https://lk.example.com/livekit/', 'x')).toBe('https://lk.example.com/livekit');
    expect(() => normaliseMediaUrl('wss://user:pw@media.example.com', 'x')).toThrow(/without a query, fragment or credentials/);
  });

  it('starting a recording without recording options answers 500 and says what to add; stopping needs none', async () => {
    await join('ada', 'ref-norec');
    const bearer = adminToken('ref-norec');
    expect(error(await route.post(bearer, { type: 'start-recording' }))).toEqual([500, 'server_misconfigured']);
    expect(route.errors.at(-1)?.message).toMatch(/pass `recording: \{ templateUrl, output \}`/);
    expect((await route.post(bearer, { type: 'stop-recording' })).json).toEqual({ type: 'stop-recording', egressIds: [] });
  });

  it('a key the media server does not know: 500, and the report says to check it, without it', async () => {
    await join('ada', 'ref-key');
    const wrong = 'lk_nodetests.not-the-secret-at-all';
    const stranger = actionsRoute(server.url, { apiKey: wrong });
    const answer = await stranger.post(adminToken('ref-key'), { type: 'remove', identity: 'ada' });
    expect(error(answer)).toEqual([500, 'server_misconfigured']);
    expect(stranger.errors.map((e) => e.message)).toEqual([expect.stringMatching(/refused the server token signed with ROOM_API_KEY \(HTTP 401\)/)]);
    expectNoKey([answer.text, ...stranger.errors.map((e) => e.message)], wrong);
    expect(server.room('ref-key')?.participants.map((p) => p.identity)).toEqual(['ada']);
  });

  it('scrubs the key out of whatever the media server says back', async () => {
    await join('ada', 'ref-echo');
    // A media server (or a proxy before it) that quotes the key in its refusal.
    const echo = actionsRoute(server.url, {
      fetch: async (input, init) => {
        const url = String(input);
        if (url.includes('/twirp/')) return Response.json({ code: 'invalid_argument', msg: `bad request signed by ${API_KEY}` }, { status: 400 });
        return fetch(input, init);
      },
    });
    const answer = await echo.post(adminToken('ref-echo'), { type: 'remove', identity: 'ada' });
    expect(error(answer)).toEqual([502, 'media_server_error']);
    expect(answer.json.error?.message).toBe('The media server could not remove: bad request signed by [redacted].');
    // The server log says who tried what where.
    expect(echo.errors.map((e) => [e.code, e.message])).toEqual([
      ['room-action-failed', 'The media server refused remove by host in ref-echo (HTTP 400 invalid_argument): bad request signed by [redacted]'],
    ]);
    expectNoKey([answer.text, ...echo.errors.map((e) => e.message)]);
  });

  it('lowers hands on the topic the browser listens on, and spotlights with the attribute the browser reads', () => {
    expect(SERVER_HAND_TOPIC).toBe(HAND_TOPIC);
    expect(SERVER_SPOTLIGHT_ATTRIBUTE).toBe(SPOTLIGHT_ATTRIBUTE);
  });
});
