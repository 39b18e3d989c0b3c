import {
  AddTrackRequest,
  ConnectionSettings,
  TrackSource,
  TrackType,
  VideoLayer,
  ParticipantInfo_State,
  UpdateSubscription,
  UpdateTrackSettings,
  VideoQuality,
  type ParticipantInfo,
  type TrackInfo,
} from '@livekit/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import { DownTrack } from '../../dev/media-server/downTrack';
import { UpTrack } from '../../dev/media-server/forwarding';
import { Publication } from '../../dev/media-server/publication';
import type { ResponseMessage } from '../../dev/media-server/signal';
import { RtpRewriter, selectLayer } from '../../dev/media-server/simulcast';
import { layerFrames, packetizeVp8 } from '../../dev/media-server/synthetic/media';
import { isVp8KeyframeStart } from '../../dev/media-server/vp8';
import { connectMediaPeer } from './support/mediaPeer';
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

/** Resolves once `condition` holds, checking every 50 ms; fails after `timeoutMs` naming `what`. */
async function until<T>(what: string, read: () => T, condition: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (condition(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A subscriber without auto-subscribe (as RoomKit joins under a managing layout), with a media peer. */
async function joinSubscriber(room: string, identity = 'viewer', adaptiveStream = false) {
  const { client, join } = await RawSignalClient.join(server.url, token(identity, room), {
    connectionSettings: new ConnectionSettings({ autoSubscribe: false, adaptiveStream }),
  });
  const peer = await connectMediaPeer(client);
  cleanups.push(() => peer.close(), () => client.close());
  return { client, join, peer };
}

const camera = (p: ParticipantInfo): TrackInfo => p.tracks.find((t) => t.source === 1)!;
const microphone = (p: ParticipantInfo): TrackInfo => p.tracks.find((t) => t.source === 2)!;
const stats = (room: string, identity = 'viewer') => server.room(room)?.participants.find((p) => p.identity === identity)?.media;

describe('synthetic participants', () => {
  it('join with a three-layer simulcast camera and a microphone, visible to a client, and leave on request', async () => {
    const added = server.addSyntheticParticipants('synthetic-1', { count: 3 });
    expect(added).toEqual(['synthetic-1', 'synthetic-2', 'synthetic-3']);
    const { client, join } = await joinSubscriber('synthetic-1');
    expect(join.otherParticipants.map((p) => p.identity).sort()).toEqual(added);
    const first = join.otherParticipants[0]!;
    expect(camera(first)).toMatchObject({ simulcast: true, width: 1280, height: 720 });
    expect(camera(first).layers.map((l) => [l.quality, l.width, l.height])).toEqual([
      [VideoQuality.LOW, 320, 180],
      [VideoQuality.MEDIUM, 640, 360],
      [VideoQuality.HIGH, 1280, 720],
    ]);
    expect(microphone(first).type).toBe(0); // AUDIO
    const state = server.room('synthetic-1')!.participants.find((p) => p.identity === 'synthetic-1')!;
    expect(state.synthetic).toBe(true);
    expect(state.tracks.map((t) => [t.source, t.layers])).toEqual([
      ['camera', ['q', 'h', 'f']],
      ['microphone', ['-']],
    ]);

    // a second batch continues the numbering; removal by name, then the rest
    expect(server.addSyntheticParticipants('synthetic-1', { count: 1 })).toEqual(['synthetic-4']);
    expect(server.removeSyntheticParticipants('synthetic-1', ['synthetic-2'])).toEqual(['synthetic-2']);
    expect(server.removeSyntheticParticipants('synthetic-1').sort()).toEqual(['synthetic-1', 'synthetic-3', 'synthetic-4']);
    await until(
      'every synthetic participant to be reported gone',
      () => client.all('update').flatMap((u) => u.participants).filter((p) => p.state === ParticipantInfo_State.DISCONNECTED).map((p) => p.identity),
      (gone) => ['synthetic-1', 'synthetic-2', 'synthetic-3', 'synthetic-4'].every((id) => gone.includes(id)),
    );
    expect(server.room('synthetic-1')!.participants.map((p) => p.identity)).toEqual(['viewer']);
  });

  it('take turns speaking when asked', async () => {
    server.addSyntheticParticipants('synthetic-2', { count: 3, speaking: true, turnMs: 300 });
    const { client, join } = await joinSubscriber('synthetic-2');
    const sids = new Map(join.otherParticipants.map((p) => [p.sid, p.identity]));
    const speakers = await until(
      'two different synthetic speakers',
      () => new Set(client.all('speakersChanged').flatMap((s) => s.speakers.filter((x) => x.active).map((x) => sids.get(x.sid)))),
      (set) => set.size >= 2,
    );
    for (const identity of speakers) expect(identity).toMatch(/^synthetic-\d$/);
  });

  it('publish the first mutedMicrophones microphones muted: announced muted, sending nothing, never speaking', async () => {
    const response = await fetch(`${server.controlUrl}/rooms/synthetic-4/synthetic`, {
      method: 'POST',
      body: JSON.stringify({ count: 3, speaking: true, turnMs: 200, mutedMicrophones: 2 }),
    });
    expect(await response.json()).toEqual({ added: ['synthetic-1', 'synthetic-2', 'synthetic-3'] });
    const { client, join } = await joinSubscriber('synthetic-4');
    const byIdentity = new Map(join.otherParticipants.map((p) => [p.identity, p]));
    expect(['synthetic-1', 'synthetic-2', 'synthetic-3'].map((id) => microphone(byIdentity.get(id)!).muted)).toEqual([true, true, false]);
    const mics = ['synthetic-1', 'synthetic-2', 'synthetic-3'].map((id) => microphone(byIdentity.get(id)!).sid);
    client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: mics, subscribe: true }) });
    const unmuted = mics[2]!;
    await until('packets from the unmuted microphone', () => stats('synthetic-4')?.tracks[unmuted]?.packetsSent ?? 0, (n) => n > 5);
    const sent = (sid: string) => stats('synthetic-4')?.tracks[sid]?.packetsSent ?? 0;
    expect([sent(mics[0]!), sent(mics[1]!)]).toEqual([0, 0]);
    // Only the unmuted one takes turns speaking.
    const sids = new Map(join.otherParticipants.map((p) => [p.sid, p.identity]));
    await until('a speaker', () => client.all('speakersChanged').flatMap((s) => s.speakers.filter((x) => x.active)), (list) => list.length > 0);
    const speakers = new Set(client.all('speakersChanged').flatMap((s) => s.speakers.filter((x) => x.active).map((x) => sids.get(x.sid))));
    expect([...speakers]).toEqual(['synthetic-3']);
  });

  it('produce media only for the layers someone receives (300 publishers, one camera watched)', async () => {
    server.addSyntheticParticipants('synthetic-3', { count: 300 });
    const { client, join } = await joinSubscriber('synthetic-3');
    expect(join.otherParticipants).toHaveLength(300);
    const watched = camera(join.otherParticipants[0]!).sid;
    client.send({ case: 'trackSetting', value: new UpdateTrackSettings({ trackSids: [watched], width: 160, height: 90 }) });
    client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: [watched], subscribe: true }) });
    await until('video from the watched camera', () => stats('synthetic-3')?.tracks[watched]?.packetsSent ?? 0, (n) => n > 10);
    const tracks = server.room('synthetic-3')!.participants.filter((p) => p.synthetic).flatMap((p) => p.tracks);
    const producing = tracks.filter((t) => t.packetsReceived > 0).map((t) => t.sid);
    expect(producing).toEqual([watched]);
    expect(tracks.find((t) => t.sid === watched)?.wantedQuality).toBe(VideoQuality.LOW);
  }, 30_000);
});

describe('simulcast forwarding', () => {
  it('forwards the layer the track settings ask for, switches on a keyframe, and pauses when disabled', async () => {
    server.addSyntheticParticipants('simulcast-1', { count: 2 });
    const { client, join, peer } = await joinSubscriber('simulcast-1');
    const sid = camera(join.otherParticipants[0]!).sid;
    const settings = (s: Partial<UpdateTrackSettings>) =>
      client.send({ case: 'trackSetting', value: new UpdateTrackSettings({ trackSids: [sid], ...s }) });
    const track = () => stats('simulcast-1')?.tracks[sid];

    // a small tile: the 320×180 layer, from its first keyframe
    settings({ width: 160, height: 90 });
    client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: [sid], subscribe: true }) });
    await until('the low layer', track, (t) => t?.layer === 'q' && t.packetsSent > 5);
    await until('media at the client', () => peer.received(sid), (r) => r.packets > 5 && r.keyframes > 0);
    expect(stats('simulcast-1')).toMatchObject({ subscriptions: 1, videoSubscriptions: 1, subscribeRequests: 1 });

    // a large tile: the 1280×720 layer, one switch
    settings({ width: 1280, height: 720 });
    const before = peer.received(sid);
    await until('the high layer', track, (t) => t?.layer === 'f');
    expect(track()).toMatchObject({ targetQuality: VideoQuality.HIGH, layerSwitches: 1 });
    // the switch happened on a keyframe of the new layer, and the client's sequence numbers ran on without a gap
    await until('a keyframe of the new layer at the client', () => peer.received(sid).keyframes, (k) => k > before.keyframes);
    expect(peer.received(sid).seqGaps).toBe(0);
    // a quality instead of dimensions
    settings({ quality: VideoQuality.MEDIUM });
    await until('the medium layer', track, (t) => t?.layer === 'h');
    expect(track()?.layerSwitches).toBe(2);

    // disabled: nothing forwarded, the publication wants no layer, no switch counted
    settings({ disabled: true });
    const paused = await until('the track to pause', track, (t) => t?.layer === null);
    expect(paused).toMatchObject({ targetQuality: -1, layerSwitches: 2 });
    expect(server.room('simulcast-1')!.participants.flatMap((p) => p.tracks).find((t) => t.sid === sid)?.wantedQuality).toBe(-1);
    expect(stats('simulcast-1')!.bytesSent).toBeGreaterThan(paused!.bytesSent - 1);
    expect(peer.received(sid).seqGaps).toBe(0);
  }, 30_000);

  it('starts at the best layer without settings, and at the lowest for an adaptive-stream client until it sizes the element', async () => {
    server.addSyntheticParticipants('simulcast-3', { count: 1 });
    const plain = await joinSubscriber('simulcast-3', 'plain');
    const adaptive = await joinSubscriber('simulcast-3', 'adaptive', true);
    const sid = camera(plain.join.otherParticipants.find((p) => p.identity === 'synthetic-1')!).sid;
    for (const { client } of [plain, adaptive]) client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: [sid], subscribe: true }) });
    await until('the best layer for the plain client', () => stats('simulcast-3', 'plain')?.tracks[sid]?.layer, (l) => l === 'f');
    await until('the lowest layer for the adaptive one', () => stats('simulcast-3', 'adaptive')?.tracks[sid]?.layer, (l) => l === 'q');
    // livekit-client reports the element visible (quality HIGH, no size) before it measures it: no jump to HIGH
    adaptive.client.send({ case: 'trackSetting', value: new UpdateTrackSettings({ trackSids: [sid], quality: VideoQuality.HIGH }) });
    adaptive.client.send({ case: 'trackSetting', value: new UpdateTrackSettings({ trackSids: [sid], width: 640, height: 360 }) });
    await until('the layer that fits the element', () => stats('simulcast-3', 'adaptive')?.tracks[sid]?.layer, (l) => l === 'h');
    expect(stats('simulcast-3', 'adaptive')?.tracks[sid]).toMatchObject({ targetQuality: VideoQuality.MEDIUM, layerSwitches: 1 });
    // hidden and shown again: back on the size it last reported, not the best layer
    adaptive.client.send({ case: 'trackSetting', value: new UpdateTrackSettings({ trackSids: [sid], disabled: true }) });
    await until('the pause', () => stats('simulcast-3', 'adaptive')?.tracks[sid]?.layer, (l) => l === null);
    adaptive.client.send({ case: 'trackSetting', value: new UpdateTrackSettings({ trackSids: [sid], quality: VideoQuality.HIGH }) });
    await until('the medium layer again', () => stats('simulcast-3', 'adaptive')?.tracks[sid], (t) => t?.layer === 'h' && t.targetQuality === VideoQuality.MEDIUM);
  }, 30_000);

  it('subscribes audio too, and counts the peak of subscriptions', async () => {
    server.addSyntheticParticipants('simulcast-2', { count: 2 });
    const { client, join } = await joinSubscriber('simulcast-2');
    const mics = join.otherParticipants.map((p) => microphone(p).sid);
    client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: mics, subscribe: true }) });
    await until('both microphones', () => stats('simulcast-2')?.subscriptions ?? 0, (n) => n === 2);
    expect(stats('simulcast-2')).toMatchObject({ videoSubscriptions: 0, peakSubscriptions: 2, peakVideoSubscriptions: 0 });
    client.send({ case: 'subscription', value: new UpdateSubscription({ trackSids: mics, subscribe: false }) });
    await until('no subscription', () => stats('simulcast-2')?.subscriptions ?? -1, (n) => n === 0);
    expect(stats('simulcast-2')?.peakSubscriptions).toBe(2);
  }, 30_000);
});

describe('simulcast decisions', () => {
  const layers = [
    { quality: 0, width: 320, height: 180 },
    { quality: 1, width: 640, height: 360 },
    { quality: 2, width: 1280, height: 720 },
  ];

  it('picks the smallest layer that covers the element, else the largest; a quality caps it; disabled picks none', () => {
    expect(selectLayer(layers, { disabled: false, width: 160, height: 90 })).toBe(0);
    expect(selectLayer(layers, { disabled: false, width: 321, height: 180 })).toBe(1);
    expect(selectLayer(layers, { disabled: false, width: 1280, height: 720 })).toBe(2);
    expect(selectLayer(layers, { disabled: false, width: 2560, height: 1440 })).toBe(2);
    expect(selectLayer(layers, { disabled: false, quality: 1 })).toBe(1);
    expect(selectLayer(layers, { disabled: false, quality: 0 })).toBe(0);
    expect(selectLayer(layers, undefined)).toBe(2);
    expect(selectLayer(layers, { disabled: true, width: 160, height: 90 })).toBe(-1);
    // two layers (a small camera): a quality above both gets the better one
    expect(selectLayer(layers.slice(0, 2), { disabled: false, quality: 2 })).toBe(1);
  });

  it('keeps sequence numbers and timestamps continuous across a switch, wrapping at 16 and 32 bits', () => {
    const rewriter = new RtpRewriter();
    expect(rewriter.rewrite(65_535, 4_294_967_000)).toEqual({ seq: 65_535, ts: 4_294_967_000 });
    rewriter.restart(100, 5_000);
    expect(rewriter.rewrite(100, 5_000)).toEqual({ seq: 0, ts: (4_294_967_000 + 3000) >>> 0 });
    expect(rewriter.rewrite(101, 11_000)).toEqual({ seq: 1, ts: (4_294_967_000 + 3000 + 6000) >>> 0 });
  });

  it('packetizes the pre-encoded frames so the forwarder finds their keyframes', () => {
    for (const rid of ['q', 'h', 'f']) {
      const frames = layerFrames(rid);
      expect(frames).toHaveLength(30);
      expect(frames.map((f, i) => (f.key ? i : -1)).filter((i) => i >= 0)).toEqual([0, 15]);
      for (const frame of frames) {
        const packets = packetizeVp8(frame.data, 0x1234);
        expect(packets.every((p) => p.length <= 1100)).toBe(true);
        expect(Buffer.concat(packets.map((p) => p.subarray(4)))).toEqual(frame.data);
        expect(isVp8KeyframeStart(packets[0]!)).toBe(frame.key);
        expect(packets.slice(1).some((p) => isVp8KeyframeStart(p))).toBe(false);
      }
    }
  });

  it('dynacast: tells a publisher which layers are watched, only when that changes', () => {
    const sent: ResponseMessage[] = [];
    const request = new AddTrackRequest({
      cid: 'c',
      type: TrackType.VIDEO,
      source: TrackSource.CAMERA,
      layers: layers.map((l) => new VideoLayer(l)),
    });
    const publication = new Publication({ sid: 'PA_x', send: (m) => sent.push(m) }, request);
    const fakeUp = (rid: string) => ({ rid, kind: 'video', close() {} }) as unknown as UpTrack;
    publication.setMedia(['q', 'h', 'f'].map(fakeUp));
    const watcher = (quality: number) => ({ targetQuality: quality }) as DownTrack;
    const enabled = () => {
      const last = sent.at(-1);
      return last?.case === 'subscribedQualityUpdate' ? last.value.subscribedCodecs[0]!.qualities.map((q) => q.enabled) : undefined;
    };
    const small = watcher(0);
    publication.downTracks.add(small);
    publication.announceWantedQuality();
    expect(enabled()).toEqual([true, false, false]);
    publication.announceWantedQuality();
    expect(sent).toHaveLength(1);
    publication.downTracks.add(watcher(2));
    publication.announceWantedQuality();
    expect(enabled()).toEqual([true, true, true]);
    publication.downTracks.clear();
    publication.announceWantedQuality();
    expect(enabled()).toEqual([false, false, false]);
    expect(sent).toHaveLength(3);
  });
});

describe('synthetic participants through the control API', () => {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.controlUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('adds, reports and removes them, and refuses bad counts', async () => {
    expect(await call('POST', '/rooms/control-1/synthetic', { count: 2, prefix: 'bot', speaking: true, turnMs: 500 })).toEqual({
      status: 200,
      body: { added: ['bot-1', 'bot-2'] },
    });
    const room = (await call('GET', '/rooms/control-1')).body as { participants: Array<{ identity: string; synthetic: boolean; media: { subscriptions: number } }> };
    expect(room.participants.map((p) => [p.identity, p.synthetic, p.media.subscriptions])).toEqual([
      ['bot-1', true, 0],
      ['bot-2', true, 0],
    ]);
    expect(await call('POST', '/rooms/control-1/synthetic/remove', { identities: ['bot-2'] })).toEqual({ status: 200, body: { removed: ['bot-2'] } });
    expect(await call('DELETE', '/rooms/control-1/synthetic')).toEqual({ status: 200, body: { removed: ['bot-1'] } });
    expect((await call('POST', '/rooms/control-1/synthetic', { count: 0 })).status).toBe(400);
    expect((await call('POST', '/rooms/control-1/synthetic', { count: 'ten' })).status).toBe(400);
    expect((await call('POST', '/rooms/control-1/synthetic', { count: 1, turnMs: 5 })).status).toBe(400);
    expect((await call('DELETE', '/rooms/nowhere/synthetic')).status).toBe(404);
  });
});

describe('a publisher whose high layer starts late', () => {
  /** A layer fed by the test: packets go to the UpTrack as a transceiver's would. */
  function feedLayer(rid: string) {
    let receive: ((rtp: RtpPacket) => void) | undefined;
    const keyframeRequests: number[] = [];
    const up = new UpTrack({
      kind: 'video',
      rid,
      isVp8: true,
      subscribe: (r) => {
        receive = (rtp) => r(rtp, undefined);
        return () => (receive = undefined);
      },
      requestKeyframe: () => keyframeRequests.push(Date.now()),
    });
    let seq = 0;
    const send = (key: boolean) => {
      seq += 1;
      // a VP8 descriptor (S, partition 0) and a frame tag whose lowest bit is 0 on key frames
      receive?.(new RtpPacket(new RtpHeader({ sequenceNumber: seq, timestamp: seq * 3000, ssrc: 1 }), Buffer.from([0x10, key ? 0x00 : 0x01, 0, 0])));
    };
    return { up, send, keyframeRequests };
  }
  /** Enough of a werift transceiver for a DownTrack: a sender that takes a track, an RTCP feed. */
  function fakeTransceiver() {
    return {
      mid: '9',
      sender: {
        ssrc: 42,
        dtlsTransport: { onRtcp: { subscribe: () => ({ unSubscribe: () => undefined }) } },
        setStreams: () => undefined,
        registerTrack: () => undefined,
        replaceTrack: async () => undefined,
      },
      setDirection: () => undefined,
    } as unknown as RTCRtpTransceiver;
  }

  it('forwards the best layer that arrives, and moves up when the selected one starts', async () => {
    const [q, h, f] = ['q', 'h', 'f'].map(feedLayer) as [ReturnType<typeof feedLayer>, ReturnType<typeof feedLayer>, ReturnType<typeof feedLayer>];
    q.send(false);
    h.send(false);
    const layers = [q, h, f].map((l, quality) => ({ up: l.up, quality, width: 320 * 2 ** quality, height: 180 * 2 ** quality }));
    const down = await DownTrack.attach(layers, fakeTransceiver(), { participantSid: 'PA_p', trackSid: 'TR_t' }, { disabled: false, width: 1280, height: 720 });
    try {
      expect(down.targetQuality).toBe(2);
      // the high layer sends nothing: the medium one is forwarded from its next keyframe
      expect(h.up.sinkCount).toBe(1);
      h.send(false);
      expect(down.state().layer).toBeNull();
      h.send(true);
      expect(down.state()).toMatchObject({ layer: 'h', packetsSent: 1, layerSwitches: 0 });
      // the high layer starts: the recheck listens to it and asks it for a keyframe
      f.send(false);
      await until('the high layer to be listened to', () => f.up.sinkCount, (n) => n === 1);
      expect(f.keyframeRequests.length).toBeGreaterThan(0);
      h.send(false);
      f.send(true);
      expect(down.state()).toMatchObject({ layer: 'f', packetsSent: 3, layerSwitches: 1 });
      expect(h.up.sinkCount).toBe(0);
    } finally {
      down.close();
    }
    expect(f.up.sinkCount).toBe(0);
  });
});
