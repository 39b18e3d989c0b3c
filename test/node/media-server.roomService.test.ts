/**
 * LiveKit's RoomService on the dev media server, driven by livekit-server-sdk's own RoomServiceClient with the tests'
 * API key (`lk_<id>.<secret>`, as the dev Room API's ROOM_API_KEYS gives it). Each method shows its effect on
 * participants connected as livekit-client connects (test/node/support). Refusals: media-server.serverAuth.test.ts.
 */
import {
  AddTrackRequest,
  DataPacket_Kind,
  DisconnectReason,
  ParticipantInfo_State,
  TrackSource,
  TrackType,
} from '@livekit/protocol';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { connectDataPeer, type DataPeer } from './support/dataPeer';
import { RawSignalClient, token } from './support/rawClient';
import { KEY_ID, KEY_SECRET, POLL, refusal, startServerWithKeys } from './support/serverApi';

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

async function join(identity: string, room: string, extra: Parameters<typeof token>[3] = {}) {
  const joined = await RawSignalClient.join(server.url, token(identity, room, {}, extra));
  cleanups.push(() => joined.client.close());
  return joined;
}

async function joinWithData(identity: string, room: string) {
  const joined = await join(identity, room);
  const peer = await connectDataPeer(joined.client);
  cleanups.push(() => peer.close());
  return { ...joined, peer };
}

const microphone = (cid: string) => new AddTrackRequest({ cid, type: TrackType.AUDIO, source: TrackSource.MICROPHONE });
const camera = (cid: string) => new AddTrackRequest({ cid, type: TrackType.VIDEO, source: TrackSource.CAMERA, width: 320, height: 240 });
const texts = (peer: DataPeer) => peer.received.flatMap((p) => (p.value.case === 'user' ? [new TextDecoder().decode(p.value.value.payload)] : []));

describe('RoomService through livekit-server-sdk', () => {
  it('ListRooms lists the rooms with their participants, or the ones named', async () => {
    await join('alice', 'list-1');
    await join('bob', 'list-1');
    await join('carol', 'list-2');
    const all = await rooms.listRooms();
    expect(all.filter((r) => r.name.startsWith('list-')).map((r) => [r.name, r.numParticipants]).sort()).toEqual([
      ['list-1', 2],
      ['list-2', 1],
    ]);
    expect(all.find((r) => r.name === 'list-1')?.sid).toMatch(/^RM_/);
    expect((await rooms.listRooms(['list-2'])).map((r) => r.name)).toEqual(['list-2']);
  });

  it('ListParticipants lists everyone in the room, hidden ones too; an unknown room has nobody', async () => {
    await join('alice', 'parts-1', { name: 'Alice' });
    await RawSignalClient.join(server.url, token('ghost', 'parts-1', { hidden: true })).then(({ client }) => cleanups.push(() => client.close()));
    const participants = await rooms.listParticipants('parts-1');
    expect(participants.map((p) => [p.identity, p.name, p.permission?.hidden]).sort()).toEqual([
      ['alice', 'Alice', false],
      ['ghost', '', true],
    ]);
    expect(await rooms.listParticipants('no-such-room')).toEqual([]);
  });

  it('GetParticipant answers the participant; an unknown participant or room is not_found', async () => {
    const alice = await join('alice', 'get-1', { name: 'Alice', metadata: '{"role":"host"}' });
    const info = await rooms.getParticipant('get-1', 'alice');
    expect(info).toMatchObject({ identity: 'alice', sid: alice.join.participant?.sid, name: 'Alice', metadata: '{"role":"host"}', state: ParticipantInfo_State.ACTIVE });
    expect(await refusal(rooms.getParticipant('get-1', 'nobody'))).toEqual({ status: 404, code: 'not_found', message: 'participant does not exist' });
    expect(await refusal(rooms.getParticipant('no-such-room', 'alice'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('RemoveParticipant disconnects the participant with PARTICIPANT_REMOVED; the others see it leave', async () => {
    const alice = await join('alice', 'remove-1');
    const bob = await join('bob', 'remove-1');
    await rooms.removeParticipant('remove-1', 'bob');
    expect(await bob.client.next('leave')).toMatchObject({ reason: DisconnectReason.PARTICIPANT_REMOVED, canReconnect: false });
    expect((await bob.client.closed).code).toBe(1000);
    const left = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.DISCONNECTED));
    expect(left.participants[0]?.disconnectReason).toBe(DisconnectReason.PARTICIPANT_REMOVED);
    expect(await refusal(rooms.removeParticipant('remove-1', 'bob'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('MutePublishedTrack mutes at once (the others see it), tells the publisher, and refuses a remote unmute', async () => {
    const alice = await join('alice', 'mute-1');
    const bob = await join('bob', 'mute-1');
    alice.client.send({ case: 'addTrack', value: microphone('mic') });
    const sid = (await alice.client.next('trackPublished')).track!.sid;
    const track = await rooms.mutePublishedTrack('mute-1', 'alice', sid, true);
    expect(track).toMatchObject({ sid, muted: true, source: TrackSource.MICROPHONE });
    expect(await alice.client.next('mute')).toMatchObject({ sid, muted: true });
    await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.tracks.some((t) => t.sid === sid && t.muted)));
    // LiveKit's default configuration: only the participant unmutes itself
    expect(await refusal(rooms.mutePublishedTrack('mute-1', 'alice', sid, false))).toEqual({
      status: 412,
      code: 'failed_precondition',
      message: 'remote unmute not enabled',
    });
    expect(await refusal(rooms.mutePublishedTrack('mute-1', 'nobody', sid, true))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('UpdateParticipant changes name, metadata and attributes (only those given); everyone sees it', async () => {
    const alice = await join('alice', 'update-1', { name: 'Alice', metadata: 'm0', attributes: { team: 'red', seat: '4' } });
    const bob = await join('bob', 'update-1');
    const info = await rooms.updateParticipant('update-1', 'alice', { name: 'Alice B.', metadata: '{"hand":true}', attributes: { team: 'blue', seat: '' } });
    expect(info).toMatchObject({ identity: 'alice', name: 'Alice B.', metadata: '{"hand":true}', attributes: { team: 'blue' } });
    const seen = await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.name === 'Alice B.'));
    expect(seen.participants[0]).toMatchObject({ metadata: '{"hand":true}', attributes: { team: 'blue' } });
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.metadata === '{"hand":true}'));
    // an attributes-only update keeps the name and the metadata
    await rooms.updateParticipant('update-1', 'alice', { attributes: { seat: '9' } });
    expect(await rooms.getParticipant('update-1', 'alice')).toMatchObject({ name: 'Alice B.', metadata: '{"hand":true}', attributes: { team: 'blue', seat: '9' } });
    expect(await refusal(rooms.updateParticipant('update-1', 'nobody', { metadata: 'x' }))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('UpdateParticipant with a permission replaces the whole permission: absent flags are false, tracks no longer allowed go', async () => {
    const alice = await join('alice', 'perm-1');
    const bob = await join('bob', 'perm-1');
    alice.client.send({ case: 'addTrack', value: microphone('mic') });
    alice.client.send({ case: 'addTrack', value: camera('cam') });
    const published = [await alice.client.next('trackPublished'), await alice.client.next('trackPublished')];
    const cameraSid = published.find((p) => p.cid === 'cam')!.track!.sid;
    // microphone only, subscribe; canPublishData is left out (false in protobuf JSON) and so revoked
    const info = await rooms.updateParticipant('perm-1', 'alice', {
      permission: { canPublish: true, canSubscribe: true, canPublishSources: [TrackSource.MICROPHONE] },
    });
    expect(info.permission).toMatchObject({ canPublish: true, canSubscribe: true, canPublishData: false, canPublishSources: [TrackSource.MICROPHONE] });
    expect((await alice.client.next('trackUnpublished')).trackSid).toBe(cameraSid);
    const own = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.permission?.canPublishData === false));
    expect(own.participants[0]?.tracks.map((t) => t.source)).toEqual([TrackSource.MICROPHONE]);
    await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.tracks.length === 1 && p.permission?.canPublishData === false));
    expect(server.room('perm-1')?.participants.find((p) => p.identity === 'alice')?.permission).toMatchObject({ canPublishData: false, canPublishSources: ['microphone'] });
  });

  it('UpdateRoomMetadata answers the room and every participant gets a room update; an unknown room is not_found', async () => {
    const alice = await join('alice', 'meta-1');
    const room = await rooms.updateRoomMetadata('meta-1', '{"topic":"retro"}');
    expect(room).toMatchObject({ name: 'meta-1', metadata: '{"topic":"retro"}' });
    expect((await alice.client.next('roomUpdate')).room).toMatchObject({ metadata: '{"topic":"retro"}' });
    const late = await join('bob', 'meta-1');
    expect(late.join.room?.metadata).toBe('{"topic":"retro"}');
    expect(await refusal(rooms.updateRoomMetadata('no-such-room', 'x'))).toEqual({ status: 404, code: 'not_found', message: 'requested room does not exist' });
  });

  it('SendData delivers from the server to the destination identities only, with its topic, reliable or lossy', async () => {
    const alice = await joinWithData('alice', 'send-1');
    const bob = await joinWithData('bob', 'send-1');
    const payload = (text: string) => new TextEncoder().encode(text);
    await rooms.sendData('send-1', payload('for bob'), DataPacket_Kind.RELIABLE, { destinationIdentities: ['bob'], topic: 'notice' });
    await rooms.sendData('send-1', payload('for all'), DataPacket_Kind.LOSSY, { topic: 'cursor' });
    await expect.poll(() => texts(bob.peer).sort(), POLL).toEqual(['for all', 'for bob']);
    await expect.poll(() => texts(alice.peer), POLL).toEqual(['for all']);
    const forBob = bob.peer.received.find((p) => p.value.case === 'user' && p.value.value.topic === 'notice');
    expect(forBob).toMatchObject({ kind: DataPacket_Kind.RELIABLE, participantIdentity: '' });
    const lossy = alice.peer.received[0];
    expect(lossy?.kind).toBe(DataPacket_Kind.LOSSY);
    expect(lossy?.value.case === 'user' && lossy.value.value.topic).toBe('cursor');
    expect(await refusal(rooms.sendData('no-such-room', payload('x'), DataPacket_Kind.RELIABLE))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('CreateRoom and DeleteRoom (roomCreate): a created room is listed; deleting one removes everyone with ROOM_DELETED', async () => {
    const created = await rooms.createRoom({ name: 'made-1', metadata: 'fresh' });
    expect(created).toMatchObject({ name: 'made-1', metadata: 'fresh' });
    expect((await rooms.listRooms(['made-1'])).map((r) => r.metadata)).toEqual(['fresh']);
    const alice = await join('alice', 'made-1');
    expect(alice.join.room?.metadata).toBe('fresh');
    await rooms.deleteRoom('made-1');
    expect(await alice.client.next('leave')).toMatchObject({ reason: DisconnectReason.ROOM_DELETED });
    expect(await rooms.listRooms(['made-1'])).toEqual([]);
    expect(await refusal(rooms.deleteRoom('made-1'))).toMatchObject({ status: 404, code: 'not_found' });
  });
});
