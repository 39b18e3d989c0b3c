import {
  MediaStream,
  MediaStreamTrack,
  PictureLossIndication,
  RTP_EXTENSION_URI,
  RtcpPayloadSpecificFeedback,
  type Extensions,
  type RTCRtpTransceiver,
  type RtcpPacket,
  type RtpPacket,
} from 'werift';
import { isVp8KeyframeStart } from './vp8';

/** Simulcast layers in the order the forwarder prefers them: the lowest is always sent, even on a slow start. */
const RID_PREFERENCE = ['q', 'h', 'f'];
/** Fewest milliseconds between two keyframe requests sent to one publisher. */
const KEYFRAME_REQUEST_INTERVAL_MS = 250;
/** How often a new subscriber asks for a keyframe until one has been forwarded to it. */
const KEYFRAME_RETRY_MS = 500;

export type MediaKind = 'audio' | 'video';

type Sink = (rtp: RtpPacket) => void;

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

/** The layer of a published track the server forwards, read from the publisher's transceiver. */
function pickLayer(transceiver: RTCRtpTransceiver): MediaStreamTrack | undefined {
  const tracks = transceiver.receiver.tracks;
  const plain = tracks.find((t) => t.rid === undefined);
  if (plain) return plain;
  const byPreference = (t: MediaStreamTrack) => {
    const rank = RID_PREFERENCE.indexOf(t.rid ?? '');
    return rank === -1 ? RID_PREFERENCE.length : rank;
  };
  return [...tracks].sort((a, b) => byPreference(a) - byPreference(b))[0];
}

/**
 * The media one publisher sends for one published track (one simulcast layer of it), fanned out to every
 * subscriber's {@link DownTrack}.
 */
export class UpTrack {
  readonly kind: MediaKind;
  readonly rid: string | undefined;
  packetsReceived = 0;
  /** Called with the audio level of each audio packet in -dBov (0 loudest, 127 silence), when the client sends it. */
  onAudioLevel: ((level: number | undefined) => void) | undefined;

  private readonly transceiver: RTCRtpTransceiver;
  private readonly sinks = new Set<Sink>();
  private readonly unsubscribe: () => void;
  private mediaSsrc: number | undefined;
  private lastKeyframeRequest = 0;
  private closed = false;

  private constructor(transceiver: RTCRtpTransceiver, track: MediaStreamTrack) {
    this.transceiver = transceiver;
    this.kind = track.kind as MediaKind;
    this.rid = track.rid;
    this.mediaSsrc = track.ssrc;
    this.unsubscribe = track.onReceiveRtp.subscribe((rtp, extensions) => this.receive(rtp, extensions)).unSubscribe;
  }

  /** Starts reading the transceiver's media, or returns undefined when it has no receiving track. */
  static fromTransceiver(transceiver: RTCRtpTransceiver): UpTrack | undefined {
    const track = pickLayer(transceiver);
    return track ? new UpTrack(transceiver, track) : undefined;
  }

  get isVp8(): boolean {
    const mimeType = this.transceiver.codecs[0]?.mimeType ?? '';
    return mimeType.toLowerCase() === 'video/vp8';
  }

  addSink(sink: Sink): void {
    this.sinks.add(sink);
  }

  removeSink(sink: Sink): void {
    this.sinks.delete(sink);
  }

  /** Asks the publisher for a keyframe (RTCP PLI), at most once per {@link KEYFRAME_REQUEST_INTERVAL_MS}. */
  requestKeyframe(): void {
    if (this.kind !== 'video' || this.closed || this.mediaSsrc === undefined) return;
    const now = Date.now();
    if (now - this.lastKeyframeRequest < KEYFRAME_REQUEST_INTERVAL_MS) return;
    this.lastKeyframeRequest = now;
    this.transceiver.receiver.sendRtcpPLI(this.mediaSsrc).catch(() => undefined);
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
    if (this.kind === 'audio' && this.onAudioLevel) {
      const level = extensions?.[RTP_EXTENSION_URI.audioLevelIndication] as { level: number } | undefined;
      this.onAudioLevel(level?.level);
    }
    for (const sink of this.sinks) sink(rtp);
  }
}

/**
 * One published track forwarded to one subscriber, on one of the subscriber's receive-only m-sections, which the
 * server answers `sendonly` with `msid` `PA_…|TR_… TR_…` (livekit-client reads both sids from the stream id).
 */
export class DownTrack {
  readonly mid: string;
  packetsSent = 0;

  private readonly up: UpTrack;
  private readonly transceiver: RTCRtpTransceiver;
  private readonly out: MediaStreamTrack;
  private readonly forward: Sink;
  private readonly unsubscribePli: () => void;
  private waitingForKeyframe: boolean;
  private keyframeTimer: ReturnType<typeof setInterval> | undefined;

  private constructor(up: UpTrack, transceiver: RTCRtpTransceiver, out: MediaStreamTrack) {
    this.up = up;
    this.transceiver = transceiver;
    this.out = out;
    this.mid = transceiver.mid ?? '';
    this.waitingForKeyframe = up.kind === 'video' && up.isVp8;
    this.forward = (rtp) => this.send(rtp);
    // Read keyframe requests off the transport: werift routes a PLI by its sender SSRC first, and Chrome often
    // signs feedback with the SSRC of a stream it publishes, so sender.onPictureLossIndication misses it.
    const ssrc = transceiver.sender.ssrc;
    this.unsubscribePli = transceiver.sender.dtlsTransport.onRtcp.subscribe((packet) => {
      if (requestsKeyframe(packet, ssrc)) up.requestKeyframe();
    }).unSubscribe;
    up.addSink(this.forward);
    if (this.waitingForKeyframe) {
      up.requestKeyframe();
      this.keyframeTimer = setInterval(() => up.requestKeyframe(), KEYFRAME_RETRY_MS);
    }
  }

  /** Puts `up` on the subscriber's `transceiver`. The change reaches the client with the next answer. */
  static async attach(
    up: UpTrack,
    transceiver: RTCRtpTransceiver,
    ids: { participantSid: string; trackSid: string },
  ): Promise<DownTrack> {
    const out = new MediaStreamTrack({ kind: up.kind });
    const sender = transceiver.sender as { trackId: string } & typeof transceiver.sender;
    sender.trackId = ids.trackSid;
    sender.setStreams([new MediaStream({ id: `${ids.participantSid}|${ids.trackSid}` })]);
    transceiver.setDirection('sendonly');
    await sender.replaceTrack(out);
    return new DownTrack(up, transceiver, out);
  }

  /** Stops forwarding and marks the m-section inactive; the client learns it with the next answer. */
  close(): void {
    this.up.removeSink(this.forward);
    this.unsubscribePli();
    this.stopKeyframeRetries();
    this.transceiver.setDirection('inactive');
    this.transceiver.sender.replaceTrack(null).catch(() => undefined);
    this.out.stop();
  }

  private stopKeyframeRetries(): void {
    if (this.keyframeTimer !== undefined) clearInterval(this.keyframeTimer);
    this.keyframeTimer = undefined;
  }

  private send(rtp: RtpPacket): void {
    if (this.waitingForKeyframe) {
      if (!isVp8KeyframeStart(rtp.payload)) return;
      this.waitingForKeyframe = false;
      this.stopKeyframeRetries();
    }
    // werift rewrites the header while sending, and the publisher's extension ids mean nothing here
    const copy = rtp.clone();
    copy.header.extensions = [];
    this.packetsSent += 1;
    this.out.writeRtp(copy);
  }
}
