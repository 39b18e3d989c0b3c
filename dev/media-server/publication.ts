import {
  Encryption_Type,
  SubscribedCodec,
  SubscribedQuality,
  SubscribedQualityUpdate,
  TrackInfo,
  TrackType,
  type AddTrackRequest,
  type VideoLayer,
} from '@livekit/protocol';
import type { DownTrack, Layer } from './downTrack';
import type { MediaKind, UpTrack } from './forwarding';
import { sourceName } from './grants';
import { newId } from './ids';
import { qualityOfRid } from './simulcast';
import type { ResponseMessage } from './signal';
import { AudioActivity } from './speakers';

/** A participant's track as the control API reports it. */
export interface TrackState {
  sid: string;
  cid: string;
  kind: MediaKind;
  source: string;
  name: string;
  muted: boolean;
  /** True once the track's media has been negotiated and is being read. */
  receiving: boolean;
  packetsReceived: number;
  /** The simulcast layers received (rids, lowest first; `-` for a track without simulcast). */
  layers: string[];
  /** The best quality any subscriber wants (LOW 0, MEDIUM 1, HIGH 2), -1 for none: what dynacast asks for. */
  wantedQuality: number;
  /** Of an audio track: when its current spell of speech began (epoch ms), or null while it is not speaking. */
  speakingSince: number | null;
  /** How its publisher encrypts its frames end to end (`NONE`, `GCM`, `CUSTOM`): the server forwards them unread. */
  encryption: string;
}

/** One publication's sender of SubscribedQualityUpdate: a participant's client, or nobody for synthetic ones. */
export interface Publisher {
  readonly sid: string;
  send(message: ResponseMessage): void;
}

/** One published track: what the publisher announced with AddTrackRequest, and its media once negotiated. */
export class Publication {
  readonly sid: string;
  readonly cid: string;
  readonly publisher: Publisher;
  readonly info: TrackInfo;
  readonly activity = new AudioActivity();
  /** The publisher's m-section carrying this track, once an offer has included it. */
  mid: string | undefined;
  /** That section's msid track id: the cid, except from Firefox, whose msid names its transceiver instead. */
  sdpTrackId: string | undefined;
  /** Whether the publisher has been told (trackSubscribed) that someone receives this track. */
  subscribedAnnounced = false;
  /** The media received, one entry per simulcast layer, lowest first; empty until negotiated. */
  layers: Layer[] = [];
  /** The subscribers' tracks of this publication. */
  readonly downTracks = new Set<DownTrack>();
  /** The quality last announced to the publisher with SubscribedQualityUpdate (dynacast). */
  private announcedQuality: number | undefined;

  constructor(publisher: Publisher, request: AddTrackRequest) {
    this.sid = newId('TR');
    this.cid = request.cid;
    this.publisher = publisher;
    this.info = new TrackInfo({
      sid: this.sid,
      type: request.type,
      name: request.name,
      source: request.source,
      muted: request.muted,
      width: request.width,
      height: request.height,
      simulcast: request.layers.length > 1,
      layers: request.layers,
      disableDtx: request.disableDtx,
      stereo: request.stereo,
      // RED is never negotiated: the server answers plain Opus
      disableRed: true,
      stream: request.stream,
      // End-to-end encrypted media is forwarded as is; subscribers learn from this that they must decrypt it.
      encryption: request.encryption,
      // Audio features as the publisher announced them (LiveKit copies them too): TF_PRECONNECT_BUFFER tells
      // livekit-client to hand its pre-connect recording to the agent.
      audioFeatures: request.audioFeatures,
      mimeType: request.type === TrackType.VIDEO ? 'video/VP8' : 'audio/opus',
    });
  }

  /** The lowest layer's media (an audio track's only one), once negotiated. */
  get up(): UpTrack | undefined {
    return this.layers[0]?.up;
  }

  /** Takes the negotiated media, one {@link UpTrack} per layer, lowest first. */
  setMedia(ups: readonly UpTrack[]): void {
    const sized = (quality: number): VideoLayer | undefined => this.info.layers.find((l) => l.quality === quality);
    this.layers = ups.map((up) => {
      const quality = qualityOfRid(up.rid);
      const layer = sized(quality) ?? (ups.length === 1 ? { width: this.info.width, height: this.info.height } : undefined);
      return { up, quality, width: layer?.width ?? 0, height: layer?.height ?? 0 };
    });
  }

  /** The best quality any subscriber wants now, -1 for none. */
  get wantedQuality(): number {
    let best = -1;
    for (const down of this.downTracks) best = Math.max(best, down.targetQuality);
    return best;
  }

  /**
   * Dynacast: tells the publisher which of its simulcast layers someone watches (SubscribedQualityUpdate), when
   * that changed. livekit-client then stops encoding the others.
   */
  announceWantedQuality(): void {
    if (this.kind !== 'video' || this.layers.length < 2) return;
    const wanted = this.wantedQuality;
    if (wanted === this.announcedQuality) return;
    this.announcedQuality = wanted;
    const qualities = this.layers.map((l) => new SubscribedQuality({ quality: l.quality, enabled: l.quality <= wanted }));
    this.publisher.send({
      case: 'subscribedQualityUpdate',
      value: new SubscribedQualityUpdate({
        trackSid: this.sid,
        subscribedQualities: qualities,
        subscribedCodecs: [new SubscribedCodec({ codec: 'vp8', qualities })],
      }),
    });
  }

  get kind(): MediaKind {
    return this.info.type === TrackType.VIDEO ? 'video' : 'audio';
  }

  state(): TrackState {
    return {
      sid: this.sid,
      cid: this.cid,
      kind: this.kind,
      source: sourceName(this.info.source),
      name: this.info.name,
      muted: this.info.muted,
      receiving: this.up !== undefined,
      packetsReceived: this.layers.reduce((sum, l) => sum + l.up.packetsReceived, 0),
      layers: this.layers.map((l) => l.up.rid ?? '-'),
      wantedQuality: this.wantedQuality,
      speakingSince: this.kind === 'audio' ? this.activity.speakingSince(Date.now()) : null,
      encryption: Encryption_Type[this.info.encryption] ?? String(this.info.encryption),
    };
  }

  close(): void {
    for (const layer of this.layers) layer.up.close();
    this.layers = [];
  }
}
