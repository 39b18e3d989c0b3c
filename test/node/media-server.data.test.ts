import { ConnectionQuality, DataPacket, DataPacket_Kind, UserPacket } from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { connectDataPeer, type DataPeer } from './support/dataPeer';
import { POLL } from './support/poll';
import { RawSignalClient, SECRET, token } from './support/rawClient';

let server: MediaServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function joinWithData(identity: string, room: string, video: Parameters<typeof token>[2] = {}) {
  const { client, join } = await RawSignalClient.join(server.url, token(identity, room, video));
  const peer = await connectDataPeer(client);
  cleanups.push(() => peer.close(), () => client.close());
  return { client, join, peer };
}

/** A reliable user packet; `sequence` as livekit-client numbers its reliable packets (0: unnumbered). */
function chat(text: string, topic = 'chat', destinationIdentities: string[] = [], sequence = 0): Buffer {
  const packet = new DataPacket({
    kind: DataPacket_Kind.RELIABLE,
    destinationIdentities,
    sequence,
    value: { case: 'user', value: new UserPacket({ payload: new TextEncoder().encode(text), topic }) },
  });
  return Buffer.from(packet.toBinary());
}

const texts = (peer: DataPeer) =>
  peer.received.flatMap((p) => (p.value.case === 'user' ? [new TextDecoder().decode(p.value.value.payload)] : []));

describe('data packets', () => {
  it('forwards reliable and lossy packets with topic, stamped with the sender', async () => {
    const alice = await joinWithData('alice', 'data-1');
    const bob = await joinWithData('bob', 'data-1');
    alice.peer.reliable.send(chat('hello bob'));
    alice.peer.lossy.send(chat('lossy hello', 'cursor'));
    await expect.poll(() => bob.peer.received.length, POLL).toBe(2);
    const reliable = bob.peer.received.find((p) => p.value.case === 'user' && p.value.value.topic === 'chat');
    expect(reliable).toMatchObject({ participantIdentity: 'alice', participantSid: alice.join.participant?.sid });
    expect(texts(bob.peer).sort()).toEqual(['hello bob', 'lossy hello']);
    expect(alice.peer.received).toEqual([]);
  });

  it('delivers only to the destination identities when some are given', async () => {
    const alice = await joinWithData('alice', 'data-2');
    const bob = await joinWithData('bob', 'data-2');
    const carol = await joinWithData('carol', 'data-2');
    alice.peer.reliable.send(chat('only for carol', 'dm', ['carol']));
    alice.peer.reliable.send(chat('for everyone'));
    await expect.poll(() => texts(bob.peer), POLL).toEqual(['for everyone']);
    await expect.poll(() => texts(carol.peer), POLL).toEqual(['only for carol', 'for everyone']);
  });

  it('drops packets from a participant without canPublishData until the permission is granted', async () => {
    const alice = await joinWithData('alice', 'data-3', { canPublishData: false });
    const bob = await joinWithData('bob', 'data-3');
    alice.peer.reliable.send(chat('dropped'));
    await expect.poll(() => server.room('data-3')?.participants.find((p) => p.identity === 'alice')?.droppedDataPackets, POLL).toBe(1);
    server.setPermissions('data-3', 'alice', { canPublishData: true });
    alice.peer.reliable.send(chat('allowed'));
    await expect.poll(() => texts(bob.peer), POLL).toEqual(['allowed']);
  });

  it('counts the packets a participant missed because its data channel was not open yet', async () => {
    const alice = await joinWithData('alice', 'data-5');
    // Carol has joined (the others see her) but has no peer connection, so no data channel yet.
    const { client } = await RawSignalClient.join(server.url, token('carol', 'data-5'));
    cleanups.push(() => client.close());
    const bob = await joinWithData('bob', 'data-5');
    alice.peer.reliable.send(chat('before carol can hear'));
    await expect.poll(() => texts(bob.peer), POLL).toEqual(['before carol can hear']);
    const state = (identity: string) => server.room('data-5')?.participants.find((p) => p.identity === identity);
    expect(state('carol')?.undeliveredDataPackets).toBe(1);
    expect(state('bob')?.undeliveredDataPackets).toBe(0);
  });

  it('holds sequenced reliable packets for a participant whose channel is not open yet, and replays them in order when it opens', async () => {
    const alice = await joinWithData('alice', 'data-6');
    const bob = await joinWithData('bob', 'data-6');
    // Carol has joined (the others see her and send to her) but her data channel is not open yet.
    const { client } = await RawSignalClient.join(server.url, token('carol', 'data-6'));
    cleanups.push(() => client.close());
    alice.peer.reliable.send(chat('one', 'chat', [], 1));
    alice.peer.reliable.send(chat('for bob only', 'dm', ['bob'], 2));
    bob.peer.reliable.send(chat('from bob', 'chat', [], 1));
    alice.peer.reliable.send(chat('two', 'chat', [], 3));
    alice.peer.lossy.send(chat('lossy, never held', 'cursor'));
    alice.peer.reliable.send(chat('unnumbered, never held'));
    await expect.poll(() => texts(bob.peer), POLL).toEqual(['one', 'for bob only', 'two', 'lossy, never held', 'unnumbered, never held']);
    const carol = await connectDataPeer(client);
    cleanups.push(() => carol.close());
    // Each sender's packets in its order (two senders' packets reach the server in either order).
    const from = (identity: string) => texts({ received: carol.received.filter((p) => p.participantIdentity === identity) } as DataPeer);
    await expect.poll(() => carol.received.length, POLL).toBe(3);
    expect(from('alice')).toEqual(['one', 'two']);
    expect(from('bob')).toEqual(['from bob']);
    alice.peer.reliable.send(chat('three', 'chat', [], 4));
    await expect.poll(() => from('alice'), POLL).toEqual(['one', 'two', 'three']);
    const state = server.room('data-6')?.participants.find((p) => p.identity === 'carol');
    expect(state).toMatchObject({ replayedDataPackets: 3, undeliveredDataPackets: 2 });
  });

  it('sends data from the server through the handle (RoomService.SendData: media-server.roomService.test.ts)', async () => {
    const alice = await joinWithData('alice', 'data-4');
    expect(server.sendData('data-4', { payload: 'from the server', topic: 'notice' })).toBe(1);
    await expect.poll(() => texts(alice.peer), POLL).toEqual(['from the server']);
    expect(alice.peer.received[0]?.participantIdentity).toBe('');
  });
});

describe('connection quality', () => {
  it('reports a connected participant as excellent, and an imposed quality to everyone', async () => {
    const alice = await joinWithData('alice', 'quality-1');
    const own = await alice.client.next('connectionQuality');
    expect(own.updates[0]).toMatchObject({ participantSid: alice.join.participant?.sid, quality: ConnectionQuality.EXCELLENT });
    const bob = await joinWithData('bob', 'quality-1');
    await bob.client.next('connectionQuality', (u) => u.updates.some((q) => q.participantSid === alice.join.participant?.sid));
    server.setConnectionQuality('quality-1', 'alice', 'poor');
    const poor = await bob.client.next('connectionQuality', (u) => u.updates.some((q) => q.quality === ConnectionQuality.POOR));
    expect(poor.updates[0]?.participantSid).toBe(alice.join.participant?.sid);
  });
});
