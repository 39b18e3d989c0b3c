import {
  PictureLossIndication,
  RTP_EXTENSION_URI,
  RtcpPayloadSpecificFeedback,
  type Extensions,
  type MediaStreamTrack,
  type RTCRtpTransceiver,
  type RtcpPacket,
  type RtpPacket,
} from 'werift';
import { qualityOfRid, SIMULCAST_RIDS } from './simulcast';

/** A publisher's layer that sent nothing for this long counts as stopped (bandwidth, dynacast, a slow start). */
const LAYER_IDLE_MS = 1500;
/** Fewest milliseconds between two keyframe requests sent to one publisher. */
const KEYFRAME_REQUEST_INTERVAL_MS = 250;

export type MediaKind = 'audio' | 'video';

/** Receives each packet of an {@link UpTrack}. */
export type Sink = (rtp: RtpPacket) => void;

/** RTCP FIR's feedback message type; werift does not export the class. */
const FIR_COUNT = 4;

/** True when `packet` is a PLI or FIR asking the sender of `ssrc` for a keyframe. */
export function requestsKeyframe(packet: RtcpPacket, ssrc: number): boolean {
  if (packet.type !== RtcpPayloadSpecificFeedback.type) return false;
  const feedback = packet.feedback;
  if (feedback.count === PictureLossIndication.count) return feedback.mediaSsrc === ssrc;
  if (feedback.count === FIR_COUNT && 'fir' in feedback) return feedback.fir.some((entry) => entry.ssrc === ssrc);
  return false;
}

/** Where an {@link UpTrack}'s packets come from: a publisher's transceiver, or a synthetic participant. */
export interface RtpSource {
  readonly kind: MediaKind;
  readonly rid: string | undefined;
  readonly isVp8: boolean;
  /** True when the source sends whenever someone listens (synthetic); false when it sends on its own schedule. */
  readonly onDemand?: boolean;
  /** Starts delivering packets; returns the function that stops. */
  subscribe(receive: (rtp: RtpPacket, extensions: Extensions | undefined) => void): () => void;
  /** Asks the sender for a keyframe; `ssrc` is the media SSRC seen last (undefined before the first packet). */
  requestKeyframe(ssrc: number | undefined): void;
}

/** The sources of a publisher's transceiver: one per simulcast layer, lowest first (or the one plain track). */
function transceiverSources(transceiver: RTCRtpTransceiver): RtpSource[] {
  const tracks = transceiver.receiver.tracks;
  const plain = tracks.find((t) => t.rid === undefined);
  const chosen = plain ? [plain] : tracks.filter((t) => (SIMULCAST_RIDS as readonly (string | undefined)[]).includes(t.rid));
  const isVp8 = (transceiver.codecs[0]?.mimeType ?? '').toLowerCase() === 'video/vp8';
  return [...chosen]
    .sort((a, b) => qualityOfRid(a.rid) - qualityOfRid(b.rid))
    .map((track: MediaStreamTrack) => ({
      kind: track.kind as MediaKind,
      rid: track.rid,
      isVp8,
      subscribe: (receive) => track.onReceiveRtp.subscribe((rtp, extensions) => receive(rtp, extensions)).unSubscribe,
      requestKeyframe: (ssrc) => {
        const target = ssrc ?? track.ssrc;
        if (target !== undefined) transceiver.receiver.sendRtcpPLI(target).catch(() => undefined);
      },
    }));
}

/**
 * The media one publisher sends for one simulcast layer of a published track (or the whole track), fanned out to
 * the subscribers' {@link DownTrack}s that forward this layer.
 */
export class UpTrack {
  readonly kind: MediaKind;
  readonly rid: string | undefined;
  readonly isVp8: boolean;
  packetsReceived = 0;
  /** Called with the audio level of each audio packet in -dBov (0 loudest, 127 silence), when the client sends it. */
  onAudioLevel: ((level: number | undefined) => void) | undefined;

  private readonly source: RtpSource;
  private readonly sinks = new Set<Sink>();
  private readonly unsubscribe: () => void;
  private mediaSsrc: number | undefined;
  private lastPacketAt = Number.NEGATIVE_INFINITY;
  private lastKeyframeRequest = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(source: RtpSource) {
    this.source = source;
    this.kind = source.kind;
    this.rid = source.rid;
    this.isVp8 = source.isVp8;
    this.unsubscribe = source.subscribe((rtp, extensions) => this.receive(rtp, extensions));
  }

  /** Starts reading every layer of the transceiver's media, lowest first; empty when it receives nothing. */
  static fromTransceiver(transceiver: RTCRtpTransceiver): UpTrack[] {
    return transceiverSources(transceiver).map((source) => new UpTrack(source));
  }

  /** How many subscribers' tracks read this layer now (a synthetic publisher sends only layers someone reads). */
  get sinkCount(): number {
    return this.sinks.size;
  }

  /** Whether forwarding this layer would deliver media now: it sent recently, or it sends when listened to. */
  isAvailable(now = Date.now()): boolean {
    return this.source.onDemand === true || now - this.lastPacketAt < LAYER_IDLE_MS;
  }

  addSink(sink: Sink): void {
    this.sinks.add(sink);
  }

  removeSink(sink: Sink): void {
    this.sinks.delete(sink);
  }

  /** Asks the publisher for a keyframe (RTCP PLI), at most once per {@link KEYFRAME_REQUEST_INTERVAL_MS}. */
  requestKeyframe(): void {
    if (this.kind !== 'video' || this.closed) return;
    const now = Date.now();
    if (now - this.lastKeyframeRequest < KEYFRAME_REQUEST_INTERVAL_MS) return;
    this.lastKeyframeRequest = now;
    this.source.requestKeyframe(this.mediaSsrc);
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.sinks.clear();
  }

  private receive(rtp: RtpPacket, extensions: Extensions | undefined): void {
    // simulcast layers are matched by rid and learn their SSRC from the first packet
    this.mediaSsrc = rtp.header.ssrc;
    this.packetsReceived += 1;
    this.lastPacketAt = Date.now();
    if (this.kind === 'audio' && this.onAudioLevel) {
      const level = extensions?.[RTP_EXTENSION_URI.audioLevelIndication] as { level: number } | undefined;
      this.onAudioLevel(level?.level);
    }
    for (const sink of this.sinks) sink(rtp);
  }
}
