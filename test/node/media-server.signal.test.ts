import {
  AddTrackRequest,
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  MuteTrackRequest,
  ParticipantInfo_State,
  Ping,
  RequestResponse_Reason,
  TrackSource,
  TrackType,
  UpdateParticipantMetadata,
  protoInt64,
} from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { POLL } from './support/poll';
import { RawSignalClient, SECRET, token } from './support/rawClient';

let server: MediaServer;
const clients: RawSignalClient[] = [];
let roomCounter = 0;
let room = '';

beforeAll(async () => {
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** Each test gets its own room. */
function nextRoom() {
  roomCounter += 1;
  room = `signal-${roomCounter}`;
}

async function join(identity: string, video: Parameters<typeof token>[2] = {}, extra: Parameters<typeof token>[3] = {}) {
  const joined = await RawSignalClient.join(server.url, token(identity, room, video, extra));
  clients.push(joined.client);
  return joined;
}

const camera = (cid: string) => new AddTrackRequest({ cid, type: TrackType.VIDEO, source: TrackSource.CAMERA, width: 320, height: 240 });
const microphone = (cid: string) => new AddTrackRequest({ cid, type: TrackType.AUDIO, source: TrackSource.MICROPHONE });

describe('joining', () => {
  it('answers with a JoinResponse carrying the participant, its permission, the room and a server version', async () => {
    nextRoom();
    const { join: response } = await join('alice', {}, { name: 'Alice', metadata: 'm1' });
    expect(response.participant).toMatchObject({ identity: 'alice', name: 'Alice', metadata: 'm1', state: ParticipantInfo_State.ACTIVE });
    expect(response.participant?.sid).toMatch(/^PA_/);
    expect(response.participant?.permission).toMatchObject({ canPublish: true, canSubscribe: true, canPublishData: true, hidden: false });
    expect(response.room).toMatchObject({ name: room, numParticipants: 1 });
    expect(response.serverVersion).not.toBe('');
    expect(response.pingInterval).toBeGreaterThan(0);
    expect(response.otherParticipants).toEqual([]);
  });

  it('tells each side about the other, and the others when one leaves', async () => {
    nextRoom();
    const alice = await join('alice');
    const bob = await join('bob');
    expect(bob.join.otherParticipants.map((p) => p.identity)).toEqual(['alice']);
    const joined = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob'));
    expect(joined.participants[0]).toMatchObject({ sid: bob.join.participant?.sid, state: ParticipantInfo_State.ACTIVE });

    bob.client.send({ case: 'leave', value: new LeaveRequest({ reason: DisconnectReason.CLIENT_INITIATED }) });
    const left = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob'));
    expect(left.participants[0]?.state).toBe(ParticipantInfo_State.DISCONNECTED);
    expect(left.participants[0]!.version).toBeGreaterThan(joined.participants[0]!.version);
    expect(server.room(room)?.participants.map((p) => p.identity)).toEqual(['alice']);
  });

  it('never announces a hidden participant, but shows it everyone else', async () => {
    nextRoom();
    const alice = await join('alice');
    const ghost = await join('ghost', { hidden: true });
    expect(ghost.join.otherParticipants.map((p) => p.identity)).toEqual(['alice']);
    const carol = await join('carol');
    expect(carol.join.otherParticipants.map((p) => p.identity)).toEqual(['alice']);
    expect(carol.join.room?.numParticipants).toBe(2);
    // alice hears about carol, who joined after the ghost, and never about the ghost
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'carol'));
    ghost.client.send({ case: 'leave', value: new LeaveRequest({}) });
    await expect.poll(() => server.room(room)?.participants.length, POLL).toBe(2);
    const seen = alice.client.all('update').flatMap((u) => u.participants.map((p) => p.identity));
    expect(seen).toContain('carol');
    expect(seen).not.toContain('ghost');
  });

  it('replaces an earlier connection with the same identity', async () => {
    nextRoom();
    const first = await join('alice');
    await join('alice');
    const leave = await first.client.next('leave');
    expect(leave.reason).toBe(DisconnectReason.DUPLICATE_IDENTITY);
    expect((await first.client.closed).code).toBe(1000);
  });

  it('lets a client resume the session after the server dropped only its signalling: same participant, nobody told it left', async () => {
    nextRoom();
    const alice = await join('alice');
    const bob = await join('bob');
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob'));
    const sid = bob.join.participant!.sid;
    expect(server.dropSignal(room, { identity: 'bob' })).toEqual(['bob']);
    await bob.client.closed;
    const resumed = await RawSignalClient.connect(server.url, token('bob', room), { reconnect: true, participantSid: sid });
    clients.push(resumed);
    const response = await resumed.next('reconnect');
    expect(response.clientConfiguration).toBeDefined();
    // the session goes on on the new socket: it still answers pings there
    resumed.send({ case: 'ping', value: protoInt64.parse(1) });
    await resumed.next('pong');
    expect(server.room(room)?.participants.map((p) => [p.identity, p.sid])).toEqual([
      ['alice', alice.join.participant!.sid],
      ['bob', sid],
    ]);
    expect(alice.client.all('update').some((u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.DISCONNECTED))).toBe(false);
  });

  it('removes a dropped participant that does not resume within the window, and refuses a resume of anyone else', async () => {
    nextRoom();
    const alice = await join('alice');
    const bob = await join('bob');
    expect(() => server.dropSignal(room, { identity: 'nobody' })).toThrow(/no participant "nobody"/);
    server.dropSignal(room, { identity: 'bob', resumeWindowMs: 200 });
    const left = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'bob' && p.state === ParticipantInfo_State.DISCONNECTED));
    expect(left.participants[0]?.identity).toBe('bob');
    // a resume with another participant's sid (or after the window) is told to rejoin
    const late = await RawSignalClient.connect(server.url, token('bob', room), { reconnect: true, participantSid: bob.join.participant!.sid });
    clients.push(late);
    expect(await late.next('leave')).toMatchObject({ action: LeaveRequest_Action.RECONNECT });
  });

  it('tells a resuming client to rejoin when there is no session to resume', async () => {
    nextRoom();
    const client = await RawSignalClient.connect(server.url, token('alice', room), { reconnect: true, participantSid: 'PA_gone' });
    clients.push(client);
    const leave = await client.next('leave');
    expect(leave).toMatchObject({ action: LeaveRequest_Action.RECONNECT, reason: DisconnectReason.STATE_MISMATCH });
  });

  it('answers pings', async () => {
    nextRoom();
    const { client } = await join('alice');
    client.send({ case: 'pingReq', value: new Ping({ timestamp: protoInt64.parse(1234) }) });
    expect((await client.next('pongResp')).lastPingTimestamp).toBe(protoInt64.parse(1234));
    client.send({ case: 'ping', value: protoInt64.parse(1) });
    expect(await client.next('pong')).toBeGreaterThan(0n);
  });
});

describe('publishing permission', () => {
  it('publishes an allowed track and shows it to the others', async () => {
    nextRoom();
    const alice = await join('alice');
    const bob = await join('bob');
    alice.client.send({ case: 'addTrack', value: camera('cam-1') });
    const published = await alice.client.next('trackPublished');
    expect(published.cid).toBe('cam-1');
    expect(published.track).toMatchObject({ type: TrackType.VIDEO, source: TrackSource.CAMERA });
    expect(published.track?.sid).toMatch(/^TR_/);
    const update = await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.tracks.length === 1));
    expect(update.participants[0]?.tracks[0]?.sid).toBe(published.track?.sid);
  });

  it('refuses addTrack without canPublish: NOT_ALLOWED, no trackPublished, nothing announced', async () => {
    nextRoom();
    const viewer = await join('viewer', { canPublish: false });
    const bob = await join('bob');
    viewer.client.send({ case: 'addTrack', value: camera('cam-1') });
    const response = await viewer.client.next('requestResponse');
    expect(response.reason).toBe(RequestResponse_Reason.NOT_ALLOWED);
    expect(response.request.case).toBe('addTrack');
    // a later request on the same socket is answered, so the refusal above was the whole answer
    viewer.client.send({ case: 'pingReq', value: new Ping({ timestamp: protoInt64.parse(7) }) });
    await viewer.client.next('pongResp');
    expect(viewer.client.all('trackPublished')).toEqual([]);
    expect(bob.client.all('update').flatMap((u) => u.participants.flatMap((p) => p.tracks))).toEqual([]);
    expect(server.room(room)?.participants.find((p) => p.identity === 'viewer')).toMatchObject({ tracks: [], refusedTracks: 1 });
  });

  it('allows only the sources listed in canPublishSources', async () => {
    nextRoom();
    const alice = await join('alice', { canPublishSources: ['microphone'] });
    alice.client.send({ case: 'addTrack', value: camera('cam-1') });
    alice.client.send({ case: 'addTrack', value: microphone('mic-1') });
    expect((await alice.client.next('requestResponse')).request.value).toMatchObject({ cid: 'cam-1' });
    expect((await alice.client.next('trackPublished')).cid).toBe('mic-1');
    expect(alice.client.all('trackPublished')).toHaveLength(1);
  });

  it('refuses media from a hidden participant', async () => {
    nextRoom();
    const ghost = await join('ghost', { hidden: true });
    ghost.client.send({ case: 'addTrack', value: microphone('mic-1') });
    expect((await ghost.client.next('requestResponse')).reason).toBe(RequestResponse_Reason.NOT_ALLOWED);
  });
});

describe('participant updates', () => {
  it('shows a mute to the others', async () => {
    nextRoom();
    const alice = await join('alice');
    const bob = await join('bob');
    alice.client.send({ case: 'addTrack', value: microphone('mic-1') });
    const sid = (await alice.client.next('trackPublished')).track!.sid;
    alice.client.send({ case: 'mute', value: new MuteTrackRequest({ sid, muted: true }) });
    const update = await bob.client.next('update', (u) => u.participants.some((p) => p.tracks.some((t) => t.sid === sid && t.muted)));
    expect(update.participants[0]?.identity).toBe('alice');
  });

  it('applies a metadata and name change when allowed, and answers NOT_ALLOWED otherwise', async () => {
    nextRoom();
    const alice = await join('alice', { canUpdateOwnMetadata: true });
    const bob = await join('bob', { canUpdateOwnMetadata: false });
    alice.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ requestId: 5, name: 'Alice A.', metadata: 'hi' }) });
    const own = await alice.client.next('update', (u) => u.participants.some((p) => p.name === 'Alice A.'));
    expect(own.participants[0]?.metadata).toBe('hi');
    expect(await alice.client.next('requestResponse')).toMatchObject({ requestId: 5, reason: RequestResponse_Reason.OK });
    await bob.client.next('update', (u) => u.participants.some((p) => p.identity === 'alice' && p.name === 'Alice A.'));

    bob.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ requestId: 9, metadata: 'nope' }) });
    expect(await bob.client.next('requestResponse')).toMatchObject({ requestId: 9, reason: RequestResponse_Reason.NOT_ALLOWED });
    expect(server.room(room)?.participants.find((p) => p.identity === 'bob')?.metadata).toBe('');
  });

  it("refuses a metadata, name or attributes change when the token says nothing, as LiveKit's default does", async () => {
    nextRoom();
    const carol = await join('carol');
    const before = server.room(room)?.participants.find((p) => p.identity === 'carol');
    carol.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ requestId: 3, name: 'C', attributes: { hand: 'up' } }) });
    expect(await carol.client.next('requestResponse')).toMatchObject({ requestId: 3, reason: RequestResponse_Reason.NOT_ALLOWED });
    expect(server.room(room)?.participants.find((p) => p.identity === 'carol')).toMatchObject({ name: before?.name, attributes: {} });
    expect(before?.name).not.toBe('C');
    expect(server.room(room)?.participants.find((p) => p.identity === 'carol')?.permission.canUpdateMetadata).toBe(false);
  });

  it("answers LIMIT_EXCEEDED past LiveKit's 64 000-byte metadata and attributes limits, and keeps the old values", async () => {
    nextRoom();
    const dora = await join('dora', { canUpdateOwnMetadata: true });
    dora.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ requestId: 1, metadata: 'é'.repeat(32_001) }) });
    expect(await dora.client.next('requestResponse')).toMatchObject({ requestId: 1, reason: RequestResponse_Reason.LIMIT_EXCEEDED });
    dora.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ requestId: 2, attributes: { big: 'x'.repeat(63_998) } }) });
    expect(await dora.client.next('requestResponse')).toMatchObject({ requestId: 2, reason: RequestResponse_Reason.LIMIT_EXCEEDED });
    // At the limit exactly, both pass.
    dora.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ requestId: 3, metadata: 'm'.repeat(64_000), attributes: { big: 'x'.repeat(63_997) } }) });
    expect(await dora.client.next('requestResponse')).toMatchObject({ requestId: 3, reason: RequestResponse_Reason.OK });
    const state = server.room(room)?.participants.find((p) => p.identity === 'dora');
    expect(state?.metadata).toHaveLength(64_000);
    expect(state?.attributes.big).toHaveLength(63_997);
  });
});
