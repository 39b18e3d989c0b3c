/**
 * LiveKit's MoveParticipant on the dev media server, driven by livekit-server-sdk's own RoomServiceClient: the moved
 * participant continues in the destination room on the same connection (RoomMovedResponse, a new sid, a token for the
 * new room), its tracks go with it, and each room's subscriptions follow. Refusals answer as LiveKit does, and a
 * server started with `moveParticipant: false` answers `unimplemented`, as open-source LiveKit does.
 */
import { ClientInfo, ClientInfo_SDK, DataPacket_Kind, DisconnectReason, ParticipantInfo_State } from '@livekit/protocol';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { decodeJwt } from '../../dev/media-server/token';
import { connectDataPeer } from './support/dataPeer';
import { connectMediaPeer } from './support/mediaPeer';
import { RawSignalClient, token } from './support/rawClient';
import { KEY_ID, KEY_SECRET, POLL, refusal, serverToken, startServerWithKeys } from './support/serverApi';

let server: MediaServer;
let rooms: RoomServiceClient;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startServerWithKeys();
  rooms = new RoomServiceClient(server.httpUrl, KEY_ID, KEY_SECRET);
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function join(identity: string, room: string, request: ConstructorParameters<typeof ClientInfo>[0] = {}) {
  const joined = await RawSignalClient.join(server.url, token(identity, room, {}, { name: identity.toUpperCase() }), {
    clientInfo: new ClientInfo({ sdk: ClientInfo_SDK.JS, version: '2.23.0', protocol: 17, clientProtocol: 1, ...request }),
  });
  cleanups.push(() => joined.client.close());
  return joined;
}

async function joinWithMedia(identity: string, room: string) {
  const joined = await join(identity, room);
  const peer = await connectMediaPeer(joined.client);
  cleanups.push(() => peer.close());
  return { ...joined, peer };
}

const cameraOf = (room: string, identity: string) =>
  server.room(room)?.participants.find((p) => p.identity === identity)?.tracks.find((t) => t.source === 'camera')?.sid;
const identities = (room: string) => (server.room(room)?.participants ?? []).map((p) => p.identity).sort();

describe('MoveParticipant through livekit-server-sdk', () => {
  it('moves a participant with its connection: RoomMovedResponse with the new room, a new sid and a token for it', async () => {
    const ann = await join('ann', 'main-1');
    const bo = await join('bo', 'main-1');
    const cy = await join('cy', 'breakout-1');

    await rooms.moveParticipant('main-1', 'ann', 'breakout-1');

    const moved = await ann.client.next('roomMoved');
    expect(moved.room?.name).toBe('breakout-1');
    expect(moved.participant).toMatchObject({ identity: 'ann', name: 'ANN', state: ParticipantInfo_State.ACTIVE });
    expect(moved.participant?.sid).toMatch(/^PA_/);
    expect(moved.participant?.sid).not.toBe(ann.join.participant?.sid);
    expect(moved.otherParticipants.map((p) => p.identity)).toEqual(['cy']);
    // the token livekit-client keeps for its later reconnects: the same identity and grants, for the new room
    expect(decodeJwt(moved.token).payload).toMatchObject({ sub: 'ann', name: 'ANN', video: { room: 'breakout-1', roomJoin: true } });

    // the old room sees ann leave, the new one sees her join; her connection never closed
    await expect.poll(() => bo.client.all('update').flatMap((u) => u.participants).find((p) => p.identity === 'ann' && p.state === ParticipantInfo_State.DISCONNECTED), POLL).toBeDefined();
    await expect.poll(() => cy.client.all('update').flatMap((u) => u.participants).find((p) => p.identity === 'ann')?.sid, POLL).toBe(moved.participant?.sid);
    expect(identities('main-1')).toEqual(['bo']);
    expect(identities('breakout-1')).toEqual(['ann', 'cy']);
    expect((await rooms.getParticipant('breakout-1', 'ann')).sid).toBe(moved.participant?.sid);
    expect(ann.client.ws.readyState).toBe(ann.client.ws.OPEN);

    // the token it was given joins the new room
    await ann.client.close();
    const again = await RawSignalClient.join(server.url, moved.token);
    cleanups.push(() => again.client.close());
    expect(again.join.room?.name).toBe('breakout-1');
    expect(again.join.otherParticipants.map((p) => p.identity)).toEqual(['cy']);
  });

  it("carries the moved participant's tracks: the new room receives them, the old room stops, and it receives the new room's", async () => {
    server.addSyntheticParticipants('main-2', { count: 1 }); // synthetic-1 publishes a camera and a microphone
    server.addSyntheticParticipants('breakout-2', { count: 1 });
    const stay = await joinWithMedia('stay', 'main-2');
    const there = await joinWithMedia('there', 'breakout-2');
    const mainCamera = cameraOf('main-2', 'synthetic-1')!;
    const breakoutCamera = cameraOf('breakout-2', 'synthetic-1')!;
    await expect.poll(() => stay.peer.received(mainCamera).keyframes, POLL).toBeGreaterThan(0);

    // a synthetic publisher moves: its camera now reaches the breakout room, and no longer the main room
    await rooms.moveParticipant('main-2', 'synthetic-1', 'breakout-2').catch((error: unknown) => {
      // the breakout room has its own synthetic-1: LiveKit refuses an identity already there
      expect(error).toMatchObject({ status: 409, code: 'already_exists' });
    });
    server.removeSyntheticParticipants('breakout-2');
    await rooms.moveParticipant('main-2', 'synthetic-1', 'breakout-2');
    expect(cameraOf('breakout-2', 'synthetic-1')).toBe(mainCamera); // the same publication, not a new one
    await expect.poll(() => there.peer.received(mainCamera).keyframes, POLL).toBeGreaterThan(0);
    await expect.poll(() => server.room('main-2')?.participants.find((p) => p.identity === 'stay')?.subscriptions, POLL).toEqual([]);
    const before = stay.peer.received(mainCamera).packets;
    await expect.poll(() => there.peer.received(mainCamera).packets, POLL).toBeGreaterThan(before + 50);
    expect(stay.peer.received(mainCamera).packets).toBeLessThanOrEqual(before + 5); // at most what was in flight
    expect(breakoutCamera).not.toBe(mainCamera);

    // a client moves the other way: it stops receiving the breakout room and receives the main room's new arrival
    const [arrival] = server.addSyntheticParticipants('main-2', { count: 1 });
    const newcomer = cameraOf('main-2', arrival!)!;
    await rooms.moveParticipant('breakout-2', 'there', 'main-2');
    await there.client.next('roomMoved');
    await expect.poll(() => there.peer.received(newcomer).keyframes, POLL).toBeGreaterThan(0);
    await expect.poll(() => server.room('main-2')?.participants.find((p) => p.identity === 'there')?.subscriptions.sort(), POLL).toEqual(
      server.room('main-2')!.participants.find((p) => p.identity === arrival)!.tracks.map((t) => t.sid).sort(),
    );
    expect(server.room('breakout-2')?.participants.map((p) => p.identity)).toEqual(['synthetic-1']);
  });

  it('sends data and server calls to the room the participant is in now', async () => {
    const ann = await join('ann', 'main-3');
    const data = await connectDataPeer(ann.client);
    cleanups.push(() => data.close());
    await join('bo', 'main-3');
    await rooms.moveParticipant('main-3', 'ann', 'breakout-3');
    await ann.client.next('roomMoved');
    const texts = () => data.received.flatMap((p) => (p.value.case === 'user' ? [new TextDecoder().decode(p.value.value.payload)] : []));
    await rooms.sendData('main-3', new TextEncoder().encode('to the main room'), DataPacket_Kind.RELIABLE, { topic: 'broadcast' });
    await rooms.sendData('breakout-3', new TextEncoder().encode('to the breakout'), DataPacket_Kind.RELIABLE, { topic: 'broadcast' });
    await expect.poll(texts, POLL).toContain('to the breakout');
    expect(texts()).not.toContain('to the main room');
    await rooms.updateParticipant('breakout-3', 'ann', { attributes: { 'roomkit.hand': '1' } });
    const update = await ann.client.next('update', (u) => u.participants.some((p) => p.attributes['roomkit.hand'] === '1'));
    expect(update.participants[0]?.identity).toBe('ann');
    expect(await refusal(rooms.updateParticipant('main-3', 'ann', { metadata: 'x' }))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it("announces the moved participant to the destination room as a join: one update, ACTIVE, under its new sid, with its tracks", async () => {
    const bea = await join('bea', 'main-7');
    const al = await join('al', 'lobby-7');
    const [moe] = server.addSyntheticParticipants('lobby-7', { count: 1 }); // publishes a camera and a microphone
    const before = server.room('lobby-7')!.participants.find((p) => p.identity === moe)!;
    const leftInfo = await al.client.next('update', (u) => u.participants.some((p) => p.identity === moe && p.tracks.length === 2));
    const oldVersion = leftInfo.participants.find((p) => p.identity === moe)!.version;
    const seen = bea.client.all('update').length;

    await rooms.moveParticipant('lobby-7', moe!, 'main-7');

    const after = server.room('main-7')!.participants.find((p) => p.identity === moe)!;
    expect(after.sid).not.toBe(before.sid);
    await expect.poll(() => bea.client.all('update').length, POLL).toBe(seen + 1);
    const announced = bea.client.all('update').slice(seen);
    expect(announced.map((u) => u.participants.map((p) => [p.identity, p.sid, ParticipantInfo_State[p.state]]))).toEqual([[[moe, after.sid, 'ACTIVE']]]);
    const info = announced[0]!.participants[0]!;
    expect(info.tracks.map((t) => t.sid).sort()).toEqual(before.tracks.map((t) => t.sid).sort());
    expect(info.version).toBeGreaterThan(oldVersion);
    // the room it left sees its old session go
    await expect.poll(() => al.client.all('update').flatMap((u) => u.participants).find((p) => p.identity === moe && p.state === ParticipantInfo_State.DISCONNECTED), POLL).toMatchObject({
      sid: before.sid,
      disconnectReason: DisconnectReason.PARTICIPANT_REMOVED,
    });
  });

  it('tells a client that resumes its session who is in the room now, as LiveKit does: one moved in while its signalling was down is there', async () => {
    const bea = await join('bea', 'main-8');
    const moe = await join('moe', 'lobby-8');
    const beaSid = bea.join.participant!.sid;
    // the server drops bea's signalling (as it does to a client that stopped pinging); moe is moved in meanwhile
    expect(server.dropSignal('main-8', { identity: 'bea' })).toEqual(['bea']);
    await bea.client.closed;
    await rooms.moveParticipant('lobby-8', 'moe', 'main-8');
    const moved = await moe.client.next('roomMoved');
    expect(moved.otherParticipants.map((p) => p.identity)).toEqual(['bea']);

    const resumed = await RawSignalClient.connect(server.url, token('bea', 'main-8'), { reconnect: true, participantSid: beaSid });
    cleanups.push(() => resumed.close());
    await resumed.next('reconnect');
    const update = await resumed.next('update');
    expect(update.participants.map((p) => [p.identity, p.sid, ParticipantInfo_State[p.state]])).toEqual([
      ['bea', beaSid, 'ACTIVE'],
      ['moe', moved.participant!.sid, 'ACTIVE'],
    ]);
    expect((await resumed.next('roomUpdate')).room).toMatchObject({ name: 'main-8', numParticipants: 2 });
    // what came first on the new socket: the ReconnectResponse, then the room as it is now
    expect(resumed.received.map((r) => r.message.case).slice(0, 3)).toEqual(['reconnect', 'update', 'roomUpdate']);
  });

  it('refuses as LiveKit does: a grant without destinationRoom, the same room, nobody there, an old client, an identity in use', async () => {
    await join('ann', 'main-4');
    await join('ann', 'taken-4');
    await join('old', 'main-4', { version: '2.11.0', protocol: 15 });
    expect(await refusal(rooms.moveParticipant('main-4', 'ann', 'main-4'))).toEqual({
      status: 400,
      code: 'invalid_argument',
      message: 'destination room cannot be the same as source room',
    });
    expect(await refusal(rooms.moveParticipant('main-4', 'nobody', 'breakout-4'))).toEqual({ status: 404, code: 'not_found', message: 'participant does not exist' });
    expect(await refusal(rooms.moveParticipant('no-room-4', 'ann', 'breakout-4'))).toEqual({ status: 404, code: 'not_found', message: 'requested room does not exist' });
    expect(await refusal(rooms.moveParticipant('main-4', 'old', 'breakout-4'))).toEqual({
      status: 412,
      code: 'failed_precondition',
      message: 'participant client version does not support moving',
    });
    expect(await refusal(rooms.moveParticipant('main-4', 'ann', 'taken-4'))).toEqual({
      status: 409,
      code: 'already_exists',
      message: 'identity already in use in the destination room',
    });
    const response = await fetch(`${server.httpUrl}/twirp/livekit.RoomService/MoveParticipant`, {
      method: 'POST',
      // roomAdmin for the room, but no destinationRoom (livekit-server-sdk signs both)
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await serverToken({ roomAdmin: true, room: 'main-4' })}` },
      body: JSON.stringify({ room: 'main-4', identity: 'ann', destination_room: 'breakout-4' }),
    });
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([401, 'unauthenticated']);
    expect(identities('main-4')).toEqual(['ann', 'old']);
  });
});

describe('a server without MoveParticipant (open-source LiveKit)', () => {
  it('answers unimplemented and moves nobody', async () => {
    const oss = await startServerWithKeys({ moveParticipant: false });
    cleanups.push(() => oss.close());
    const ann = await RawSignalClient.join(oss.url, token('ann', 'main-5'));
    cleanups.push(() => ann.client.close());
    const client = new RoomServiceClient(oss.httpUrl, KEY_ID, KEY_SECRET);
    expect(await refusal(client.moveParticipant('main-5', 'ann', 'breakout-5'))).toMatchObject({ status: 501, code: 'unimplemented' });
    expect(oss.room('main-5')?.participants.map((p) => p.identity)).toEqual(['ann']);
    expect(ann.client.all('roomMoved')).toEqual([]);
  });
});
