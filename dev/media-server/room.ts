import {
  ClientConfigSetting,
  ClientConfiguration,
  ConnectionQuality,
  ConnectionQualityInfo,
  ConnectionQualityUpdate,
  DataPacket,
  DataPacket_Kind,
  DisconnectReason,
  JoinResponse,
  ParticipantInfo_State,
  ParticipantUpdate,
  Room as RoomInfo,
  RoomUpdate,
  ServerInfo,
  ServerInfo_Edition,
  SpeakerInfo,
  SpeakersChanged,
  UserPacket,
  protoInt64,
  type JoinRequest,
} from '@livekit/protocol';
import type { WebSocket } from 'ws';
import type { ServerContext } from './context';
import { newId } from './ids';
import { Participant, type ParticipantHost, type ParticipantInit, type ParticipantState } from './participant';
import type { Publication } from './publication';
import type { ResponseMessage } from './signal';
import { speakerChanges } from './speakers';

/** A room as the control API reports it. */
export interface RoomState {
  name: string;
  sid: string;
  metadata: string;
  activeRecording: boolean;
  participants: ParticipantState[];
}

/** A server-sent data message (control API). */
export interface ServerDataMessage {
  payload: string | Uint8Array;
  topic?: string;
  reliable?: boolean;
  /** Identities to deliver to; everyone when absent or empty. */
  destinationIdentities?: string[];
}

const QUALITY_SCORES: Record<ConnectionQuality, number> = {
  [ConnectionQuality.EXCELLENT]: 4.5,
  [ConnectionQuality.GOOD]: 3.5,
  [ConnectionQuality.POOR]: 2,
  [ConnectionQuality.LOST]: 0,
};

/** One room: its participants, who sees whom, and the room-wide updates (metadata, recording, speakers). */
export class Room implements ParticipantHost {
  readonly name: string;
  readonly sid = newId('RM');
  readonly createdAt = Date.now();
  metadata = '';
  activeRecording = false;

  private readonly ctx: ServerContext;
  private readonly members = new Map<string, Participant>();
  private speakerOverride: Map<string, number> | null = null;
  private readonly announcedSpeakers = new Map<string, number>();

  constructor(name: string, ctx: ServerContext) {
    this.name = name;
    this.ctx = ctx;
  }

  get participants(): Participant[] {
    return [...this.members.values()];
  }

  participant(identity: string): Participant | undefined {
    return this.members.get(identity);
  }

  info(): RoomInfo {
    const visible = this.participants.filter((p) => !p.hidden);
    return new RoomInfo({
      sid: this.sid,
      name: this.name,
      metadata: this.metadata,
      activeRecording: this.activeRecording,
      numParticipants: visible.length,
      numPublishers: visible.filter((p) => p.publications.size > 0).length,
      creationTime: protoInt64.parse(Math.floor(this.createdAt / 1000)),
      creationTimeMs: protoInt64.parse(this.createdAt),
      emptyTimeout: 300,
      departureTimeout: 20,
    });
  }

  state(): RoomState {
    return {
      name: this.name,
      sid: this.sid,
      metadata: this.metadata,
      activeRecording: this.activeRecording,
      participants: this.participants.map((p) => p.state()),
    };
  }

  /** Every publication in the room. */
  *publications(): Iterable<Publication> {
    for (const member of this.members.values()) yield* member.publications.values();
  }

  /**
   * Adds a participant and sends its JoinResponse (always the first message on the socket). An earlier
   * participant with the same identity is removed with DUPLICATE_IDENTITY.
   */
  join(ws: WebSocket, init: ParticipantInit, request: JoinRequest): Participant {
    const existing = this.members.get(init.identity);
    if (existing) this.removeParticipant(existing, DisconnectReason.DUPLICATE_IDENTITY, { sendLeave: true });

    const participant = new Participant(this, this.ctx, ws, init);
    const others = this.participants.filter((p) => !p.hidden);
    this.members.set(participant.identity, participant);
    participant.send({
      case: 'join',
      value: new JoinResponse({
        room: this.info(),
        participant: participant.info(),
        otherParticipants: others.map((p) => p.info()),
        serverVersion: this.ctx.serverVersion,
        serverInfo: new ServerInfo({
          edition: ServerInfo_Edition.Standard,
          version: this.ctx.serverVersion,
          protocol: 16,
          nodeId: 'roomkit-dev',
        }),
        pingInterval: this.ctx.pingInterval,
        pingTimeout: this.ctx.pingTimeout,
        // there is no session to resume on this server: a dropped client rejoins from scratch
        clientConfiguration: new ClientConfiguration({ resumeConnection: ClientConfigSetting.DISABLED }),
      }),
    });
    this.ctx.logger.info(`${participant.identity} joined ${this.name} as ${participant.sid}${participant.hidden ? ' (hidden)' : ''}`);
    this.announce(participant);

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
    for (const addTrack of request.addTrackRequests) participant.addTrack(addTrack);
    if (request.publisherOffer) participant.acceptOffer(request.publisherOffer);
    return participant;
  }

  /** Sends `participant`'s current info to itself and, unless it is hidden, to everyone else. */
  participantChanged(participant: Participant): void {
    if (participant.isClosed) return;
    participant.version += 1;
    participant.send({ case: 'update', value: new ParticipantUpdate({ participants: [participant.info()] }) });
    this.announce(participant);
  }

  /** Tells the others about `participant`, or that it left their view when it became hidden. */
  private announce(participant: Participant): void {
    if (participant.hidden) {
      if (!participant.announced) return;
      participant.announced = false;
      this.broadcast({ case: 'update', value: new ParticipantUpdate({ participants: [participant.info(ParticipantInfo_State.DISCONNECTED)] }) }, participant);
      return;
    }
    participant.announced = true;
    this.broadcast({ case: 'update', value: new ParticipantUpdate({ participants: [participant.info()] }) }, participant);
  }

  /** Removes a participant: others see it leave; with `sendLeave` the client is told why first. */
  removeParticipant(participant: Participant, reason: DisconnectReason, { sendLeave }: { sendLeave: boolean }): void {
    if (participant.isClosed) return;
    if (this.members.get(participant.identity) === participant) this.members.delete(participant.identity);
    if (sendLeave) participant.sendLeave(reason, 'disconnect');
    const publications = [...participant.publications.values()];
    void participant.dispose({ abrupt: false });
    for (const publication of publications) this.publicationRemoved(publication);
    this.announcedSpeakers.delete(participant.sid);
    this.ctx.logger.info(`${participant.identity} left ${this.name} (${DisconnectReason[reason]})`);
    if (!participant.announced) return;
    participant.version += 1;
    this.broadcast({
      case: 'update',
      value: new ParticipantUpdate({ participants: [participant.info(ParticipantInfo_State.DISCONNECTED, reason)] }),
    });
  }

  publicationReady(publication: Publication): void {
    for (const member of this.members.values()) {
      if (member !== publication.publisher) member.scheduleReconcile();
    }
  }

  publicationRemoved(publication: Publication): void {
    publication.close();
    for (const member of this.members.values()) {
      if (member !== publication.publisher) member.scheduleReconcile();
    }
  }

  /**
   * Forwards a data packet from `from` to the others on the same kind of channel, stamped with the sender.
   * Dropped when the sender lacks canPublishData, and for server-only packet kinds.
   */
  relayData(from: Participant, label: string, data: Uint8Array): void {
    if (label !== '_reliable' && label !== '_lossy') return;
    let packet: DataPacket;
    try {
      packet = DataPacket.fromBinary(data);
    } catch {
      this.ctx.logger.warn(`${from.identity} sent an undecodable data packet`);
      return;
    }
    if (!from.permission.canPublishData) {
      from.droppedDataPackets += 1;
      this.ctx.logger.info(`dropped a data packet from ${from.identity}: no canPublishData`);
      return;
    }
    if (packet.value.case === undefined || packet.value.case === 'speaker') return;
    packet.participantIdentity = from.identity;
    packet.participantSid = from.sid;
    let destinations = packet.destinationIdentities;
    if (packet.value.case === 'user') {
      const user = packet.value.value;
      user.participantIdentity = from.identity;
      user.participantSid = from.sid;
      if (destinations.length === 0) destinations = user.destinationIdentities;
    }
    const bytes = packet.toBinary();
    for (const member of this.members.values()) {
      if (member === from) continue;
      if (destinations.length > 0 && !destinations.includes(member.identity)) continue;
      member.sendData(label, bytes);
    }
  }

  /** Sends a data packet from the server (no sender identity). Returns how many participants it reached. */
  sendServerData(message: ServerDataMessage): number {
    const reliable = message.reliable ?? true;
    const payload = typeof message.payload === 'string' ? new TextEncoder().encode(message.payload) : message.payload;
    const destinations = message.destinationIdentities ?? [];
    const packet = new DataPacket({
      kind: reliable ? DataPacket_Kind.RELIABLE : DataPacket_Kind.LOSSY,
      destinationIdentities: destinations,
      value: { case: 'user', value: new UserPacket({ payload, topic: message.topic, destinationIdentities: destinations }) },
    });
    const bytes = packet.toBinary();
    let delivered = 0;
    for (const member of this.members.values()) {
      if (destinations.length > 0 && !destinations.includes(member.identity)) continue;
      if (member.sendData(reliable ? '_reliable' : '_lossy', bytes)) delivered += 1;
    }
    return delivered;
  }

  setMetadata(metadata: string): void {
    this.metadata = metadata;
    this.broadcast({ case: 'roomUpdate', value: new RoomUpdate({ room: this.info() }) });
  }

  setRecording(active: boolean): void {
    this.activeRecording = active;
    this.broadcast({ case: 'roomUpdate', value: new RoomUpdate({ room: this.info() }) });
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

  /** Periodic work: active speakers, and dropping participants whose signalling went silent. */
  tick(now: number): void {
    for (const member of this.participants) {
      if (now - member.lastSignalAt > this.ctx.pingTimeout * 1000) {
        this.ctx.logger.info(`${member.identity} timed out (no ping for ${this.ctx.pingTimeout} s)`);
        this.removeParticipant(member, DisconnectReason.SIGNAL_CLOSE, { sendLeave: false });
      }
    }
    this.updateSpeakers(now);
  }

  private updateSpeakers(now: number): void {
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

  /** Closes every participant. `abrupt` terminates sockets without a close frame, like a crash. */
  async dispose({ abrupt }: { abrupt: boolean }): Promise<void> {
    const members = this.participants;
    this.members.clear();
    await Promise.all(members.map((member) => member.dispose({ abrupt })));
  }
}
