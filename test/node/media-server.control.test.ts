import { createServer } from 'node:net';
import { DisconnectReason, ParticipantInfo_State, TrackSource } from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { RawSignalClient, SECRET, token } from './support/rawClient';

let server: MediaServer;
const clients: RawSignalClient[] = [];

beforeAll(async () => {
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function join(identity: string, room: string, video: Parameters<typeof token>[2] = {}) {
  const joined = await RawSignalClient.join(server.url, token(identity, room, video));
  clients.push(joined.client);
  return joined;
}

function post(path: string, body: unknown = {}) {
  return fetch(`${server.controlUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
}

/**
 * The handle's operations (tests and the demo drive the server in-process with them) and the control API, which
 * serves only what LiveKit's server API has no method for. What LiveKit's API covers (permissions, metadata,
 * removal, mute, room metadata, recording, server data) is tested through livekit-server-sdk in
 * media-server.roomService.test.ts and media-server.egress.test.ts.
 */
describe('the handle and the control API', () => {
  it('pushes a permission change to the participant and an update to the others (handle)', async () => {
    const alice = await join('alice', 'ctl-1');
    const bob = await join('bob', 'ctl-1');
    const state = server.setPermissions('ctl-1', 'bob', { canPublish: false, canPublishSources: ['microphone'] });
    expect(state).toMatchObject({ identity: 'bob', permission: { canPublish: false, canPublishSources: ['microphone'] } });

    const own = await bob.client.next('update', (u) => u.participants.some((p) => p.sid === bob.join.participant?.sid));
    expect(own.participants[0]?.permission).toMatchObject({ canPublish: false, canPublishSources: [TrackSource.MICROPHONE] });
    expect(own.participants[0]!.version).toBeGreaterThan(bob.join.participant!.version);
    const seen = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.permission?.canPublish === false));
    expect(seen.participants[0]?.state).toBe(ParticipantInfo_State.ACTIVE);
  });

  it('unpublishes tracks when canPublish is revoked, telling the publisher and the others', async () => {
    const alice = await join('alice', 'ctl-2');
    const bob = await join('bob', 'ctl-2');
    alice.client.send({ case: 'addTrack', value: { cid: 'mic', type: 0, source: TrackSource.MICROPHONE } as never });
    const sid = (await alice.client.next('trackPublished')).track!.sid;
    await bob.client.next('update', (u) => u.participants.some((p) => p.tracks.length === 1));
    server.setPermissions('ctl-2', 'alice', { canPublish: false });
    expect((await alice.client.next('trackUnpublished')).trackSid).toBe(sid);
    await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.tracks.length === 0));
    expect(server.room('ctl-2')?.participants.find((p) => p.identity === 'alice')?.tracks).toEqual([]);
  });

  it('hides and reveals a participant to the others', async () => {
    const alice = await join('alice', 'ctl-3');
    await join('bob', 'ctl-3');
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob'));
    server.setPermissions('ctl-3', 'bob', { hidden: true });
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.DISCONNECTED));
    server.setPermissions('ctl-3', 'bob', { hidden: false });
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.ACTIVE));
  });

  it('removes a participant with PARTICIPANT_REMOVED (handle)', async () => {
    const alice = await join('alice', 'ctl-4');
    const bob = await join('bob', 'ctl-4');
    server.removeParticipant('ctl-4', 'bob');
    expect(await bob.client.next('leave')).toMatchObject({ reason: DisconnectReason.PARTICIPANT_REMOVED, canReconnect: false });
    expect((await bob.client.closed).code).toBe(1000);
    const left = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.DISCONNECTED));
    expect(left.participants[0]?.disconnectReason).toBe(DisconnectReason.PARTICIPANT_REMOVED);
  });

  it('sets recording and room metadata with room updates (handle)', async () => {
    const alice = await join('alice', 'ctl-5');
    server.setRecording('ctl-5', true);
    expect((await alice.client.next('roomUpdate')).room).toMatchObject({ activeRecording: true });
    server.setRoomMetadata('ctl-5', '{"topic":"retro"}');
    expect((await alice.client.next('roomUpdate')).room).toMatchObject({ metadata: '{"topic":"retro"}', activeRecording: true });
    // a late joiner gets both in its JoinResponse
    const bob = await join('bob', 'ctl-5');
    expect(bob.join.room).toMatchObject({ activeRecording: true, metadata: '{"topic":"retro"}' });
  });

  it('sets active speakers', async () => {
    const alice = await join('alice', 'ctl-6');
    const bob = await join('bob', 'ctl-6');
    await post('/rooms/ctl-6/speakers', { speakers: [{ identity: 'bob', level: 0.8 }] });
    const changed = await alice.client.next('speakersChanged');
    expect(changed.speakers).toEqual([expect.objectContaining({ sid: bob.join.participant?.sid, active: true, level: expect.closeTo(0.8, 5) })]);
    await post('/rooms/ctl-6/speakers', { speakers: [] });
    expect((await alice.client.next('speakersChanged')).speakers).toEqual([expect.objectContaining({ sid: bob.join.participant?.sid, active: false })]);
  });

  it('asks a publisher to mute a track, and shows the mute once the client confirms it (handle)', async () => {
    const alice = await join('alice', 'ctl-8');
    const bob = await join('bob', 'ctl-8');
    alice.client.send({ case: 'addTrack', value: { cid: 'mic', type: 0, source: TrackSource.MICROPHONE } as never });
    const sid = (await alice.client.next('trackPublished')).track!.sid;
    server.muteTrack('ctl-8', 'alice', sid, true);
    expect(await alice.client.next('mute')).toMatchObject({ sid, muted: true });
    // the server's copy changes only when the client mutes and says so (MutePublishedTrack changes it at once)
    expect(server.room('ctl-8')?.participants.find((p) => p.identity === 'alice')?.tracks[0]?.muted).toBe(false);
    alice.client.send({ case: 'mute', value: { sid, muted: true } as never });
    await bob.client.next('update', (u) => u.participants.some((p) => p.tracks.some((t) => t.sid === sid && t.muted)));
    expect(() => server.muteTrack('ctl-8', 'alice', 'TR_nope', true)).toThrow(/no track TR_nope/);
  });

  it('answers 404 for unknown participants, 400 for bad bodies, 404 for the routes LiveKit’s server API replaced', async () => {
    await join('alice', 'ctl-7');
    const missing = await post('/rooms/ctl-7/participants/nobody/quality', { quality: 'poor' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no participant "nobody" in room "ctl-7"' });
    expect((await post('/rooms/ctl-7/participants/alice/quality', { quality: 5 })).status).toBe(400);
    expect((await fetch(`${server.controlUrl}/rooms/nowhere`)).status).toBe(404);
    const state = (await (await fetch(`${server.controlUrl}/rooms/ctl-7`)).json()) as { participants: { identity: string }[] };
    expect(state.participants.map((p) => p.identity)).toEqual(['alice']);
    // data from the server itself is RoomService.SendData now; the control API sends only as a participant
    const serverData = await post('/rooms/ctl-7/data', { payload: 'x' });
    expect([serverData.status, ((await serverData.json()) as { error: string }).error]).toEqual([400, expect.stringMatching(/RoomService.SendData/)]);
    for (const path of ['/rooms/ctl-7/metadata', '/rooms/ctl-7/recording', '/rooms/ctl-7/participants/alice/permissions', '/rooms/ctl-7/participants/alice/remove']) {
      expect((await post(path, {})).status, path).toBe(404);
    }
    expect(server.room('ctl-7')?.participants.map((p) => p.identity)).toEqual(['alice']);
  });
});

describe('drop, restart and close', () => {
  it('drop closes every connection abruptly, forgets the state and keeps serving', async () => {
    const own = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
    try {
      const { client } = await RawSignalClient.join(own.url, token('alice', 'crash'));
      const response = await fetch(`${own.controlUrl}/drop`, { method: 'POST' });
      expect(await response.json()).toEqual({ dropped: true });
      expect((await client.closed).code).toBe(1006);
      expect(own.rooms()).toEqual([]);
      const again = await RawSignalClient.join(own.url, token('alice', 'crash'));
      expect(again.join.participant?.identity).toBe('alice');
      await again.client.close();
    } finally {
      await own.close();
    }
  });

  it('stops and starts again on the same port', async () => {
    const own = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
    const port = own.port;
    try {
      const { client } = await RawSignalClient.join(own.url, token('alice', 'restart'));
      await own.stop();
      expect(own.running).toBe(false);
      expect((await client.closed).code).toBe(1006);
      await expect(RawSignalClient.connect(own.url, token('alice', 'restart'))).rejects.toThrow(/ECONNREFUSED/);
      await own.start();
      expect(own.port).toBe(port);
      const again = await RawSignalClient.join(own.url, token('alice', 'restart'));
      expect(again.join.participant?.identity).toBe('alice');
      await again.client.close();
    } finally {
      await own.close();
    }
  });

  it('restarts through the control endpoint after the answer', async () => {
    const own = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
    try {
      const { client } = await RawSignalClient.join(own.url, token('alice', 'restart-http'));
      const response = await fetch(`${own.controlUrl}/restart`, { method: 'POST', body: JSON.stringify({ downMs: 200 }) });
      expect(await response.json()).toEqual({ restarting: true, downMs: 200 });
      expect((await client.closed).code).toBe(1006);
      await expect.poll(() => own.running, { timeout: 3000 }).toBe(true);
      const again = await RawSignalClient.join(own.url, token('alice', 'restart-http'));
      await again.client.close();
    } finally {
      await own.close();
    }
  });

  it('close tells participants the server is shutting down and frees the port', async () => {
    const own = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
    const { client } = await RawSignalClient.join(own.url, token('alice', 'bye'));
    await own.close();
    expect(await client.next('leave')).toMatchObject({ reason: DisconnectReason.SERVER_SHUTDOWN });
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(own.port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
});
