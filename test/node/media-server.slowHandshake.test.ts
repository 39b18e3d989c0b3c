import dgram from 'node:dgram';
import { ConnectionSettings } from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { connectMediaPeer } from './support/mediaPeer';
import { RawSignalClient, SECRET, token } from './support/rawClient';

/**
 * A DTLS handshake slower than werift's first retransmission (500 ms a flight): on a loaded CI machine, the media
 * server's peer connection went `failed` while the client's went `connected`. werift's DTLS client (the server,
 * which answers `a=setup:active`) retransmits its ClientHello, the client's DTLS server answers each with a
 * HelloVerifyRequest, and werift 0.24 threw on the second (`Flight3.exec`: `if (flight === 3) throw`), failing the
 * transport, while the handshake itself went on and completed for the other end. RFC 6347 §4.2.1: a client may get
 * several HelloVerifyRequests and must carry on. `patches/werift+0.24.4.patch` (applied by `npm ci`'s prepare step)
 * ignores one with the cookie already sent; this test fails without it (server `failed`).
 */

/**
 * Delays every DTLS record (content types 20 to 63, RFC 7983) sent by any UDP socket in this process, all alike so
 * that none overtakes another, and counts the handshake messages sent by type.
 */
const sent = new Map<number, number>();
let delayMs = 0;
const send = dgram.Socket.prototype.send;
beforeAll(() => {
  dgram.Socket.prototype.send = function (this: dgram.Socket, ...args: unknown[]) {
    const msg = args[0];
    if (delayMs > 0 && Buffer.isBuffer(msg) && msg[0]! >= 20 && msg[0]! <= 63) {
      // a handshake record's message type follows the 13-byte record header (read in clear in epoch 0)
      if (msg[0] === 22 && msg.length > 13) sent.set(msg[13]!, (sent.get(msg[13]!) ?? 0) + 1);
      setTimeout(() => {
        try {
          (send as (...a: unknown[]) => void).apply(this, args);
        } catch (error) {
          // A record delayed past its socket's close is dropped, as the network would drop it; a delay must not
          // turn the end of a test into an uncaught error.
          if ((error as { code?: unknown }).code !== 'ERR_SOCKET_DGRAM_NOT_RUNNING') throw error;
        }
      }, delayMs);
      return;
    }
    return (send as (...a: unknown[]) => void).apply(this, args);
  } as typeof send;
});
afterAll(() => {
  dgram.Socket.prototype.send = send;
});

let server: MediaServer;
beforeAll(async () => {
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
});
afterAll(() => server.close());
afterEach(() => {
  delayMs = 0;
  sent.clear();
});

const HELLO_VERIFY_REQUEST = 3;

describe('a DTLS handshake slower than its first retransmission', () => {
  it('connects both ends, though the client answered a retransmitted ClientHello twice', async () => {
    delayMs = 700;
    const room = 'slow-dtls';
    const { client } = await RawSignalClient.join(server.url, token('slow', room), {
      connectionSettings: new ConnectionSettings({ autoSubscribe: false }),
    });
    const keepAlive = setInterval(() => client.send({ case: 'ping', value: BigInt(Date.now()) }), 500);
    try {
      // resolves once the client's own peer connection is connected
      const peer = await connectMediaPeer(client);
      try {
        const serverState = () => server.room(room)?.participants.find((p) => p.identity === 'slow')?.connectionState;
        await expect.poll(serverState, { timeout: 20_000, interval: 50 }).toMatch(/^(connected|failed)$/);
        expect(serverState()).toBe('connected');
        // the case it is about happened: a second HelloVerifyRequest reached the server's DTLS client
        expect(sent.get(HELLO_VERIFY_REQUEST) ?? 0).toBeGreaterThanOrEqual(2);
      } finally {
        await peer.close();
      }
    } finally {
      clearInterval(keepAlive);
      await client.close();
    }
  }, 40_000);
});
