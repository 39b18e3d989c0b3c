import { ClientInfo, ClientInfo_SDK, ConnectionSettings, UpdateSubscription, type ParticipantInfo } from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import type { MediaSection } from '../../dev/media-server/sdp';
import { ReceiveSections } from '../../dev/media-server/sections';
import { RtpRewriter } from '../../dev/media-server/simulcast';
import { connectMediaPeer } from './support/mediaPeer';
import { RawSignalClient, SECRET, token } from './support/rawClient';

/** An offer's sections: `a` and `v` are receive-only audio and video sections, `-` one the client sends on. */
function offer(kinds: string): MediaSection[] {
  return [...kinds].map((k, index): MediaSection => ({
    index,
    kind: k === 'v' ? 'video' : 'audio',
    mid: String(index),
    port: 9,
    direction: k === '-' ? 'sendonly' : 'recvonly',
    trackId: undefined,
    rejected: false,
    formats: [k === 'v' ? '96' : '111'],
    rtpmap: k === 'v' ? { 96: 'VP8/90000' } : { 111: 'opus/48000/2' },
  }));
}

describe('receive sections, as LiveKit puts forwarded tracks on transceivers', () => {
  it('takes free sections of the kind in order, then asks for more, counting those asked for already', () => {
    const sections = new ReceiveSections(true);
    sections.offered(offer('-aav'));
    expect([sections.take('audio')?.mid, sections.take('audio')?.mid, sections.take('video')?.mid]).toEqual(['1', '2', '3']);
    expect(sections.take('audio')).toBeUndefined();
    expect(sections.request({ audio: 2, video: 0 }, false)).toEqual({ numAudios: 2, numVideos: 0 });
    // still missing the same two before the client offers them: nothing more to ask
    expect(sections.request({ audio: 2, video: 0 }, false)).toBeUndefined();
    sections.offered(offer('-aavaa'));
    expect(sections.take('audio')?.mid).toBe('4');
    expect(sections.request({ audio: 0, video: 0 }, true)).toEqual({ numAudios: 0, numVideos: 0 });
    expect(sections.stats()).toEqual({ offers: 2, offerRequests: 2, receiveSections: { audio: 4, video: 1 }, reusedSections: 0 });
  });

  it("reuses a released section only once an answer has said it is inactive, continuing its track's stream", () => {
    const sections = new ReceiveSections(true);
    sections.offered(offer('a'));
    expect(sections.take('audio')?.mid).toBe('0');
    sections.release('0', { seq: 41, ts: 9000, at: 1000 });
    // the release is not negotiated yet: pion would not reuse a transceiver whose current direction still sends
    expect(sections.take('audio')).toBeUndefined();
    sections.offered(offer('a'));
    sections.answered();
    expect(sections.take('audio')).toEqual({ mid: '0', from: { seq: 41, ts: 9000, at: 1000 } });
    expect(sections.stats().reusedSections).toBe(1);
  });

  it('never reuses for a client LiveKit does not (Safari, protocol 3 or lower), and never a section the client stopped offering', () => {
    const safari = new ReceiveSections(false);
    safari.offered(offer('a'));
    safari.take('audio');
    safari.release('0', undefined);
    safari.answered();
    expect(safari.take('audio')).toBeUndefined();

    const sections = new ReceiveSections(true);
    sections.offered(offer('aa'));
    sections.take('audio');
    sections.release('0', undefined);
    sections.answered();
    sections.offered([{ ...offer('a')[0]!, port: 0, rejected: true }, offer('aa')[1]!]);
    expect(sections.take('audio')?.mid).toBe('1');
    expect(sections.take('audio')).toBeUndefined();
  });

  it('continues an RTP stream another track left: the next packet follows the last one written', () => {
    const rewriter = new RtpRewriter();
    rewriter.continueFrom(65535, 2 ** 32 - 1000);
    rewriter.restart(7, 123);
    expect(rewriter.rewrite(7, 123)).toEqual({ seq: 0, ts: 2000 });
    expect(rewriter.rewrite(8, 1083)).toEqual({ seq: 1, ts: 2960 });
  });
});

let server: MediaServer;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function until<T>(what: string, read: () => T, condition: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (condition(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function joinSubscriber(room: string, browser = 'Chrome') {
  const { client, join } = await RawSignalClient.join(server.url, token('viewer', room), {
    clientInfo: new ClientInfo({ sdk: ClientInfo_SDK.JS, version: '2.23.0', protocol: 17, clientProtocol: 1, browser }),
    connectionSettings: new ConnectionSettings({ autoSubscribe: false }),
  });
  const peer = await connectMediaPeer(client);
  cleanups.push(() => peer.close(), () => client.close());
  return { client, join, peer };
}

const microphone = (p: ParticipantInfo) => p.tracks.find((t) => t.source === 2)!.sid;

describe('a subscriber on the dev media server', () => {
  it("puts a new track on a section another track released, and the client receives it there: one offer for each change, as LiveKit's", async () => {
    server.addSyntheticParticipants('sections-1', { count: 2, speaking: true, turnMs: 200 });
    const { client, join, peer } = await joinSubscriber('sections-1');
    const [a, b] = join.otherParticipants.map(microphone) as [string, string];
    const stats = () => server.room('sections-1')!.participants.find((p) => p.identity === 'viewer')!.media;
    const subscribe = (sid: string, subscribe: boolean) => client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: [sid], subscribe }) });
    const midOf = (sid: string) =>
      client.received
        .flatMap((r) => (r.message.case === 'answer' ? Object.entries(r.message.value.midToTrackId) : []))
        .filter(([, s]) => s === sid)
        .pop()?.[0];
    const requirements = () => client.received.flatMap((r) => (r.message.case === 'mediaSectionsRequirement' ? [r.message.value] : []));

    subscribe(a, true);
    await until("a's audio at the client", () => peer.received(a).packets, (n) => n > 3);
    const mid = midOf(a);
    const sections = stats().receiveSections.audio;
    const before = stats();
    // every packet arriving on that section from now on, whichever track it carries
    const seqs: number[] = [];
    peer.pc.getTransceivers().find((t) => t.mid === mid)!.receiver.tracks[0]!.onReceiveRtp.subscribe((rtp) => void seqs.push(rtp.header.sequenceNumber));
    await until("a's packets on the section", () => seqs.length, (n) => n > 0);

    subscribe(a, false);
    await until('the release answered', stats, (s) => s.subscriptions === 0 && s.offers > before.offers);
    const fromA = seqs.length;
    subscribe(b, true);
    await until("b's audio at the client", () => peer.received(b).packets, (n) => n > 3);

    // b took the section a left: no section was asked for, the client's offers did not grow
    expect(midOf(b)).toBe(mid);
    expect(stats()).toMatchObject({ reusedSections: 1, receiveSections: { audio: sections } });
    expect(requirements().slice(-2)).toEqual([expect.objectContaining({ numAudios: 0 }), expect.objectContaining({ numAudios: 0 })]);
    // the release and the new track each cost the client an offer
    expect(stats().offers - before.offers).toBe(2);
    // one RTP stream on the section: b's packets follow a's without a gap or a repeat
    expect(seqs.length).toBeGreaterThan(fromA);
    expect(seqs.slice(1).filter((seq, i) => seq !== ((seqs[i]! + 1) & 0xffff))).toEqual([]);
  }, 30_000);
});
