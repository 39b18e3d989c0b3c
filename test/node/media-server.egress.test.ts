/**
 * LiveKit's Egress service on the dev media server, driven by livekit-server-sdk's own EgressClient, without a
 * browser (`egressChromium: false`): a hidden server-side recorder participant stands in for the template page, so
 * the room's recording state (`activeRecording`, livekit-client's `isRecording`) and the egress life cycle are real.
 * The template page in Chromium: test/e2e/egress.e2e.test.ts.
 */
import { EgressStatus, ParticipantInfo_Kind } from '@livekit/protocol';
import { EgressClient, EncodedFileOutput, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { templateUrl } from '../../dev/media-server/egress';
import { RawSignalClient, token } from './support/rawClient';
import { KEY_ID, KEY_SECRET, POLL, refusal, serverToken, startServerWithKeys } from './support/serverApi';

let server: MediaServer;
let egress: EgressClient;
let rooms: RoomServiceClient;
const clients: RawSignalClient[] = [];

beforeAll(async () => {
  server = await startServerWithKeys();
  egress = new EgressClient(server.httpUrl, KEY_ID, KEY_SECRET);
  rooms = new RoomServiceClient(server.httpUrl, KEY_ID, KEY_SECRET);
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function join(identity: string, room: string, video: Parameters<typeof token>[2] = {}, extra: Parameters<typeof token>[3] = {}) {
  const joined = await RawSignalClient.join(server.url, token(identity, room, video, extra));
  clients.push(joined.client);
  return joined;
}

const file = new EncodedFileOutput({ filepath: 'recordings/{room_name}.mp4' });
const statusOf = async (egressId: string) => (await egress.listEgress({ egressId }))[0]?.status;

describe('Egress through livekit-server-sdk (no browser)', () => {
  it('StartRoomCompositeEgress starts, a hidden recorder joins: ACTIVE, and every participant sees the room recording', async () => {
    const alice = await join('alice', 'rec-1');
    const started = await egress.startRoomCompositeEgress('rec-1', { file }, { layout: 'grid' });
    expect(started).toMatchObject({ roomName: 'rec-1', roomId: alice.join.room?.sid, status: EgressStatus.EGRESS_STARTING });
    expect(started.egressId).toMatch(/^EG_/);
    expect(started.details).toMatch(/no customBaseUrl.*server-side recorder/);
    expect((await alice.client.next('roomUpdate', (u) => u.room?.activeRecording === true)).room?.activeRecording).toBe(true);
    await expect.poll(() => statusOf(started.egressId), POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    const [active] = await egress.listEgress({ egressId: started.egressId });
    expect(active?.startedAt).toBeGreaterThan(0n);
    expect(active?.request.case === 'roomComposite' && active.request.value.layout).toBe('grid');
    // the recorder: the egress id as identity, an egress, hidden and a recorder; alice never heard of it
    const recorder = await rooms.getParticipant('rec-1', started.egressId);
    expect(recorder).toMatchObject({ kind: ParticipantInfo_Kind.EGRESS, permission: { hidden: true, recorder: true } });
    expect(alice.client.all('update').flatMap((u) => u.participants.map((p) => p.identity))).not.toContain(started.egressId);
    // a late joiner reads it in its JoinResponse
    expect((await join('bob', 'rec-1')).join.room?.activeRecording).toBe(true);
    await egress.stopEgress(started.egressId);
  });

  it('StopEgress answers ENDING, then COMPLETE once the recorder left, and the recording indicator goes off', async () => {
    const alice = await join('alice', 'rec-2');
    const { egressId } = await egress.startRoomCompositeEgress('rec-2', { file });
    await expect.poll(() => statusOf(egressId), POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    const stopping = await egress.stopEgress(egressId);
    expect(stopping.status).toBe(EgressStatus.EGRESS_ENDING);
    await alice.client.next('roomUpdate', (u) => u.room?.activeRecording === false);
    await expect.poll(() => statusOf(egressId), POLL).toBe(EgressStatus.EGRESS_COMPLETE);
    const [done] = await egress.listEgress({ egressId });
    expect(done!.endedAt).toBeGreaterThanOrEqual(done!.startedAt);
    expect((await rooms.listParticipants('rec-2')).map((p) => p.identity)).toEqual(['alice']);
    expect(await refusal(egress.stopEgress(egressId))).toEqual({
      status: 412,
      code: 'failed_precondition',
      message: 'egress with status EGRESS_COMPLETE cannot be stopped',
    });
  });

  it('ListEgress lists by room, by id and only the running ones with `active`', async () => {
    await join('alice', 'rec-3');
    await join('alice', 'rec-4');
    const first = await egress.startRoomCompositeEgress('rec-3', { file });
    const second = await egress.startRoomCompositeEgress('rec-4', { file });
    await expect.poll(() => statusOf(first.egressId), POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    await egress.stopEgress(first.egressId);
    await expect.poll(() => statusOf(first.egressId), POLL).toBe(EgressStatus.EGRESS_COMPLETE);
    expect((await egress.listEgress({ roomName: 'rec-3' })).map((e) => e.egressId)).toEqual([first.egressId]);
    expect((await egress.listEgress({ roomName: 'rec-3', active: true })).map((e) => e.egressId)).toEqual([]);
    const all = (await egress.listEgress()).map((e) => e.egressId);
    expect(all).toEqual(expect.arrayContaining([first.egressId, second.egressId]));
    expect((await egress.listEgress({ active: true })).map((e) => e.egressId)).toContain(second.egressId);
    expect(await refusal(egress.listEgress({ egressId: 'EG_none' }))).toEqual({ status: 404, code: 'not_found', message: 'egress does not exist' });
    await egress.stopEgress(second.egressId);
  });

  it('UpdateLayout writes {"layout"} into the recorder’s metadata, as LiveKit does', async () => {
    await join('alice', 'rec-5');
    const { egressId } = await egress.startRoomCompositeEgress('rec-5', { file }, { layout: 'grid' });
    await expect.poll(() => statusOf(egressId), POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    const info = await egress.updateLayout(egressId, 'speaker');
    expect(info.egressId).toBe(egressId);
    expect((await rooms.getParticipant('rec-5', egressId)).metadata).toBe('{"layout":"speaker"}');
    expect(await refusal(egress.updateLayout('EG_none', 'grid'))).toMatchObject({ status: 404, code: 'not_found' });
    await egress.stopEgress(egressId);
  });

  it('refuses an unknown room, a token without roomRecord, and stops what its recorder’s removal ended', async () => {
    expect(await refusal(egress.startRoomCompositeEgress('no-such-room', { file }))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'requested room does not exist',
    });
    await join('alice', 'rec-6');
    const adminOnly = new EgressClient(server.httpUrl, undefined, undefined, { token: await serverToken({ roomAdmin: true, room: 'rec-6' }) });
    expect(await refusal(adminOnly.startRoomCompositeEgress('rec-6', { file }))).toEqual({ status: 401, code: 'unauthenticated', message: 'permissions denied' });
    expect(await refusal(new EgressClient(server.httpUrl, KEY_ID, 'wrong').listEgress())).toMatchObject({ status: 401, code: undefined });
    expect(await egress.listEgress({ roomName: 'rec-6' })).toEqual([]);
    // removing the recorder ends its egress
    const { egressId } = await egress.startRoomCompositeEgress('rec-6', { file });
    await expect.poll(() => statusOf(egressId), POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    await rooms.removeParticipant('rec-6', egressId);
    expect(await statusOf(egressId)).toBe(EgressStatus.EGRESS_COMPLETE);
  });

  it('with a customBaseUrl but no Chromium, says so in `details` and records with a server-side recorder', async () => {
    await join('alice', 'rec-7');
    const started = await egress.startRoomCompositeEgress('rec-7', { file }, { customBaseUrl: 'http://127.0.0.1:1/recording.html' });
    expect(started.details).toMatch(/no Chromium.*not opened/);
    await expect.poll(() => statusOf(started.egressId), POLL).toBe(EgressStatus.EGRESS_ACTIVE);
    await egress.stopEgress(started.egressId);
  });
});

describe('recording state from recorder participants, as LiveKit’s room.go', () => {
  it('turns on when a participant with the recorder grant joins, and off when the last recorder leaves', async () => {
    const alice = await join('alice', 'rec-8');
    const first = await join('EG_one', 'rec-8', { hidden: true, recorder: true, canPublish: false });
    expect(first.join.room?.activeRecording).toBe(true);
    await alice.client.next('roomUpdate', (u) => u.room?.activeRecording === true);
    // an egress participant (token kind) is a recorder too: one recorder leaving leaves the room recording
    const second = await join('EG_two', 'rec-8', { hidden: true }, { kind: 'egress' });
    await first.client.close();
    await expect.poll(() => server.room('rec-8')?.participants.map((p) => p.identity).sort(), POLL).toEqual(['EG_two', 'alice']);
    expect(server.room('rec-8')?.activeRecording).toBe(true);
    await second.client.close();
    await alice.client.next('roomUpdate', (u) => u.room?.activeRecording === false);
    expect(alice.client.all('roomUpdate').map((u) => u.room?.activeRecording)).toEqual([true, false]);
  });
});

describe('template address', () => {
  it('is built as Egress builds it: the base URL with layout, url and token set, keys in order', () => {
    expect(templateUrl('http://127.0.0.1:5173/recording.html?emptyMs=1000', 'speaker', 'ws://127.0.0.1:7880', 'a.b.c')).toBe(
      'http://127.0.0.1:5173/recording.html?emptyMs=1000&layout=speaker&token=a.b.c&url=ws%3A%2F%2F127.0.0.1%3A7880',
    );
    expect(() => templateUrl('ftp://x/recording.html', 'grid', 'ws://x', 't')).toThrow(/template base url/);
    expect(() => templateUrl('not a url', 'grid', 'ws://x', 't')).toThrow(/template base url/);
  });
});
