/**
 * Breakout rooms on the server side, both ways a person moves: the token route (`createConnectionHandler` with a
 * `breakouts` store) in front of the dev Room API, the room actions route's breakout actions (`createRoomActionsHandler`
 * with the same store), and participants connected to the dev media server as livekit-client connects. One media
 * server moves as LiveKit Cloud does (MoveParticipant); the other answers `unimplemented`, as open-source LiveKit
 * does, so each person is asked (the `roomkit.breakout` attribute) to join their room afresh.
 */
import { ClientInfo, ClientInfo_SDK } from '@livekit/protocol';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { startRoomApi, type RoomApiHandle } from '../../dev/room-api/index';
import { BREAKOUT_ATTRIBUTE, BREAKOUT_METADATA_KEY, BREAKOUT_TOPIC } from '../../src/room/connection/breakoutWire';
import { createBreakoutStore, createConnectionHandler, type RoomKitError, type TokenGrants } from '../../src/server/index';
import { connectDataPeer } from './support/dataPeer';
import { RawSignalClient } from './support/rawClient';
import { actionsRoute, API_KEY } from './support/roomActions';
import { API_KEYS, KEY_ID, KEY_SECRET, POLL, startServerWithKeys } from './support/serverApi';

/** One secret for the Room API's tokens and the media server that checks them (the service shares it so). */
const SIGNING_SECRET = 'breakout-rooms-node-tests-signing-secret';

const ROLES: Record<string, TokenGrants> = {
  host: { canPublish: true, canSubscribe: true, canPublishData: true, roomAdmin: true },
  member: { canPublish: true, canSubscribe: true, canPublishData: true },
  observer: { canSubscribe: true, hidden: true },
};
/** A client that can follow LiveKit's move (signal protocol 16+), as livekit-client 2.12+ is. */
const MOVABLE = new ClientInfo({ sdk: ClientInfo_SDK.JS, version: '2.23.0', protocol: 17 });

interface Stack {
  server: MediaServer;
  api: RoomApiHandle;
  rooms: RoomServiceClient;
  tokenRoute: (request: Request) => Promise<Response>;
  actions: ReturnType<typeof actionsRoute>;
  tokenErrors: RoomKitError[];
}

async function startStack(moveParticipant: boolean): Promise<Stack> {
  const server = await startServerWithKeys({ moveParticipant, tokenSecret: SIGNING_SECRET });
  const api = await startRoomApi({
    keys: API_KEYS,
    tokenSigningSecret: SIGNING_SECRET,
    mediaUrl: server.url.replace(/^ws:/, 'wss:'),
    hashCost: 1024,
    port: 0,
    rateLimit: { burst: 10_000, ratePerSecond: 1_000 },
    logger: { info() {}, warn() {}, error() {} },
  });
  const breakouts = createBreakoutStore();
  const tokenErrors: RoomKitError[] = [];
  const tokenRoute = createConnectionHandler({
    apiKey: API_KEY,
    roomApiUrl: api.baseUrl,
    createRoom: true,
    breakouts,
    onError: (error) => tokenErrors.push(error),
    authenticate: (_request, { body }) => ({ identity: String(body.identity), name: String(body.identity).toUpperCase(), grants: ROLES[String(body.role)]! }),
  });
  const actions = actionsRoute(server.url, { breakouts, roomApiUrl: api.baseUrl });
  return { server, api, rooms: new RoomServiceClient(server.httpUrl, KEY_ID, KEY_SECRET), tokenRoute, actions, tokenErrors };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Asks `stack`'s token route for a connection to `room` as `identity` in `role`. */
async function connection(stack: Stack, room: string, identity: string, role: string) {
  const body = JSON.stringify({ room, identity, role });
  const response = await stack.tokenRoute(new Request('http://app.example/api/meeting-token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
  return { status: response.status, ...((await response.json()) as { token: string; room: string }) };
}

async function join(stack: Stack, room: string, identity: string, role: string, clientInfo?: ClientInfo) {
  const answer = await connection(stack, room, identity, role);
  expect(answer.status).toBe(200);
  const joined = await RawSignalClient.join(stack.server.url, answer.token, clientInfo ? { clientInfo } : {});
  cleanups.push(() => joined.client.close());
  return { ...joined, token: answer.token, slug: answer.room };
}

const identities = (stack: Stack, room: string) => (stack.server.room(room)?.participants ?? []).map((p) => p.identity).sort();

describe.each([
  { mode: 'LiveKit Cloud (MoveParticipant)', moveParticipant: true },
  { mode: 'open-source LiveKit (no MoveParticipant)', moveParticipant: false },
])('breakout rooms, $mode', ({ moveParticipant }) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(moveParticipant);
  });
  afterAll(async () => {
    await stack.api.close();
    await stack.server.close();
  });

  it('opens named rooms through the Room API, places each person, keeps the token route to the assignment, and closes back to the main room', async () => {
    const host = await join(stack, `Standup ${moveParticipant}`, 'host', 'host', MOVABLE);
    const main = host.slug;
    const ann = await join(stack, main, 'ann', 'member', MOVABLE);
    const bo = await join(stack, main, 'bo', 'member', MOVABLE);
    await join(stack, main, 'cy', 'member', MOVABLE);

    const opened = await stack.actions.post(host.token, { type: 'open-breakouts', rooms: [{ name: 'Room 1', identities: ['ann'] }, { name: 'Room 2', identities: ['bo'] }] });
    expect(opened.status, opened.text).toBe(200);
    const info = opened.json.breakouts as { mainRoom: string; rooms: { slug: string; name: string; identities: string[] }[] };
    expect(info.mainRoom).toBe(main);
    expect(info.rooms.map((r) => [r.name, r.identities])).toEqual([['Room 1', ['ann']], ['Room 2', ['bo']]]);
    const [one, two] = info.rooms.map((r) => r.slug) as [string, string];
    expect(one).toMatch(/^room-1-/);
    // The media server knows each room as a breakout of `main`, by name, from its metadata.
    const [listed] = await stack.rooms.listRooms([one]);
    expect(JSON.parse(listed!.metadata)).toEqual({ [BREAKOUT_METADATA_KEY]: { main, name: 'Room 1' } });

    if (moveParticipant) {
      expect(opened.json).toMatchObject({ moved: ['ann', 'bo'], asked: [] });
      expect((await ann.client.next('roomMoved')).room?.name).toBe(one);
      expect((await bo.client.next('roomMoved')).room?.name).toBe(two);
      expect(identities(stack, one)).toEqual(['ann']);
      expect(identities(stack, main)).toEqual(['cy', 'host']);
    } else {
      // Asked on their own attribute, in the main room, to join their room afresh.
      expect(opened.json).toMatchObject({ moved: [], asked: ['ann', 'bo'] });
      expect((await stack.rooms.getParticipant(main, 'ann')).attributes[BREAKOUT_ATTRIBUTE]).toBe(one);
      expect((await stack.rooms.getParticipant(main, 'bo')).attributes[BREAKOUT_ATTRIBUTE]).toBe(two);
      await ann.client.close();
      await bo.client.close();
    }

    // The token route places ann in her room whatever she asks for: the main room (a renewal, a re-join) or another one.
    expect((await connection(stack, main, 'ann', 'member')).room).toBe(one);
    expect((await connection(stack, two, 'ann', 'member')).room).toBe(one);
    // cy, assigned nowhere, never gets a breakout room's token.
    expect((await connection(stack, two, 'cy', 'member')).room).toBe(main);
    if (!moveParticipant) {
      const again = await join(stack, main, 'ann', 'member');
      expect(again.join.room?.name).toBe(one);
    }

    // A broadcast reaches every room (bo, joined again, is placed in Room 2).
    const boAgain = await join(stack, main, 'bo', 'member', MOVABLE);
    expect(boAgain.join.room?.name).toBe(two);
    const data = await connectDataPeer(boAgain.client);
    cleanups.push(async () => data.close());
    const sent = await stack.actions.post(host.token, { type: 'broadcast', message: 'Five minutes left' });
    expect(sent.status, sent.text).toBe(200);
    await expect
      .poll(() => data.received.flatMap((p) => (p.value.case === 'user' && p.value.value.topic === BREAKOUT_TOPIC ? [JSON.parse(new TextDecoder().decode(p.value.value.payload))] : [])), POLL)
      .toContainEqual({ type: 'broadcast', message: 'Five minutes left', from: 'host' });

    // The host visits Room 2 (and acts from there), then closes every room at once.
    const visit = await stack.actions.post(host.token, { type: 'move', identity: 'host', room: two });
    expect(visit.status, visit.text).toBe(200);
    expect((await connection(stack, main, 'host', 'host')).room).toBe(two);
    const hostThere = moveParticipant ? host.token : (await join(stack, main, 'host', 'host')).token;
    const listedFromThere = await stack.actions.post(hostThere, { type: 'list-breakouts' });
    expect((listedFromThere.json.breakouts as { rooms: { identities: string[] }[] }).rooms.map((r) => r.identities)).toEqual([['ann'], ['bo', 'host']]);

    const closed = await stack.actions.post(hostThere, { type: 'close-breakouts', countdownSeconds: 0 });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.breakouts).toBeNull();
    const [closing] = await stack.rooms.listRooms([one]);
    expect(JSON.parse(closing!.metadata)[BREAKOUT_METADATA_KEY].closesAt).toBeLessThanOrEqual(Date.now());
    expect((await connection(stack, main, 'ann', 'member')).room).toBe(main);
    expect((await connection(stack, one, 'ann', 'member')).room).toBe(main);
    expect((await stack.actions.post(hostThere, { type: 'list-breakouts' })).json.breakouts).toBeNull();
    expect(stack.tokenErrors).toEqual([]);
  });

  it('refuses what cannot be done, naming the problem', async () => {
    const host = await join(stack, `Refusals ${moveParticipant}`, 'host', 'host', MOVABLE);
    const main = host.slug;
    await join(stack, main, 'ann', 'member', MOVABLE);
    await join(stack, main, 'watcher', 'observer', MOVABLE);
    const post = (body: unknown) => stack.actions.post(host.token, body);

    const none = await post({ type: 'open-breakouts', rooms: [] });
    expect([none.status, none.json.error?.code]).toEqual([400, 'invalid_request']);
    expect(none.json.error?.message).toMatch(/from 1 to 100 breakout rooms.*got 0 rooms/);
    const many = await post({ type: 'open-breakouts', rooms: Array.from({ length: 101 }, (_, i) => ({ name: `R${i}`, identities: [] })) });
    expect(many.json.error?.message).toMatch(/got 101 rooms/);
    // A thousand is past the route's body limit before it is past the room limit: answered 413, by name.
    const thousand = await post({ type: 'open-breakouts', rooms: Array.from({ length: 1000 }, (_, i) => ({ name: `Room ${i}`, identities: [] })) });
    expect([thousand.status, thousand.json.error?.message]).toEqual([413, 'The request body exceeds 16384 bytes.']);
    const twice = await post({ type: 'open-breakouts', rooms: [{ name: 'A', identities: ['ann'] }, { name: 'B', identities: ['ann'] }] });
    expect(twice.json.error?.message).toMatch(/"ann" is assigned to two breakout rooms/);
    const unknown = await post({ type: 'open-breakouts', rooms: [{ name: 'A', identities: ['zed'] }] });
    expect([unknown.status, unknown.json.error?.code]).toEqual([404, 'not_found']);
    expect(unknown.json.error?.message).toMatch(/No participant "zed" in the main room/);
    const hidden = await post({ type: 'open-breakouts', rooms: [{ name: 'A', identities: ['watcher'] }] });
    expect([hidden.status, hidden.json.error?.code]).toEqual([409, 'not_assignable']);
    expect((await post({ type: 'move', identity: 'ann', room: null })).json.error?.code).toBe('no_breakouts');

    expect((await post({ type: 'open-breakouts', rooms: [{ name: 'A', identities: [] }] })).status).toBe(200);
    const again = await post({ type: 'open-breakouts', rooms: [{ name: 'B', identities: [] }] });
    expect([again.status, again.json.error?.code]).toEqual([409, 'breakouts_open']);
    const elsewhere = await post({ type: 'move', identity: 'ann', room: main });
    expect([elsewhere.status, elsewhere.json.error?.message]).toEqual([400, expect.stringMatching(/must be one of this meeting's breakout rooms/)]);
    const countdown = await post({ type: 'close-breakouts', countdownSeconds: 601 });
    expect(countdown.json.error?.message).toMatch(/from 0 \(now\) to 600/);

    // A member's token may not run breakout rooms.
    const member = await connection(stack, main, 'ann', 'member');
    expect((await stack.actions.post(member.token, { type: 'list-breakouts' })).status).toBe(403);
  });
});

describe('breakout rooms without a store', () => {
  it('answer 500 and tell the server log what to pass', async () => {
    const stack = await startStack(true);
    cleanups.push(async () => {
      await stack.api.close();
      await stack.server.close();
    });
    const bare = actionsRoute(stack.server.url);
    const host = await join(stack, 'Bare', 'host', 'host');
    const answer = await bare.post(host.token, { type: 'list-breakouts' });
    expect(answer.status).toBe(500);
    expect(bare.errors.map((e) => e.message)).toEqual([expect.stringMatching(/breakouts: createBreakoutStore\(\)/)]);
  });
});
