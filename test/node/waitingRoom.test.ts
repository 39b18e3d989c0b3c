/**
 * The waiting room end to end on the server side: the token route (`createConnectionHandler` with `wait: true` and
 * a `waitingRoom` store) in front of the dev Room API, the room actions route's `admit`, `admit-all` and `deny`
 * (`createRoomActionsHandler` with the same store), and participants connected to the dev media server as
 * livekit-client connects. What the media server holds is read back with livekit-server-sdk's RoomServiceClient.
 */
import { DisconnectReason } from '@livekit/protocol';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { decodeJwt } from '../../dev/media-server/token';
import { startRoomApi, type RoomApiHandle } from '../../dev/room-api/index';
import { WAITING_ATTRIBUTE } from '../../src/waiting-room/useWaitingRoom';
import { createConnectionHandler, createWaitingRoomStore, type RoomKitError, type TokenGrants } from '../../src/server/index';
import { WAITING_ATTRIBUTE as SERVER_WAITING_ATTRIBUTE } from '../../src/server/performRoomAction';
import { RawSignalClient } from './support/rawClient';
import { actionsRoute } from './support/roomActions';
import { KEY_ID, KEY_SECRET, startServerWithKeys } from './support/serverApi';

/** One secret for the Room API's tokens and the media server that checks them (the service shares it so). */
const SIGNING_SECRET = 'waiting-room-node-tests-signing-secret';
const ROOM_API_KEY = 'lk_waitshop.waiting-room-shop-secret';

/** The roles of the tests' app: a host lets guests in; a guest waits; a member never waits. */
const ROLES: Record<string, { grants: TokenGrants; wait?: boolean }> = {
  host: { grants: { canPublish: true, canSubscribe: true, canPublishData: true, roomAdmin: true } },
  guest: { grants: { canPublish: true, canSubscribe: true, canPublishData: true }, wait: true },
  viewer: { grants: { canPublish: false, canSubscribe: true, canPublishData: true }, wait: true },
  member: { grants: { canPublish: true, canSubscribe: true, canPublishData: true } },
};

let server: MediaServer;
let api: RoomApiHandle;
let rooms: RoomServiceClient;
const waitingRoom = createWaitingRoomStore();
const tokenErrors: RoomKitError[] = [];
let tokenRoute: (request: Request) => Promise<Response>;
let actions: ReturnType<typeof actionsRoute>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startServerWithKeys({ tokenSecret: SIGNING_SECRET });
  api = await startRoomApi({
    keys: `shop=${ROOM_API_KEY}`,
    tokenSigningSecret: SIGNING_SECRET,
    mediaUrl: server.url.replace(/^ws:/, 'wss:'),
    hashCost: 1024,
    port: 0,
    // Every test here joins through the Room API: no bucket in the way.
    rateLimit: { burst: 10_000, ratePerSecond: 1_000 },
    logger: { info() {}, warn() {}, error() {} },
  });
  tokenRoute = createConnectionHandler({
    apiKey: ROOM_API_KEY,
    roomApiUrl: api.baseUrl,
    createRoom: true,
    waitingRoom,
    onError: (error) => tokenErrors.push(error),
    authenticate: (_request, { body }) => {
      const role = ROLES[String(body.role)]!;
      return { identity: String(body.identity), name: String(body.identity).toUpperCase(), grants: role.grants, ...(role.wait && { wait: true }) };
    },
  });
  actions = actionsRoute(server.url, { waitingRoom });
  rooms = new RoomServiceClient(server.httpUrl, KEY_ID, KEY_SECRET);
});
afterAll(async () => {
  await api.close();
  await server.close();
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Asks the token route for a connection as `identity` in the role `role`. */
async function connection(room: string, identity: string, role: keyof typeof ROLES) {
  const response = await tokenRoute(new Request('http://app.example/api/meeting-token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ room, identity, role }) }));
  const body = (await response.json()) as { token: string; room: string; error?: { code: string } };
  return { status: response.status, ...body };
}

const grantsOf = (token: string) => decodeJwt(token).payload.video as Record<string, unknown>;

/** Joins the media server with the token route's answer, as a livekit-client page does. */
async function join(room: string, identity: string, role: keyof typeof ROLES) {
  const answer = await connection(room, identity, role);
  expect(answer.status).toBe(200);
  // The media server speaks ws:// here; the Room API announces it as wss://, as production does.
  const joined = await RawSignalClient.join(server.url, answer.token);
  cleanups.push(() => joined.client.close());
  return { ...joined, token: answer.token, slug: answer.room };
}

const permissionOf = (info: { permission?: { canPublish: boolean; canSubscribe: boolean; canPublishData: boolean } }) => {
  const { canPublish, canSubscribe, canPublishData } = info.permission ?? {};
  return { canPublish, canSubscribe, canPublishData };
};
const NONE = { canPublish: false, canSubscribe: false, canPublishData: false };
const ALL = { canPublish: true, canSubscribe: true, canPublishData: true };

describe('the waiting room on the dev media server', () => {
  it('knock, admit: a guest joins without rights, a host sees them waiting; admitted, they get their role in the same connection, and every later token carries it', async () => {
    const host = await join('Standup', 'host', 'host');
    const { slug } = host;
    const ann = await join(slug, 'ann', 'guest');
    // The token route gave no rights and said nothing else: the permission is the mark.
    expect(grantsOf(ann.token)).toMatchObject({ canPublish: false, canSubscribe: false, canPublishData: false, hidden: false });
    expect(permissionOf(ann.join.participant!)).toEqual(NONE);
    const seen = await host.client.next('update', (u) => u.participants.some((p) => p.identity === 'ann'));
    expect(ann.client.received.some((r) => r.message.case === 'refreshToken')).toBe(false);
    expect(permissionOf(seen.participants.find((p) => p.identity === 'ann')!)).toEqual(NONE);
    expect(await waitingRoom.get(slug, 'ann')).toEqual({ state: 'waiting', grants: ROLES.guest!.grants });

    const admitted = await actions.post(host.token, { type: 'admit', identity: 'ann' });
    expect([admitted.status, admitted.json]).toEqual([200, { type: 'admit', admitted: ['ann'] }]);
    // Ann's own connection hears it (no second join), and the host sees her with rights.
    await ann.client.next('update', (u) => u.participants.some((p) => p.identity === 'ann' && p.permission?.canSubscribe === true));
    await host.client.next('update', (u) => u.participants.some((p) => p.identity === 'ann' && p.permission?.canPublish === true));
    expect(permissionOf(await rooms.getParticipant(slug, 'ann'))).toEqual(ALL);
    expect(await waitingRoom.get(slug, 'ann')).toEqual({ state: 'admitted', grants: ROLES.guest!.grants });
    // As LiveKit does after a claims change, the media server sends Ann a fresh token with her new rights: livekit-client
    // keeps it for a full reconnect, so a dropped network brings her back in, not to the queue.
    const refreshed = await ann.client.next('refreshToken');
    expect(grantsOf(refreshed)).toMatchObject({ room: slug, canPublish: true, canSubscribe: true, canPublishData: true, hidden: false });
    expect(decodeJwt(refreshed).payload).toMatchObject({ sub: 'ann', name: 'ANN' });
    await ann.client.close();
    const back = await RawSignalClient.join(server.url, refreshed);
    cleanups.push(() => back.client.close());
    expect(permissionOf(back.join.participant!)).toEqual(ALL);
    // A renewal (or a re-join after a dropped network) asks the token route again: the role's grants, not the queue.
    const renewed = await connection(slug, 'ann', 'guest');
    expect(grantsOf(renewed.token)).toMatchObject({ canPublish: true, canSubscribe: true, canPublishData: true });
    // A host admitting again finds it done: the same answer, and nothing changes.
    const again = await actions.post(host.token, { type: 'admit', identity: 'ann' });
    expect([again.status, again.json]).toEqual([200, { type: 'admit', admitted: ['ann'] }]);
    expect(permissionOf(await rooms.getParticipant(slug, 'ann'))).toEqual(ALL);
  });

  it('two hosts admitting at the same moment both succeed, and the guest is let in once', async () => {
    const host = await join('Pair', 'host', 'host');
    const other = await join(host.slug, 'host2', 'host');
    const ivy = await join(host.slug, 'ivy', 'guest');
    const answers = await Promise.all([actions.post(host.token, { type: 'admit', identity: 'ivy' }), actions.post(other.token, { type: 'admit', identity: 'ivy' })]);
    expect(answers.map((a) => [a.status, a.json])).toEqual([
      [200, { type: 'admit', admitted: ['ivy'] }],
      [200, { type: 'admit', admitted: ['ivy'] }],
    ]);
    expect(permissionOf(await rooms.getParticipant(host.slug, 'ivy'))).toEqual(ALL);
    await ivy.client.next('update', (u) => u.participants.some((p) => p.identity === 'ivy' && p.permission?.canSubscribe === true));
  });

  it('the host leaving keeps the guest waiting; the next host to join sees them and lets them in', async () => {
    const host = await join('Handover', 'host', 'host');
    await join(host.slug, 'jo', 'guest');
    await host.client.close();
    await expect.poll(async () => (await rooms.listParticipants(host.slug)).map((p) => p.identity), { timeout: 5_000 }).toEqual(['jo']);
    expect(permissionOf(await rooms.getParticipant(host.slug, 'jo'))).toEqual(NONE);
    const next = await join(host.slug, 'host2', 'host');
    const jo = next.join.otherParticipants.find((p) => p.identity === 'jo')!;
    expect(permissionOf(jo)).toEqual(NONE);
    expect((await actions.post(next.token, { type: 'admit', identity: 'jo' })).status).toBe(200);
    expect(permissionOf(await rooms.getParticipant(host.slug, 'jo'))).toEqual(ALL);
  });

  it('admits with the role the token route recorded, never more: a viewer let in may watch, not publish', async () => {
    const host = await join('Webinar', 'host', 'host');
    await join(host.slug, 'val', 'viewer');
    await actions.post(host.token, { type: 'admit', identity: 'val' });
    expect(permissionOf(await rooms.getParticipant(host.slug, 'val'))).toEqual({ canPublish: false, canSubscribe: true, canPublishData: true });
  });

  it('deny: the guest is told (their own attribute, before the leave) and removed; a new knock waits again', async () => {
    const host = await join('Interview', 'host', 'host');
    const bob = await join(host.slug, 'bob', 'guest');
    const denied = await actions.post(host.token, { type: 'deny', identity: 'bob' });
    expect([denied.status, denied.json]).toEqual([200, { type: 'deny' }]);
    const told = await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.attributes[WAITING_ATTRIBUTE] === 'denied'));
    const leave = await bob.client.next('leave');
    expect(leave).toMatchObject({ reason: DisconnectReason.PARTICIPANT_REMOVED });
    const order = bob.client.received.map((r) => r.message.value);
    expect(order.indexOf(told)).toBeLessThan(order.indexOf(leave));
    expect(await waitingRoom.get(host.slug, 'bob')).toBeUndefined();
    // Knocking again: back in the queue, never straight in.
    const knock = await connection(host.slug, 'bob', 'guest');
    expect(grantsOf(knock.token)).toMatchObject({ canPublish: false, canSubscribe: false, canPublishData: false });
    expect((await waitingRoom.get(host.slug, 'bob'))?.state).toBe('waiting');
  });

  it('admit-all lets in everyone waiting, and only them; a member who never waited and the host are left as they are', async () => {
    const host = await join('All hands', 'host', 'host');
    await join(host.slug, 'cy', 'guest');
    await join(host.slug, 'di', 'guest');
    await join(host.slug, 'mo', 'member');
    const answer = await actions.post(host.token, { type: 'admit-all' });
    expect(answer.status).toBe(200);
    expect([...(answer.json.admitted as string[])].sort()).toEqual(['cy', 'di']);
    for (const identity of ['cy', 'di', 'mo']) expect(permissionOf(await rooms.getParticipant(host.slug, identity))).toEqual(ALL);
    // Nobody left waiting: an empty list, not an error.
    expect((await actions.post(host.token, { type: 'admit-all' })).json).toEqual({ type: 'admit-all', admitted: [] });
  });

  it('refuses what cannot be done, naming it: someone not waiting, already let in, or gone; a host without roomAdmin', async () => {
    const host = await join('Refusals', 'host', 'host');
    const { slug } = host;
    await join(slug, 'mo', 'member');
    const notWaiting = await actions.post(host.token, { type: 'admit', identity: 'mo' });
    expect([notWaiting.status, notWaiting.json.error?.code]).toEqual([409, 'not_waiting']);
    expect(notWaiting.json.error?.message).toContain('"mo" is not waiting');
    const eve = await join(slug, 'eve', 'guest');
    await actions.post(host.token, { type: 'admit', identity: 'eve' });
    const late = await actions.post(host.token, { type: 'deny', identity: 'eve' });
    expect([late.status, late.json.error?.code]).toEqual([409, 'already_admitted']);
    expect(late.json.error?.message).toContain('remove them instead');
    // A guest who closed the tab while waiting: admitting them is a 404 that says they left.
    const gus = await join(slug, 'gus', 'guest');
    await gus.client.close();
    await expect.poll(async () => (await rooms.listParticipants(slug)).some((p) => p.identity === 'gus'), { timeout: 5_000 }).toBe(false);
    const gone = await actions.post(host.token, { type: 'admit', identity: 'gus' });
    expect([gone.status, gone.json.error?.code]).toEqual([404, 'not_found']);
    expect(gone.json.error?.message).toContain('may have left');
    // A member's token has no roomAdmin: the route refuses before any server call.
    const member = await connection(slug, 'mo', 'member');
    const refused = await actions.post(member.token, { type: 'admit', identity: 'eve' });
    expect([refused.status, refused.json.error?.code]).toEqual([403, 'forbidden']);
    expect(eve.join.participant?.identity).toBe('eve');
  });

  it('a route without the store names the fix; an identity is required', async () => {
    const host = await join('No store', 'host', 'host');
    const bare = actionsRoute(server.url);
    const answer = await bare.post(host.token, { type: 'admit', identity: 'ann' });
    expect([answer.status, answer.json.error?.code]).toEqual([500, 'server_misconfigured']);
    expect(bare.errors.map((e) => e.message)).toEqual([expect.stringContaining('waitingRoom: createWaitingRoomStore()')]);
    const missing = await actions.post(host.token, { type: 'deny' });
    expect([missing.status, missing.json.error?.code]).toEqual([400, 'invalid_request']);
    expect(missing.json.error?.message).toContain('`identity` must be a non-empty string');
  });

  it('the server and the browser name the same attribute', () => {
    expect(SERVER_WAITING_ATTRIBUTE).toBe(WAITING_ATTRIBUTE);
  });
});

describe('the token route with a waiting room', () => {
  const route = (options: Partial<Parameters<typeof createConnectionHandler>[0]>) => {
    const errors: RoomKitError[] = [];
    const handler = createConnectionHandler({
      apiKey: ROOM_API_KEY,
      roomApiUrl: api.baseUrl,
      createRoom: true,
      onError: (error) => errors.push(error),
      authenticate: () => ({ identity: 'ann', grants: {}, wait: true }),
      ...options,
    });
    const call = async () => {
      const response = await handler(new Request('http://app.example/api/meeting-token', { method: 'POST', body: JSON.stringify({ room: 'Lobby' }), headers: { 'Content-Type': 'application/json' } }));
      return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
    };
    return { call, errors };
  };

  it('refuses `wait` without a store, and for a host, observer or recorder, naming the fix', async () => {
    const noStore = route({});
    expect(await noStore.call()).toMatchObject({ status: 500, body: { error: { code: 'server_misconfigured' } } });
    expect(noStore.errors.map((e) => e.message)).toEqual([expect.stringContaining('pass createWaitingRoomStore() to createConnectionHandler')]);
    const host = route({ waitingRoom, authenticate: () => ({ identity: 'ann', grants: { roomAdmin: true, hidden: true }, wait: true }) });
    expect((await host.call()).status).toBe(500);
    expect(host.errors.map((e) => e.message)).toEqual([expect.stringContaining('cannot have hidden, roomAdmin')]);
    expect(() => createConnectionHandler({ authenticate: () => null, waitingRoom: {} as never })).toThrow(/get\(room, identity\) and set\(room, identity, entry\)/);
    expect(tokenErrors).toEqual([]);
  });
});
