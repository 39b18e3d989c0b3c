import { TrackInfo, TrackType, type AddTrackRequest } from '@livekit/protocol';
import type { MediaKind, UpTrack } from './forwarding';
import { sourceName } from './grants';
import { newId } from './ids';
import type { ResponseMessage } from './signal';
import { AudioActivity } from './speakers';

/** What a publication knows of the participant publishing it. */
export interface Publisher {
  readonly sid: string;
  send(message: ResponseMessage): void;
}

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
  /** Whether the publisher has been told (trackSubscribed) that someone receives this track. */
  subscribedAnnounced = false;
  up: UpTrack | undefined;

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
      mimeType: request.type === TrackType.VIDEO ? 'video/VP8' : 'audio/opus',
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
      packetsReceived: this.up?.packetsReceived ?? 0,
    };
  }

  close(): void {
    this.up?.close();
    this.up = undefined;
  }
}
