import {
  DataPacket,
  DataStream_Chunk,
  DataStream_Header,
  DataStream_TextHeader,
  DataStream_Trailer,
  ParticipantInfo_Kind,
  UpdateParticipantMetadata,
} from '@livekit/protocol';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { verifyAccessToken } from '../../dev/media-server/token';
import { connectDataPeer } from './support/dataPeer';
import { POLL } from './support/poll';
import { RawSignalClient, SECRET, token } from './support/rawClient';
import { KEY_ID, KEY_SECRET, startServerWithKeys } from './support/serverApi';

let server: MediaServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startServerWithKeys();
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function joinWithData(identity: string, room: string, extra: Parameters<typeof token>[3] = {}, video: Parameters<typeof token>[2] = {}) {
  const { client, join } = await RawSignalClient.join(server.url, token(identity, room, video, extra));
  const peer = await connectDataPeer(client);
  cleanups.push(() => peer.close(), () => client.close());
  return { client, join, peer };
}

/** A text stream as livekit-client sends it without inline content: header, chunks, trailer. */
function textStream(streamId: string, topic: string, pieces: string[], attributes: Record<string, string> = {}, destinationIdentities: string[] = []): Buffer[] {
  const chunks = pieces.map((p) => new TextEncoder().encode(p));
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const packet = (value: DataPacket['value']) => Buffer.from(new DataPacket({ destinationIdentities, value }).toBinary());
  return [
    packet({
      case: 'streamHeader',
      value: new DataStream_Header({
        streamId,
        topic,
        mimeType: 'text/plain',
        timestamp: BigInt(Date.now()),
        totalLength: BigInt(total),
        attributes,
        contentHeader: { case: 'textHeader', value: new DataStream_TextHeader({}) },
      }),
    }),
    ...chunks.map((content, i) => packet({ case: 'streamChunk', value: new DataStream_Chunk({ streamId, chunkIndex: BigInt(i), content }) })),
    packet({ case: 'streamTrailer', value: new DataStream_Trailer({ streamId, attributes: { 'lk.transcription_final': 'true' } }) }),
  ];
}

describe('text streams, attributes and agents on the dev media server', () => {
  it('relays a text stream (header, chunks, trailer) in order, stamped with the sender, to its destinations only', async () => {
    const alice = await joinWithData('alice', 'ts-1');
    const bob = await joinWithData('bob', 'ts-1');
    const carol = await joinWithData('carol', 'ts-1');
    for (const bytes of textStream('s1', 'lk.chat', ['hel', 'lo'])) alice.peer.reliable.send(bytes);
    for (const bytes of textStream('s2', 'lk.chat', ['psst'], {}, ['carol'])) alice.peer.reliable.send(bytes);
    await expect.poll(() => bob.peer.received.length, POLL).toBe(4);
    await expect.poll(() => carol.peer.received.length, POLL).toBe(7);
    expect(bob.peer.received.map((p) => p.value.case)).toEqual(['streamHeader', 'streamChunk', 'streamChunk', 'streamTrailer']);
    expect(bob.peer.received.every((p) => p.participantIdentity === 'alice')).toBe(true);
    const header = bob.peer.received[0]!.value;
    expect(header.case === 'streamHeader' && header.value.topic).toBe('lk.chat');
    const text = bob.peer.received.flatMap((p) => (p.value.case === 'streamChunk' ? [new TextDecoder().decode(p.value.value.content)] : [])).join('');
    expect(text).toBe('hello');
    const trailer = bob.peer.received[3]!.value;
    expect(trailer.case === 'streamTrailer' && trailer.value.attributes).toEqual({ 'lk.transcription_final': 'true' });
    expect(alice.peer.received).toEqual([]);
  });

  it('sends chat and data as a synthetic participant (handle and control API), never back to it', async () => {
    const bob = await joinWithData('bob', 'ts-5');
    const [crowd] = server.addSyntheticParticipants('ts-5', { count: 1, camera: false, microphone: false });
    expect(server.sendText('ts-5', { from: crowd!, text: 'hi from the crowd' })).toBe(1);
    const response = await fetch(`${server.controlUrl}/rooms/ts-5/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: crowd, payload: '{"type":"raise","raisedAt":1}', topic: 'roomkit.hand' }),
    });
    expect(await response.json()).toEqual({ delivered: 1 });
    await expect.poll(() => bob.peer.received.length, POLL).toBe(4);
    expect(bob.peer.received.map((p) => [p.value.case, p.participantIdentity])).toEqual([
      ['streamHeader', crowd],
      ['streamChunk', crowd],
      ['streamTrailer', crowd],
      ['user', crowd],
    ]);
    const [header, chunk, , user] = bob.peer.received.map((p) => p.value);
    expect(header?.case === 'streamHeader' && [header.value.topic, header.value.totalLength]).toEqual(['lk.chat', 17n]);
    expect(chunk?.case === 'streamChunk' && new TextDecoder().decode(chunk.value.content)).toBe('hi from the crowd');
    expect(user?.case === 'user' && [user.value.topic, user.value.participantIdentity]).toEqual(['roomkit.hand', crowd]);
    expect(() => server.sendText('ts-5', { from: 'nobody', text: 'x' })).toThrow(/no participant "nobody" in room "ts-5" to send as/);
  });

  it('drops text streams from a participant without canPublishData', async () => {
    const alice = await joinWithData('alice', 'ts-2', {}, { canPublishData: false });
    const bob = await joinWithData('bob', 'ts-2');
    for (const bytes of textStream('s1', 'lk.chat', ['no'])) alice.peer.reliable.send(bytes);
    await expect.poll(() => server.room('ts-2')?.participants.find((p) => p.identity === 'alice')?.droppedDataPackets, POLL).toBe(3);
    expect(bob.peer.received).toEqual([]);
  });

  it('gives an agent its kind from the token, and tells the others', async () => {
    expect(verifyAccessToken(token('ada', 'ts-3', {}, { kind: 'agent' }), SECRET).kind).toBe('agent');
    expect(() => verifyAccessToken(token('x', 'ts-3', {}, { kind: 'robot' as 'agent' }), SECRET)).toThrow(/unknown participant kind "robot"/);
    const alice = await RawSignalClient.join(server.url, token('alice', 'ts-3'));
    cleanups.push(() => alice.client.close());
    const agent = await RawSignalClient.join(server.url, token('ada', 'ts-3', {}, { kind: 'agent', attributes: { 'lk.agent.state': 'initializing' } }));
    cleanups.push(() => agent.client.close());
    expect(agent.join.participant).toMatchObject({ kind: ParticipantInfo_Kind.AGENT, attributes: { 'lk.agent.state': 'initializing' } });
    expect(agent.join.participant?.permission?.agent).toBe(true);
    const seen = await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada'));
    expect(seen.participants.find((p) => p.identity === 'ada')).toMatchObject({ kind: ParticipantInfo_Kind.AGENT });
    expect(agent.join.otherParticipants.find((p) => p.identity === 'alice')?.kind).toBe(ParticipantInfo_Kind.STANDARD);
  });

  it('passes attributes a client sets (with canUpdateOwnMetadata) and the server sets (UpdateParticipant) to everyone', async () => {
    const alice = await RawSignalClient.join(server.url, token('alice', 'ts-4'));
    cleanups.push(() => alice.client.close());
    const agent = await RawSignalClient.join(server.url, token('ada', 'ts-4', { canUpdateOwnMetadata: true }, { kind: 'agent' }));
    cleanups.push(() => agent.client.close());
    agent.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ attributes: { 'lk.agent.state': 'listening' }, requestId: 7 }) });
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && p.attributes['lk.agent.state'] === 'listening'));
    // the server's API: livekit-server-sdk's UpdateParticipant, with the tests' API key
    const rooms = new RoomServiceClient(server.httpUrl, KEY_ID, KEY_SECRET);
    await rooms.updateParticipant('ts-4', 'ada', { attributes: { 'lk.agent.state': 'speaking' } });
    await alice.client.next('update', (u) => u.participants.some((p) => p.identity === 'ada' && p.attributes['lk.agent.state'] === 'speaking'));

    // Without the grant, the server refuses and nobody hears of it.
    const mallory = await RawSignalClient.join(server.url, token('mallory', 'ts-4', { canUpdateOwnMetadata: false }));
    cleanups.push(() => mallory.client.close());
    mallory.client.send({ case: 'updateMetadata', value: new UpdateParticipantMetadata({ attributes: { 'lk.agent.state': 'fake' }, requestId: 8 }) });
    const refused = await mallory.client.next('requestResponse', (r) => r.requestId === 8);
    expect(refused.reason).not.toBe(0);
    expect(server.room('ts-4')?.participants.find((p) => p.identity === 'mallory')?.attributes).toEqual({});
  });
});
