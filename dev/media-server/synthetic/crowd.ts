import {
  AddTrackRequest,
  ConnectionQuality,
  DisconnectReason,
  ParticipantPermission,
  TrackSource,
  TrackType,
  VideoLayer,
} from '@livekit/protocol';
import { UpTrack } from '../forwarding';
import type { Participant } from '../participant';
import { Publication } from '../publication';
import type { Room } from '../room';
import { FPS, LAYERS } from './layers';
import { SyntheticMicrophone, SyntheticVideoLayer } from './media';

/** What the control API's `POST /control/rooms/:room/synthetic` asks for. */
export interface SyntheticOptions {
  /** How many participants to add (1..1000). */
  count: number;
  /** Identities are `<prefix>-<n>`, numbered after the ones already there (default `synthetic`). */
  prefix?: string | undefined;
  /** Publish a simulcast camera (default true). */
  camera?: boolean | undefined;
  /** Publish a microphone (default true). */
  microphone?: boolean | undefined;
  /** Take turns speaking, each for `turnMs` (default false). */
  speaking?: boolean | undefined;
  /** How long each turn lasts (default 3000 ms). */
  turnMs?: number | undefined;
  /**
   * How many of them (the first ones added) publish their microphone muted (default 0). A microphone whose
   * publication is muted sends nothing and takes no turn. The others' silent microphones send what Opus DTX
   * sends; a speaker's every 20 ms.
   */
  mutedMicrophones?: number | undefined;
}

interface Member {
  readonly room: Room;
  readonly participant: Participant;
  readonly video: { source: SyntheticVideoLayer; up: UpTrack }[];
  readonly mic: { source: SyntheticMicrophone; up: UpTrack; publication: Publication } | undefined;
  readonly speaking: boolean;
}

const AUDIO_TICK_MS = 20;
/** A silent microphone sends a packet this rarely (Opus DTX), a speaking one every 20 ms. */
const SILENT_PACKET_EVERY = 20;
/** The level a synthetic speaker's packets carry, in -dBov (loud). */
const SPEAKING_DBOV = 20;

/**
 * The server's synthetic participants: each publishes a three-layer simulcast camera looping a pre-encoded VP8
 * stream and an Opus microphone, without a client. Media is produced only for layers someone receives (so 300
 * publishers cost what their subscribers watch), on two shared timers.
 */
export class SyntheticCrowd {
  private members: Member[] = [];
  private readonly turns = new Map<Room, { turnMs: number; startedAt: number }>();
  private videoTimer: ReturnType<typeof setInterval> | undefined;
  private audioTimer: ReturnType<typeof setInterval> | undefined;
  private audioTicks = 0;

  /** Adds `options.count` participants to `room`; returns their identities. */
  add(room: Room, options: SyntheticOptions): string[] {
    const prefix = options.prefix ?? 'synthetic';
    const identities: string[] = [];
    let n = 0;
    while (identities.length < options.count) {
      n += 1;
      const identity = `${prefix}-${n}`;
      if (room.participant(identity)) continue;
      identities.push(identity);
      this.members.push(this.join(room, identity, n, options, identities.length <= (options.mutedMicrophones ?? 0)));
    }
    if (options.speaking) this.turns.set(room, { turnMs: options.turnMs ?? 3000, startedAt: Date.now() });
    this.startTimers();
    return identities;
  }

  /** Removes the synthetic participants of `room` (those named, or all); returns the identities removed. */
  remove(room: Room, identities?: readonly string[]): string[] {
    const removed: string[] = [];
    for (const member of this.members) {
      if (member.room !== room || (identities && !identities.includes(member.participant.identity))) continue;
      room.removeParticipant(member.participant, DisconnectReason.CLIENT_INITIATED, { sendLeave: false });
      removed.push(member.participant.identity);
    }
    this.prune();
    return removed;
  }

  /** How many synthetic participants are in `room`. */
  count(room: Room): number {
    return this.members.filter((m) => m.room === room && !m.participant.isClosed).length;
  }

  /** Stops producing media (the participants themselves go with their rooms). */
  stop(): void {
    this.members = [];
    this.turns.clear();
    this.stopTimers();
  }

  private join(room: Room, identity: string, n: number, options: SyntheticOptions, micMuted: boolean): Member {
    const participant = room.joinSynthetic({
      identity,
      name: `Synthetic ${n}`,
      kind: 'standard',
      metadata: '',
      attributes: { synthetic: 'true' },
      permission: new ParticipantPermission({ canPublish: true, canSubscribe: false, canPublishData: false }),
      autoSubscribe: false,
      clientProtocol: 1,
    });
    participant.qualityOverride = ConnectionQuality.EXCELLENT;
    const publish = (request: AddTrackRequest, ups: UpTrack[]) => {
      const publication = new Publication(participant, request);
      publication.setMedia(ups);
      participant.publications.set(publication.sid, publication);
      return publication;
    };
    let video: Member['video'] = [];
    if (options.camera ?? true) {
      video = LAYERS.map((layer) => {
        const source = new SyntheticVideoLayer(layer.rid);
        return { source, up: new UpTrack(source) };
      });
      publish(
        new AddTrackRequest({
          cid: `${identity}-camera`,
          name: 'camera',
          type: TrackType.VIDEO,
          source: TrackSource.CAMERA,
          width: 1280,
          height: 720,
          layers: LAYERS.map((l) => new VideoLayer({ quality: l.quality, width: l.width, height: l.height, bitrate: l.bitrate })),
        }),
        video.map((v) => v.up),
      );
    }
    let mic: Member['mic'];
    if (options.microphone ?? true) {
      const source = new SyntheticMicrophone();
      const up = new UpTrack(source);
      const publication = publish(
        new AddTrackRequest({ cid: `${identity}-microphone`, name: 'microphone', type: TrackType.AUDIO, source: TrackSource.MICROPHONE, muted: micMuted }),
        [up],
      );
      mic = { source, up, publication };
    }
    room.participantChanged(participant);
    for (const publication of participant.publications.values()) room.publicationReady(publication);
    return { room, participant, video, mic, speaking: options.speaking ?? false };
  }

  /** The member of `room` whose turn it is to speak, if its participants take turns. */
  private speakerOf(room: Room, now: number): Member | undefined {
    const turn = this.turns.get(room);
    if (!turn) return undefined;
    const speakers = this.members.filter((m) => m.room === room && m.speaking && m.mic && !m.mic.publication.info.muted);
    return speakers[Math.floor((now - turn.startedAt) / turn.turnMs) % Math.max(1, speakers.length)];
  }

  private prune(): void {
    this.members = this.members.filter((m) => !m.participant.isClosed);
    for (const room of this.turns.keys()) if (!this.members.some((m) => m.room === room)) this.turns.delete(room);
    if (this.members.length === 0) this.stopTimers();
  }

  private startTimers(): void {
    this.videoTimer ??= setInterval(() => {
      if (this.members.some((m) => m.participant.isClosed)) this.prune();
      for (const member of this.members) {
        for (const layer of member.video) if (layer.up.sinkCount > 0) layer.source.emitFrame();
      }
    }, 1000 / FPS);
    this.audioTimer ??= setInterval(() => {
      const now = Date.now();
      this.audioTicks += 1;
      const speakers = new Set([...this.turns.keys()].map((room) => this.speakerOf(room, now)));
      for (const member of this.members) {
        // A muted microphone sends nothing, as a client's does.
        if (!member.mic || member.mic.publication.info.muted || member.participant.isClosed) continue;
        const speaking = speakers.has(member);
        if (speaking) member.mic.publication.activity.record(SPEAKING_DBOV, now);
        if (member.mic.up.sinkCount > 0 && (speaking || this.audioTicks % SILENT_PACKET_EVERY === 0)) {
          member.mic.source.emitPacket(speaking ? AUDIO_TICK_MS : AUDIO_TICK_MS * SILENT_PACKET_EVERY);
        }
      }
    }, AUDIO_TICK_MS);
  }

  private stopTimers(): void {
    if (this.videoTimer !== undefined) clearInterval(this.videoTimer);
    if (this.audioTimer !== undefined) clearInterval(this.audioTimer);
    this.videoTimer = undefined;
    this.audioTimer = undefined;
  }
}
