import { readFileSync } from 'node:fs';
import {
  AddTrackRequest,
  ClientInfo,
  ClientInfo_SDK,
  ConnectionSettings,
  SessionDescription,
  TrackSource,
  TrackType,
  VideoLayer,
  VideoQuality,
  type SessionDescription as Answer,
} from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { RawSignalClient, SECRET, token } from './support/rawClient';

/** Offers real browsers made, as livekit-client drove them (see fixtures/offers/README.md). */
const offer = (name: string) => readFileSync(new URL(`./fixtures/offers/${name}`, import.meta.url), 'utf8');

interface Section {
  kind: string;
  port: number;
  mid: string | undefined;
  direction: string | undefined;
  bundleOnly: boolean;
  /** The m-line's payload types. */
  formats: string[];
  /** `a=rtpmap` by payload type, lower case (`vp8/90000`). */
  rtpmap: Map<string, string>;
  msidTrack: string | undefined;
  rids: string[];
}

function sectionsOf(sdp: string): Section[] {
  const sections: Section[] = [];
  for (const line of sdp.split(/\r?\n/)) {
    const m = /^m=(\S+) (\d+) \S+ ?(.*)$/.exec(line);
    if (m) {
      sections.push({ kind: m[1]!, port: Number(m[2]), mid: undefined, direction: undefined, bundleOnly: false, formats: (m[3] ?? '').split(' ').filter(Boolean), rtpmap: new Map(), msidTrack: undefined, rids: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) continue;
    if (line.startsWith('a=mid:')) section.mid = line.slice(6);
    else if (/^a=(sendrecv|sendonly|recvonly|inactive)$/.test(line)) section.direction = line.slice(2);
    else if (line === 'a=bundle-only') section.bundleOnly = true;
    else if (line.startsWith('a=msid:')) section.msidTrack = line.split(' ')[1];
    else if (line.startsWith('a=rid:')) section.rids.push(line.slice(6).split(' ')[0]!);
    else if (line.startsWith('a=rtpmap:')) {
      const [pt, codec] = line.slice(9).split(' ');
      section.rtpmap.set(pt!, codec!.toLowerCase());
    }
  }
  return sections;
}

const bundleOf = (sdp: string) => (/^a=group:BUNDLE (.*)$/m.exec(sdp)?.[1] ?? '').trim().split(' ').filter(Boolean);

/** An offered section the offerer rejected: port 0 without `a=bundle-only` (RFC 8843 section 6). */
const rejected = (s: Section) => s.port === 0 && !s.bundleOnly;
/** An offered media section listing none of the server's codecs (opus, VP8): the server rejects it, as pion does. */
const unsupported = (s: Section) => s.kind !== 'application' && ![...s.rtpmap.values()].some((codec) => /^(opus|vp8)\//.test(codec));

/**
 * What makes `answer` a valid answer to `offerSdp`, for Firefox's and Chrome's JSEP: one section for each
 * offered one, in order, with its mid and kind; a rejected section (or one without a codec of the server's)
 * rejected and out of the BUNDLE group; every other one accepted (a port, in the group), its codecs the offer's, in the offer's payload types.
 */
function expectValidAnswer(offerSdp: string, answer: string): Section[] {
  const offered = sectionsOf(offerSdp);
  const answered = sectionsOf(answer);
  const bundle = bundleOf(answer);
  expect(answered.map((s) => [s.kind, s.mid])).toEqual(offered.map((s) => [s.kind, s.mid]));
  offered.forEach((o, i) => {
    const a = answered[i]!;
    const where = `section ${i} (mid ${o.mid ?? '?'})`;
    if (rejected(o) || unsupported(o)) {
      expect(a.port, `${where} is rejected`).toBe(0);
      expect(bundle, `${where} is rejected`).not.toContain(o.mid);
      expect(a.formats.every((pt) => a.rtpmap.get(pt) === o.rtpmap.get(pt)), `${where}: the offer's codec`).toBe(true);
      return;
    }
    expect(a.port, `${where} is accepted`).not.toBe(0);
    expect(bundle, `${where} is accepted`).toContain(o.mid);
    if (o.kind === 'application') return;
    expect(a.formats.length, `${where} has a codec`).toBeGreaterThan(0);
    for (const pt of a.formats) {
      expect(o.formats, `${where}: payload type ${pt} is offered`).toContain(pt);
      expect(a.rtpmap.get(pt), `${where}: payload type ${pt} is the offer's codec`).toBe(o.rtpmap.get(pt));
    }
  });
  return answered;
}

let server: MediaServer;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function join(room: string, identity: string, browser: string) {
  const { client } = await RawSignalClient.join(server.url, token(identity, room), {
    clientInfo: new ClientInfo({ sdk: ClientInfo_SDK.JS, version: '2.23.0', protocol: 17, clientProtocol: 1, browser }),
    connectionSettings: new ConnectionSettings({ autoSubscribe: true }),
  });
  cleanups.push(() => client.close());
  let id = 0;
  const negotiate = async (sdp: string): Promise<Answer> => {
    id += 1;
    client.sendOffer(new SessionDescription({ type: 'offer', sdp, id }));
    return client.next('answer', (a) => a.id === id, 5000);
  };
  return { client, negotiate };
}

const participant = (room: string, identity: string) => server.room(room)?.participants.find((p) => p.identity === identity);

describe('the dev media server answers the offers of Firefox ESR 153', () => {
  it('answers the first offer (sections after the first of each kind are bundle-only) and puts tracks on them', async () => {
    server.addSyntheticParticipants('firefox-1', { count: 2 });
    const firefox = await join('firefox-1', 'firefox', 'Firefox');
    const sdp = offer('firefox-153-join.sdp');
    const answer = await firefox.negotiate(sdp);
    const answered = expectValidAnswer(sdp, answer.sdp);
    // the two synthetic cameras and microphones go on the first two sections of each kind, bundle-only or not
    expect(Object.keys(answer.midToTrackId).sort()).toEqual(['0', '1', '3', '4']);
    expect(answered.map((s) => s.direction)).toEqual(['sendonly', 'sendonly', 'inactive', 'sendonly', 'sendonly', 'inactive', undefined]);
  });

  it('answers the next offer, whose rejected sections carry codecs the server lacks (PCMU only), and takes the microphone it sends', async () => {
    const firefox = await join('firefox-2', 'firefox', 'Firefox');
    const next = offer('firefox-153-after-rejection.sdp');
    const cid = sectionsOf(next).find((s) => s.direction === 'sendonly')!.msidTrack!;
    firefox.client.send({ case: 'addTrack', value: { cid, type: TrackType.AUDIO, source: TrackSource.MICROPHONE, name: 'microphone' } as never });
    // as in the session it was captured from: the join offer (the test above checks its answer), then this one
    await firefox.negotiate(offer('firefox-153-join.sdp'));
    const answer = await firefox.negotiate(next);
    expectValidAnswer(next, answer.sdp);
    expect(participant('firefox-2', 'firefox')?.tracks.map((t) => [t.cid, t.receiving])).toEqual([[cid, true]]);
  });

  it("takes the microphone and the simulcast camera it publishes, though its msid names transceivers, not the tracks' ids (the cids)", async () => {
    const firefox = await join('firefox-3', 'firefox', 'Firefox');
    // livekit-client's cid is the MediaStreamTrack's id; Firefox's msid carries another id
    firefox.client.send({ case: 'addTrack', value: new AddTrackRequest({ cid: 'microphone-track', type: TrackType.AUDIO, source: TrackSource.MICROPHONE }) });
    firefox.client.send({
      case: 'addTrack',
      value: new AddTrackRequest({
        cid: 'camera-track',
        type: TrackType.VIDEO,
        source: TrackSource.CAMERA,
        width: 640,
        height: 360,
        layers: [new VideoLayer({ quality: VideoQuality.LOW, width: 320, height: 180 }), new VideoLayer({ quality: VideoQuality.MEDIUM, width: 640, height: 360 })],
      }),
    });
    await firefox.client.next('trackPublished', (t) => t.cid === 'camera-track');
    const sdp = offer('firefox-153-publish.sdp');
    const answer = await firefox.negotiate(sdp);
    const answered = expectValidAnswer(sdp, answer.sdp);
    // the sending sections (7: microphone, 8: camera with rids q and h) are received, simulcast answered
    expect(answered.slice(7).map((s) => [s.mid, s.direction, s.rids])).toEqual([['7', 'recvonly', []], ['8', 'recvonly', ['q', 'h']]]);
    const tracks = participant('firefox-3', 'firefox')?.tracks.map((t) => [t.cid, t.receiving, t.layers]);
    expect(tracks).toEqual([['microphone-track', true, ['-']], ['camera-track', true, ['q', 'h']]]);

    // the next offer, the same senders: both stay published
    await firefox.negotiate(sdp.replace(/^(o=\S+ \d+ )\d+/m, '$1' + '9'));
    expect(participant('firefox-3', 'firefox')?.tracks.map((t) => t.cid)).toEqual(['microphone-track', 'camera-track']);
  });
});

describe("the dev media server answers the shape of Safari's offers (H.264 first), from Chromium 156", () => {
  const publish = async (room: string, sdp: string) => {
    const client = await join(room, 'h264', 'Safari');
    const [microphone, camera] = sectionsOf(sdp).filter((s) => s.direction === 'sendonly');
    client.client.send({ case: 'addTrack', value: new AddTrackRequest({ cid: microphone!.msidTrack!, type: TrackType.AUDIO, source: TrackSource.MICROPHONE }) });
    client.client.send({
      case: 'addTrack',
      value: new AddTrackRequest({
        cid: camera!.msidTrack!,
        type: TrackType.VIDEO,
        source: TrackSource.CAMERA,
        layers: [new VideoLayer({ quality: VideoQuality.LOW, width: 320, height: 180 }), new VideoLayer({ quality: VideoQuality.MEDIUM, width: 640, height: 360 })],
      }),
    });
    await client.client.next('trackPublished', (t) => t.cid === camera!.msidTrack);
    return { ...client, cids: [microphone!.msidTrack!, camera!.msidTrack!] };
  };

  it('answers VP8, the codec the server has, in its payload type, and receives the simulcast camera', async () => {
    server.addSyntheticParticipants('h264-1', { count: 1 });
    const sdp = offer('chromium-156-h264-first.sdp');
    const client = await publish('h264-1', sdp);
    const answer = await client.negotiate(sdp);
    const answered = expectValidAnswer(sdp, answer.sdp);
    const vp8 = [...sectionsOf(sdp)[3]!.rtpmap].find(([, codec]) => codec === 'vp8/90000')![0];
    expect(answered.filter((s) => s.kind === 'video').map((s) => s.formats)).toEqual([[vp8], [vp8], [vp8], [vp8]]);
    expect(Object.keys(answer.midToTrackId).sort()).toEqual(['0', '3']);
    expect(participant('h264-1', 'h264')?.tracks.map((t) => [t.cid, t.receiving, t.layers])).toEqual([
      [client.cids[0], true, ['-']],
      [client.cids[1], true, ['q', 'h']],
    ]);
  });

  it('rejects the video sections of a client offering H.264 alone, and answers the rest', async () => {
    const sdp = offer('chromium-156-h264-only.sdp');
    const client = await publish('h264-2', sdp);
    const answered = expectValidAnswer(sdp, (await client.negotiate(sdp)).sdp);
    expect(answered.map((s) => (s.port === 0 ? `${s.kind}:rejected` : s.kind))).toEqual([
      'audio',
      'audio',
      'audio',
      'video:rejected',
      'video:rejected',
      'video:rejected',
      'audio',
      'video:rejected',
      'application',
    ]);
    expect(participant('h264-2', 'h264')?.tracks.map((t) => [t.cid, t.receiving])).toEqual([
      [client.cids[0], true],
      [client.cids[1], false],
    ]);
  });
});
