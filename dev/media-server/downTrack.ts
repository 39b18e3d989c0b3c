import { MediaStream, MediaStreamTrack, type RTCRtpTransceiver, type RtpPacket } from 'werift';
import { requestsKeyframe, type MediaKind, type Sink, type UpTrack } from './forwarding';
import type { SectionStats, StreamPosition } from './sections';
import { RtpRewriter, selectLayer, type LayerInfo, type TrackSettings } from './simulcast';
import { isVp8KeyframeStart } from './vp8';

/**
 * How often a subscriber waiting for a layer asks for a keyframe until one has been forwarded to it, and looks
 * again whether the layer it wants has started (or stopped) arriving.
 */
const KEYFRAME_RETRY_MS = 500;
/** RTP clock rates of what the server forwards: Opus and VP8. */
const CLOCK_RATE: Record<MediaKind, number> = { audio: 48_000, video: 90_000 };

/** One layer of a publication as a subscriber's track sees it: its media and what it is. */
export interface Layer extends LayerInfo {
  readonly up: UpTrack;
}

/** A subscriber's track as the control API reports it. */
export interface DownTrackState {
  /** The rid of the layer forwarded now (`-` for a track without simulcast), or null while none is. */
  layer: string | null;
  /** Quality of the layer the subscriber asked for (LOW 0, MEDIUM 1, HIGH 2), or -1 while disabled. */
  targetQuality: number;
  packetsSent: number;
  bytesSent: number;
  /** Changes from one forwarded layer to another (the first layer is not a switch). */
  layerSwitches: number;
}

/** What one subscriber received, as the control API reports it, and the negotiations of its receive sections. */
export interface SubscriberStats extends SectionStats {
  /** Tracks forwarded now, and of them video. */
  subscriptions: number;
  videoSubscriptions: number;
  /** The most tracks (and video tracks) forwarded at once so far. */
  peakSubscriptions: number;
  peakVideoSubscriptions: number;
  /** Track sids the client asked to subscribe to with UpdateSubscription, counted each time. */
  subscribeRequests: number;
  /** Over the whole session, closed tracks included. */
  layerSwitches: number;
  bytesSent: number;
  videoBytesSent: number;
  packetsSent: number;
  /** Each track forwarded now, by track sid. */
  tracks: Record<string, DownTrackState>;
}

/**
 * One published track forwarded to one subscriber, on one of the subscriber's receive-only m-sections, which the
 * server answers `sendonly` with `msid` `PA_…|TR_… TR_…` (livekit-client reads both sids from the stream id).
 *
 * Of a simulcast track it forwards the layer the subscriber's track settings select, or the best one below it that
 * arrives (a publisher starting slowly sends its low layer first); a change waits for a VP8 keyframe of the new
 * layer (asked for at once) and keeps the outgoing sequence numbers and timestamps continuous.
 */
export class DownTrack {
  readonly mid: string;
  readonly kind: MediaKind;
  packetsSent = 0;
  bytesSent = 0;
  layerSwitches = 0;
  /** Called when the quality this subscriber wants changes (for dynacast). */
  onTargetChanged: (() => void) | undefined;

  private readonly layers: readonly Layer[];
  private readonly transceiver: RTCRtpTransceiver;
  private readonly out: MediaStreamTrack;
  private readonly sinks = new Map<number, Sink>();
  private readonly rewriter = new RtpRewriter();
  private readonly unsubscribePli: () => void;
  /** The layer the settings select. */
  private selected: number;
  /** The layer to forward: the selected one, or the best one below it that arrives. */
  private target = -1;
  private current = -1;
  private lastPacketAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  private constructor(
    layers: readonly Layer[],
    transceiver: RTCRtpTransceiver,
    out: MediaStreamTrack,
    settings: TrackSettings | undefined,
    from: StreamPosition | undefined,
  ) {
    this.layers = layers;
    this.kind = layers[0]?.up.kind ?? 'video';
    // A section reused after another track: its RTP stream (same SSRC) runs on, its timestamps by the time passed.
    if (from) this.rewriter.continueFrom(from.seq, from.ts + Math.round(((Date.now() - from.at) * CLOCK_RATE[this.kind]) / 1000));
    this.transceiver = transceiver;
    this.out = out;
    this.mid = transceiver.mid ?? '';
    // Read keyframe requests off the transport: werift routes a PLI by its sender SSRC first, and Chrome often
    // signs feedback with the SSRC of a stream it publishes, so sender.onPictureLossIndication misses it.
    const ssrc = transceiver.sender.ssrc;
    this.unsubscribePli = transceiver.sender.dtlsTransport.onRtcp.subscribe((packet) => {
      if (requestsKeyframe(packet, ssrc)) this.layers[this.current]?.up.requestKeyframe();
    }).unSubscribe;
    this.selected = selectLayer(layers, settings);
    this.follow();
  }

  /**
   * Puts the publication's `layers` on the subscriber's `transceiver`, continuing the stream of the track it
   * carried before, if any (`from`). The change reaches the client with the next answer.
   */
  static async attach(
    layers: readonly Layer[],
    transceiver: RTCRtpTransceiver,
    ids: { participantSid: string; trackSid: string },
    settings?: TrackSettings,
    from?: StreamPosition,
  ): Promise<DownTrack> {
    const out = new MediaStreamTrack({ kind: layers[0]?.up.kind ?? 'video' });
    const sender = transceiver.sender as { trackId: string } & typeof transceiver.sender;
    sender.trackId = ids.trackSid;
    sender.setStreams([new MediaStream({ id: `${ids.participantSid}|${ids.trackSid}` })]);
    transceiver.setDirection('sendonly');
    // Not replaceTrack: on a sender that has sent before (a reused section) werift's waits for the new track's
    // first packet to re-base its numbering, and this track is written only once attached. The DownTrack keeps the
    // numbering continuous itself (`from`).
    sender.registerTrack(out);
    return new DownTrack(layers, transceiver, out, settings, from);
  }

  /** The quality of the layer this subscriber wants, or -1 for none. */
  get targetQuality(): number {
    return this.layers[this.selected]?.quality ?? -1;
  }

  state(): DownTrackState {
    const layer = this.layers[this.current];
    return {
      layer: layer ? (layer.up.rid ?? '-') : null,
      targetQuality: this.targetQuality,
      packetsSent: this.packetsSent,
      bytesSent: this.bytesSent,
      layerSwitches: this.layerSwitches,
    };
  }

  /** Where this track left its RTP stream: the last packet's numbers and time, if it sent any. */
  position(): StreamPosition | undefined {
    const last = this.rewriter.last;
    return last && { ...last, at: this.lastPacketAt };
  }

  /** Applies the subscriber's track settings (UpdateTrackSettings). */
  applySettings(settings: TrackSettings): void {
    const next = selectLayer(this.layers, settings);
    if (next === this.selected) return;
    const before = this.targetQuality;
    this.selected = next;
    this.follow();
    if (this.targetQuality !== before) this.onTargetChanged?.();
  }

  /** Stops forwarding and marks the m-section inactive; the client learns it with the next answer. */
  close(): void {
    this.closed = true;
    for (const index of [...this.sinks.keys()]) this.unlisten(index);
    this.unsubscribePli();
    this.stopTimer();
    this.transceiver.setDirection('inactive');
    this.transceiver.sender.replaceTrack(null).catch(() => undefined);
    this.out.stop();
  }

  /** The selected layer, or the best one below it that arrives now; -1 when disabled. */
  private available(): number {
    let index = this.selected;
    const now = Date.now();
    while (index > 0 && !this.layers[index]!.up.isAvailable(now)) index -= 1;
    return index;
  }

  /**
   * Picks the layer to forward and listens to it and the current one only. Until the forwarded layer is the
   * selected one, a timer asks for keyframes and looks again which layers arrive.
   */
  private follow(): void {
    if (this.closed) return;
    this.target = this.available();
    if (this.target === -1) this.current = -1;
    for (const index of [...this.sinks.keys()]) if (index !== this.target && index !== this.current) this.unlisten(index);
    const layer = this.layers[this.target];
    if (layer && !this.sinks.has(this.target)) {
      const index = this.target;
      const sink: Sink = (rtp) => this.receive(index, rtp);
      this.sinks.set(index, sink);
      layer.up.addSink(sink);
    }
    const switching = layer !== undefined && this.current !== this.target && this.waitsForKeyframe();
    if (switching) layer.up.requestKeyframe();
    if (switching || this.target !== this.selected) {
      this.timer ??= setInterval(() => this.recheck(), KEYFRAME_RETRY_MS);
    } else {
      this.stopTimer();
    }
  }

  private recheck(): void {
    if (this.available() !== this.target) this.follow();
    else if (this.current !== this.target) this.layers[this.target]?.up.requestKeyframe();
  }

  private waitsForKeyframe(): boolean {
    return this.kind === 'video' && (this.layers[this.target]?.up.isVp8 ?? false);
  }

  private unlisten(index: number): void {
    const sink = this.sinks.get(index);
    if (sink) this.layers[index]?.up.removeSink(sink);
    this.sinks.delete(index);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private receive(index: number, rtp: RtpPacket): void {
    if (index !== this.current) {
      if (index !== this.target || (this.waitsForKeyframe() && !isVp8KeyframeStart(rtp.payload))) return;
      if (this.current !== -1) this.layerSwitches += 1;
      this.current = index;
      this.rewriter.restart(rtp.header.sequenceNumber, rtp.header.timestamp);
      this.follow();
    }
    // werift rewrites the header while sending, and the publisher's extension ids mean nothing here
    const copy = rtp.clone();
    copy.header.extensions = [];
    const { seq, ts } = this.rewriter.rewrite(rtp.header.sequenceNumber, rtp.header.timestamp);
    copy.header.sequenceNumber = seq;
    copy.header.timestamp = ts;
    this.packetsSent += 1;
    this.lastPacketAt = Date.now();
    this.bytesSent += copy.payload.length + 12;
    this.out.writeRtp(copy);
  }
}
