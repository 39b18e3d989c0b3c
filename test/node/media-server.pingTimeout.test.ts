import { ConnectionSettings, ReconnectResponse } from '@livekit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { connectMediaPeer } from './support/mediaPeer';
import { RawSignalClient, SECRET, token } from './support/rawClient';

let server: MediaServer;
beforeAll(async () => {
  // a two-second ping time-out; the raw clients ping only while their media connects (withMedia)
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent', pingInterval: 1, pingTimeout: 2 });
});
afterAll(() => server.close());

const inRoom = (room: string, identity: string) => server.room(room)?.participants.some((p) => p.identity === identity) ?? false;

/**
 * Joins and connects media, pinging until the server reports the media connected (so a slow ICE connection on a
 * loaded machine is never taken for a client that stopped pinging), then stops pinging for good.
 */
async function withMedia(identity: string, room: string) {
  const { client, join } = await RawSignalClient.join(server.url, token(identity, room), { connectionSettings: new ConnectionSettings({ autoSubscribe: false }) });
  const keepAlive = setInterval(() => client.send({ case: 'ping', value: BigInt(Date.now()) }), 100);
  try {
    const peer = await connectMediaPeer(client);
    await expect
      .poll(() => server.room(room)?.participants.find((p) => p.identity === identity)?.connectionState, { timeout: 15_000, interval: 20 })
      .toBe('connected');
    return { client, join, peer };
  } finally {
    clearInterval(keepAlive);
  }
}

describe('a client that stops pinging', () => {
  it('keeps its session while its media is connected, and resumes its signalling as on LiveKit', async () => {
    const room = 'ping-1';
    const { client, join, peer } = await withMedia('busy', room);
    try {
      // no ping for the time-out: the server drops the signalling socket, not the participant
      expect(await client.closed).toMatchObject({ code: expect.any(Number) });
      expect(inRoom(room, 'busy')).toBe(true);
      const resumed = await RawSignalClient.connect(server.url, token('busy', room), { reconnect: true, participantSid: join.participant!.sid });
      try {
        expect(await resumed.next('reconnect')).toBeInstanceOf(ReconnectResponse);
        expect(server.room(room)?.participants.find((p) => p.identity === 'busy')?.sid).toBe(join.participant!.sid);
      } finally {
        await resumed.close();
      }
    } finally {
      await peer.close();
    }
  }, 20_000);

  it('awaits its resume for as long as its peer connection lives, and leaves once that connection ends', async () => {
    const room = 'ping-3';
    const { client, peer } = await withMedia('gone', room);
    // dropped for not pinging, its media connected: no resume window ends the session while the media lives
    await client.closed;
    const member = () => server.room(room)?.participants.find((p) => p.identity === 'gone');
    expect(member()?.connectionState).toBe('connected');
    // the page went away for good: its peer connection ends, and the server lets the participant go
    await peer.close();
    await expect.poll(() => inRoom(room, 'gone'), { timeout: 45_000, interval: 50 }).toBe(false);
  }, 60_000);

  it('leaves when its media never connected', async () => {
    const room = 'ping-2';
    const { client } = await RawSignalClient.join(server.url, token('silent', room));
    try {
      expect(inRoom(room, 'silent')).toBe(true);
      await client.closed;
      const deadline = Date.now() + 10_000;
      while (inRoom(room, 'silent') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(inRoom(room, 'silent')).toBe(false);
    } finally {
      await client.close();
    }
  }, 20_000);
});
