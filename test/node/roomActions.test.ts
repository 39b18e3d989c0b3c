/**
 * The room actions route (`createRoomActionsHandler`) against the real dev media server: each action's effect on
 * participants connected as livekit-client connects (test/node/support), through LiveKit's server API with the
 * tests' Room API key, for an admin whose connection token the media server vouches for (`/rtc/v1/validate`).
 * Refusals, malformed actions, configuration and the key: roomActionsRefusals.test.ts.
 */
import { AddTrackRequest, DataPacket_Kind, DisconnectReason, EgressStatus, ParticipantInfo_State, TrackSource, TrackType } from '@livekit/protocol';
import { EgressClient, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { createRoomActions } from '../../src/room/connection/roomActions';
import { isRoomKitError } from '../../src/server/index';
import { connectDataPeer, type DataPeer } from './support/dataPeer';
import { RawSignalClient, token } from './support/rawClient';
import { actionsRoute, adminToken, expectNoKey } from './support/roomActions';
import { KEY_ID, KEY_SECRET, POLL, startServerWithKeys } from './support/serverApi';

let server: MediaServer;
let route: ReturnType<typeof actionsRoute>;
let rooms: RoomServiceClient;
let egress: EgressClient;
const cleanups: (() => Promise<unknown>)[] = [];

const TEMPLATE = 'http://127.0.0.1:1/recording.html';
const OUTPUT = { fileOutputs: [{ filepath: 'recordings/{room_name}-{time}.mp4' }] };

beforeAll(async () => {
  // No Chromium in node tests: the dev egress's server-side recorder stands in for the template page.
  server = await startServerWithKeys();
  // The token route's `url` is ws://…: the route turns it into http:// for the server API.
  route = actionsRoute(server.url, { recording: { templateUrl: TEMPLATE, output: OUTPUT } });
  rooms = new RoomServiceClient(server.httpUrl, KEY_ID, KEY_SECRET);
  egress = new EgressClient(server.httpUrl, KEY_ID, KEY_SECRET);
});
afterAll(async () => {
  // Nothing the route answered or reported, in any test of this file, carries the key.
  expectNoKey([...route.answers.map((a) => `${a.text}\n${[...a.headers].join('\n')}`), ...route.errors.map((e) => e.message)]);
  await server.close();
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function join(identity: string, room: string, video: Parameters<typeof token>[2] = {}) {
  const joined = await RawSignalClient.join(server.url, token(identity, room, video, { name: identity[0]!.toUpperCase() + identity.slice(1) }));
  cleanups.push(() => joined.client.close());
  return joined;
}

async function joinWithData(identity: string, room: string) {
  const joined = await join(identity, room);
  const peer = await connectDataPeer(joined.client);
  cleanups.push(() => peer.close());
  return { ...joined, peer };
}

const publish = async (client: RawSignalClient, cid: string, source: TrackSource) => {
  const audio = source === TrackSource.MICROPHONE;
  client.send({
    case: 'addTrack',
    value: new AddTrackRequest({ cid, type: audio ? TrackType.AUDIO : TrackType.VIDEO, source, ...(audio ? {} : { width: 320, height: 240 }) }),
  });
  return (await client.next('trackPublished', (p) => p.cid === cid)).track!.sid;
};

const userPackets = (peer: DataPeer) =>
  peer.received.flatMap((p) => (p.value.case === 'user' ? [{ topic: p.value.value.topic, text: new TextDecoder().decode(p.value.value.payload), from: p.participantIdentity }] : []));

describe('room actions on the dev media server', () => {
  it('mute: the microphone (found with GetParticipant) is muted, the publisher is told, the others see it', async () => {
    const ada = await join('ada', 'act-mute');
    const bob = await join('bob', 'act-mute');
    const mic = await publish(ada.client, 'mic', TrackSource.MICROPHONE);
    const cam = await publish(ada.client, 'cam', TrackSource.CAMERA);
    const answer = await route.post(adminToken('act-mute'), { type: 'mute', identity: 'ada' });
    expect([answer.status, answer.json]).toEqual([200, { type: 'mute', trackSid: mic }]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await ada.client.next('mute')).toMatchObject({ sid: mic, muted: true });
    await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && p.tracks.some((t) => t.sid === mic && t.muted)));
    // a track named by its sid: the camera
    expect((await route.post(adminToken('act-mute'), { type: 'mute', identity: 'ada', trackSid: cam })).json).toEqual({ type: 'mute', trackSid: cam });
    expect(await ada.client.next('mute')).toMatchObject({ sid: cam, muted: true });
    // someone with no microphone, someone absent
    expect((await route.post(adminToken('act-mute'), { type: 'mute', identity: 'bob' })).json).toEqual({
      error: { code: 'not_found', message: '"bob" publishes no microphone to mute.' },
    });
    const absent = await route.post(adminToken('act-mute'), { type: 'mute', identity: 'zed' });
    expect([absent.status, absent.json.error]).toEqual([404, { code: 'not_found', message: 'No participant "zed" in this room: they may have left.' }]);
  });

  it('remove: the participant leaves with PARTICIPANT_REMOVED, the others see it; removing them again is 404', async () => {
    const ada = await join('ada', 'act-remove');
    const bob = await join('bob', 'act-remove');
    expect((await route.post(adminToken('act-remove'), { type: 'remove', identity: 'bob' })).json).toEqual({ type: 'remove' });
    expect(await bob.client.next('leave')).toMatchObject({ reason: DisconnectReason.PARTICIPANT_REMOVED, canReconnect: false });
    await ada.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.DISCONNECTED));
    expect((await route.post(adminToken('act-remove'), { type: 'remove', identity: 'bob' })).status).toBe(404);
  });

  it('update-permissions: revoking publishing changes canPublish only (UpdateParticipant replaces the whole permission), and tracks go', async () => {
    // Ada may not send data: revoking and allowing publishing must leave that as it is.
    const ada = await join('ada', 'act-perm', { canPublishData: false });
    const bob = await join('bob', 'act-perm');
    const mic = await publish(ada.client, 'mic', TrackSource.MICROPHONE);
    const revoke = await route.post(adminToken('act-perm'), { type: 'update-permissions', identity: 'ada', permissions: { canPublish: false } });
    expect(revoke.json).toEqual({ type: 'update-permissions' });
    expect((await ada.client.next('trackUnpublished')).trackSid).toBe(mic);
    const own = await ada.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && p.permission?.canPublish === false));
    expect(own.participants[0]?.permission).toMatchObject({ canPublish: false, canSubscribe: true, canPublishData: false });
    await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && p.tracks.length === 0));
    expect(server.room('act-perm')?.participants.find((p) => p.identity === 'ada')?.permission).toMatchObject({ canPublish: false, canSubscribe: true, canPublishData: false });
    await route.post(adminToken('act-perm'), { type: 'update-permissions', identity: 'ada', permissions: { canPublish: true } });
    await ada.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && p.permission?.canPublish === true));
    expect((await rooms.getParticipant('act-perm', 'ada')).permission).toMatchObject({ canPublish: true, canSubscribe: true, canPublishData: false });
  });

  it('lower-hand: the server sends {"type":"lower-request"} on roomkit.hand to that participant only, from no participant', async () => {
    const ada = await joinWithData('ada', 'act-hand');
    const bob = await joinWithData('bob', 'act-hand');
    expect((await route.post(adminToken('act-hand'), { type: 'lower-hand', identity: 'ada' })).json).toEqual({ type: 'lower-hand' });
    await expect.poll(() => userPackets(ada.peer), POLL).toEqual([{ topic: 'roomkit.hand', text: '{"type":"lower-request"}', from: '' }]);
    // Bob got nothing before a later packet to everyone: the server's reliable packets reach him in order.
    await rooms.sendData('act-hand', new TextEncoder().encode('after'), DataPacket_Kind.RELIABLE, { topic: 'marker' });
    await expect.poll(() => userPackets(bob.peer), POLL).toEqual([{ topic: 'marker', text: 'after', from: '' }]);
    expect((await route.post(adminToken('act-hand'), { type: 'lower-hand', identity: 'zed' })).status).toBe(404);
  });

  it('spotlight: the roomkit.spotlight attribute, set with UpdateParticipant, reaches everyone and a late joiner; off removes it', async () => {
    const ada = await join('ada', 'act-spot');
    const bob = await join('bob', 'act-spot');
    const before = Date.now();
    expect((await route.post(adminToken('act-spot'), { type: 'spotlight', identity: 'ada', on: true })).json).toEqual({ type: 'spotlight' });
    const lit = (u: { participants: { identity: string; attributes: Record<string, string> }[] }) => u.participants.find((p) => p.identity === 'ada')?.attributes['roomkit.spotlight'];
    const seen = await bob.client.next('update', (u) => lit(u) !== undefined);
    // The time it began, in epoch ms: the spotlight's order.
    expect(Number(lit(seen))).toBeGreaterThanOrEqual(before);
    await ada.client.next('update', (u) => lit(u) !== undefined);
    // LiveKit's own server SDK reads it, and a late joiner gets it in its join response.
    expect((await rooms.getParticipant('act-spot', 'ada')).attributes).toEqual({ 'roomkit.spotlight': lit(seen) });
    const cleo = await join('cleo', 'act-spot');
    expect(cleo.join.otherParticipants.find((p) => p.identity === 'ada')?.attributes).toEqual({ 'roomkit.spotlight': lit(seen) });
    // Spotlighting her again keeps her place; the admin leaving changes nothing (no admin is connected here at all).
    await route.post(adminToken('act-spot'), { type: 'spotlight', identity: 'ada', on: true });
    expect((await rooms.getParticipant('act-spot', 'ada')).attributes['roomkit.spotlight']).toBe(lit(seen));
    // Off: the attribute is deleted (an empty value), the others' other attributes stay.
    await rooms.updateParticipant('act-spot', 'ada', { attributes: { team: 'blue' } });
    await route.post(adminToken('act-spot'), { type: 'spotlight', identity: 'ada', on: false });
    await cleo.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && lit(u) === undefined));
    expect((await rooms.getParticipant('act-spot', 'ada')).attributes).toEqual({ team: 'blue' });
    // someone absent; a hidden observer
    const absent = await route.post(adminToken('act-spot'), { type: 'spotlight', identity: 'zed', on: true });
    expect([absent.status, absent.json.error]).toEqual([404, { code: 'not_found', message: 'No participant "zed" in this room: they may have left.' }]);
    await join('watcher', 'act-spot', { hidden: true });
    const hidden = await route.post(adminToken('act-spot'), { type: 'spotlight', identity: 'watcher', on: true });
    expect([hidden.status, hidden.json.error?.code]).toEqual([409, 'hidden_participant']);
    expect((await rooms.getParticipant('act-spot', 'watcher')).attributes).toEqual({});
  });

  it('recording: start (template, layout, output), everyone sees it; 409 while it runs; the layout changes; stop', async () => {
    const ada = await join('ada', 'act-rec');
    const start = await route.post(adminToken('act-rec'), { type: 'start-recording', layout: 'speaker' });
    expect(start.status).toBe(200);
    const [egressId] = start.json.egressIds as string[];
    expect(egressId).toMatch(/^EG_/);
    await ada.client.next('roomUpdate', (u) => u.room?.activeRecording === true);
    const [info] = await egress.listEgress({ egressId: egressId! });
    const request = info?.request.case === 'roomComposite' ? info.request.value : undefined;
    expect(request).toMatchObject({ roomName: 'act-rec', layout: 'speaker', customBaseUrl: TEMPLATE });
    expect(request?.fileOutputs.map((f) => f.filepath)).toEqual(['recordings/{room_name}-{time}.mp4']);
    const again = await route.post(adminToken('act-rec'), { type: 'start-recording' });
    expect([again.status, again.json.error?.code]).toEqual([409, 'already_recording']);
    await expect.poll(async () => (await egress.listEgress({ egressId: egressId! }))[0]?.status, POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    expect((await route.post(adminToken('act-rec'), { type: 'set-recording-layout', layout: 'grid' })).json).toEqual({ type: 'set-recording-layout', egressIds: [egressId] });
    expect((await rooms.getParticipant('act-rec', egressId!)).metadata).toBe('{"layout":"grid"}');
    expect((await route.post(adminToken('act-rec'), { type: 'stop-recording' })).json).toEqual({ type: 'stop-recording', egressIds: [egressId] });
    await ada.client.next('roomUpdate', (u) => u.room?.activeRecording === false);
    // Nothing runs now: stopping stops nothing, a layout has nothing to change.
    expect((await route.post(adminToken('act-rec'), { type: 'stop-recording' })).json).toEqual({ type: 'stop-recording', egressIds: [] });
    const layout = await route.post(adminToken('act-rec'), { type: 'set-recording-layout', layout: 'speaker' });
    expect([layout.status, layout.json.error?.code]).toEqual([409, 'not_recording']);
  });

  it('the browser’s client and the route together: createRoomActions posts, the route acts, a refusal rejects in words', async () => {
    const bob = await join('bob', 'act-client');
    let bearer = adminToken('act-client');
    const actions = createRoomActions({
      endpoint: 'http://app.example/api/room-actions',
      fetch: (input, init) => route.handler(new Request(input, init)),
      getToken: () => bearer,
    });
    const { admin } = actions.forRoom({} as Parameters<typeof actions.forRoom>[0]);
    await expect(admin.onRemoveParticipant('bob')).resolves.toEqual({ type: 'remove' });
    expect(await bob.client.next('leave')).toMatchObject({ reason: DisconnectReason.PARTICIPANT_REMOVED });
    bearer = token('pat', 'act-client', { roomAdmin: false });
    const refused = await admin.onRemoveParticipant('ada').catch((error: unknown) => error);
    expect(isRoomKitError(refused, 'not-permitted')).toBe(true);
    expect((refused as Error).message).toBe('Your connection token lacks the roomAdmin grant, which remove needs.');
  });
});
