import {
  ConnectionQuality,
  ConnectionQualityInfo,
  ConnectionQualityUpdate,
  ParticipantInfo_State,
  ParticipantUpdate,
  RoomUpdate,
  SpeakerInfo,
  SpeakersChanged,
  type DisconnectReason,
  type Room as RoomInfo,
} from '@livekit/protocol';
import type { Participant } from './participant';
import type { ResponseMessage } from './signal';
import { speakerChanges } from './speakers';

const QUALITY_SCORES: Record<ConnectionQuality, number> = {
  [ConnectionQuality.EXCELLENT]: 4.5,
  [ConnectionQuality.GOOD]: 3.5,
  [ConnectionQuality.POOR]: 2,
  [ConnectionQuality.LOST]: 0,
};

/**
 * What a room's participants are told about each other and the room: participant updates (hidden ones stay out of
 * the others' view), room updates, active speakers and connection quality. It reads the room's members and
 * remembers what it last announced.
 */
export class RoomUpdates {
  private readonly members: ReadonlyMap<string, Participant>;
  private speakerOverride: Map<string, number> | null = null;
  private readonly announcedSpeakers = new Map<string, number>();

  constructor(members: ReadonlyMap<string, Participant>) {
    this.members = members;
  }

  /** What a participant that just joined is told after its JoinResponse: the active speakers, the others' quality. */
  greet(participant: Participant, others: readonly Participant[]): void {
    if (this.announcedSpeakers.size > 0) {
      participant.send({ case: 'speakersChanged', value: this.speakersMessage([...this.announcedSpeakers].map(([sid, level]) => ({ sid, level, active: true }))) });
    }
    const qualities = others
      .map((p) => ({ p, quality: p.announcedQuality }))
      .filter((q): q is { p: Participant; quality: ConnectionQuality } => q.quality !== undefined);
    if (qualities.length > 0) {
      participant.send({
        case: 'connectionQuality',
        value: new ConnectionQualityUpdate({ updates: qualities.map(({ p, quality }) => this.qualityInfo(p, quality)) }),
      });
    }
  }

  /**
   * What a client resuming its session is told after its ReconnectResponse, as LiveKit's Room.ResumeParticipant
   * does: every participant it may see (itself included, unless hidden) as they are now, then the room.
   */
  resynchronise(participant: Participant, room: RoomInfo): void {
    const visible = [...this.members.values()].filter((p) => !p.hidden);
    participant.send({ case: 'update', value: new ParticipantUpdate({ participants: visible.map((p) => p.info()) }) });
    participant.send({ case: 'roomUpdate', value: new RoomUpdate({ room }) });
  }

  /** Sends `participant`'s current info to itself and, unless it is hidden, to everyone else. */
  participantChanged(participant: Participant): void {
    if (participant.isClosed) return;
    participant.version += 1;
    participant.send({ case: 'update', value: new ParticipantUpdate({ participants: [participant.info()] }) });
    this.announce(participant);
  }

  /** Tells the others about `participant`, or that it left their view when it became hidden. */
  announce(participant: Participant): void {
    if (participant.hidden) {
      if (!participant.announced) return;
      participant.announced = false;
      this.broadcast({ case: 'update', value: new ParticipantUpdate({ participants: [participant.info(ParticipantInfo_State.DISCONNECTED)] }) }, participant);
      return;
    }
    participant.announced = true;
    this.broadcast({ case: 'update', value: new ParticipantUpdate({ participants: [participant.info()] }) }, participant);
  }

  /** A participant left: it is no longer among the speakers. */
  forgetSpeaker(participant: Participant): void {
    this.announcedSpeakers.delete(participant.sid);
  }

  /** Tells the others a participant left, if they knew of it. */
  participantLeft(participant: Participant, reason: DisconnectReason): void {
    if (!participant.announced) return;
    participant.version += 1;
    this.broadcast({
      case: 'update',
      value: new ParticipantUpdate({ participants: [participant.info(ParticipantInfo_State.DISCONNECTED, reason)] }),
    });
  }

  /** The room's metadata or recording changed. */
  roomChanged(room: RoomInfo): void {
    this.broadcast({ case: 'roomUpdate', value: new RoomUpdate({ room }) });
  }

  /** Fixes the active speakers (identity → level 0..1), or with `null` goes back to measuring audio levels. */
  setSpeakers(speakers: readonly { identity: string; level?: number }[] | null): void {
    this.speakerOverride = speakers && new Map(speakers.map((s) => [s.identity, s.level ?? 1]));
    this.updateSpeakers(Date.now());
  }

  /** Sends a participant's connection quality when it differs from what clients were last told. */
  qualityMayHaveChanged(participant: Participant): void {
    const quality = participant.connectionQuality;
    if (quality === undefined || quality === participant.announcedQuality || participant.isClosed) return;
    participant.announcedQuality = quality;
    const message: ResponseMessage = {
      case: 'connectionQuality',
      value: new ConnectionQualityUpdate({ updates: [this.qualityInfo(participant, quality)] }),
    };
    if (participant.hidden) participant.send(message);
    else this.broadcast(message);
  }

  /** Announces the speakers that started or stopped speaking, or whose level moved, since the last call. */
  updateSpeakers(now: number): void {
    const next = new Map<string, number>();
    for (const member of this.members.values()) {
      if (member.hidden) continue;
      let level = 0;
      if (this.speakerOverride) {
        level = this.speakerOverride.get(member.identity) ?? 0;
      } else {
        for (const publication of member.publications.values()) {
          if (publication.kind === 'audio' && !publication.info.muted) level = Math.max(level, publication.activity.level(now));
        }
      }
      if (level > 0) next.set(member.sid, Math.min(1, Math.round(level * 100) / 100));
    }
    const changes = speakerChanges(this.announcedSpeakers, next);
    if (changes.length === 0) return;
    for (const change of changes) {
      if (change.active) this.announcedSpeakers.set(change.sid, change.level);
      else this.announcedSpeakers.delete(change.sid);
    }
    this.broadcast({ case: 'speakersChanged', value: this.speakersMessage(changes) });
  }

  private speakersMessage(speakers: { sid: string; level: number; active: boolean }[]): SpeakersChanged {
    return new SpeakersChanged({ speakers: speakers.map((s) => new SpeakerInfo(s)) });
  }

  private qualityInfo(participant: Participant, quality: ConnectionQuality): ConnectionQualityInfo {
    return new ConnectionQualityInfo({ participantSid: participant.sid, quality, score: QUALITY_SCORES[quality] });
  }

  private broadcast(message: ResponseMessage, except?: Participant): void {
    for (const member of this.members.values()) {
      if (member !== except) member.send(message);
    }
  }
}
