import {
  ClientConfigSetting,
  ClientConfiguration,
  DisconnectReason,
  JoinResponse,
  ReconnectResponse,
  Room as RoomInfo,
  RoomMovedResponse,
  ServerInfo,
  ServerInfo_Edition,
  protoInt64,
  type JoinRequest,
} from '@livekit/protocol';
import type { WebSocket } from 'ws';
import type { ServerContext } from './context';
import { relayDataPacket, sendServerDataPacket, sendTextStream, type ServerDataMessage, type ServerTextMessage } from './data';
import { ControlError } from './errors';
import { ReliableHistory } from './reliableReplay';
import { newId } from './ids';
import { Participant, type ParticipantHost, type ParticipantInit, type ParticipantState } from './participant';
import type { Publication } from './publication';
import { RoomUpdates } from './roomUpdates';
import { Seat, seatOf, seatParticipant } from './seat';


/** A room as the control API reports it. */
export interface RoomState {
  name: string;
  sid: string;
  metadata: string;
  activeRecording: boolean;
  participants: ParticipantState[];
}

/** LiveKit's `IsRecorder`: an egress participant (token kind) or one whose permission says `recorder`. */
export function isRecorder(participant: Participant): boolean {
  return participant.kind === 'egress' || participant.permission.recorder;
}

/**
 * One room: who is in it (joining, leaving, timing out), what they publish, and the data between them. What the
 * members are told about each other and the room is {@link RoomUpdates}.
 */
export class Room implements ParticipantHost {
  readonly name: string;
  readonly sid = newId('RM');
  readonly createdAt = Date.now();
  metadata = '';
  activeRecording = false;

  private readonly ctx: ServerContext;
  private readonly members = new Map<string, Participant>();
  private readonly updates = new RoomUpdates(this.members);
  /** Recent sequenced reliable packets, replayed to a participant whose channel opens after they were sent. */
  readonly reliableHistory = new ReliableHistory();

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

    const participant = this.seated(ws, init);
    const others = this.participants.filter((p) => !p.hidden);
    this.members.set(participant.identity, participant);
    const recordingStarted = this.recorderJoined(participant);
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
        // a session whose signalling the server dropped (dropSignal) resumes; any other rejoins from scratch
        clientConfiguration: new ClientConfiguration({ resumeConnection: ClientConfigSetting.ENABLED }),
      }),
    });
    this.ctx.logger.info(`${participant.identity} joined ${this.name} as ${participant.sid}${participant.hidden ? ' (hidden)' : ''}`);
    this.updates.announce(participant);
    this.updates.greet(participant, others);
    if (recordingStarted) this.updates.roomChanged(this.info());
    for (const addTrack of request.addTrackRequests) participant.addTrack(addTrack);
    if (request.publisherOffer) participant.acceptOffer(request.publisherOffer);
    return participant;
  }

  /**
   * The client of a participant whose signalling the server dropped resumes on `ws`: it receives a
   * ReconnectResponse, then offers with an ICE restart on its existing peer connection, whose media never stopped.
   * Undefined when there is no such participant (the caller tells the client to rejoin).
   */
  resume(ws: WebSocket, identity: string, participantSid: string): Participant | undefined {
    const participant = this.members.get(identity);
    if (!participant?.signal.awaitingResume || (participantSid && participant.sid !== participantSid)) return undefined;
    participant.signal.resume(ws);
    participant.lastSignalAt = Date.now();
    participant.send({
      case: 'reconnect',
      value: new ReconnectResponse({ clientConfiguration: new ClientConfiguration({ resumeConnection: ClientConfigSetting.ENABLED }) }),
    });
    // As LiveKit's Room.ResumeParticipant: what the room is now, since whatever was sent while the socket was down
    // is lost (someone who joined or was moved in meanwhile would otherwise stay unknown to this client)
    this.updates.resynchronise(participant, this.info());
    this.ctx.logger.info(`${identity} resumed its session in ${this.name}`);
    return participant;
  }

  /**
   * Drops the signalling socket of `identity` (or of every participant with a client): each may resume within
   * `windowMs`, else leaves with SIGNAL_CLOSE. Returns the identities dropped.
   */
  dropSignal(identity: string | undefined, windowMs: number | undefined): string[] {
    const dropped: string[] = [];
    for (const participant of this.members.values()) {
      if (identity !== undefined && participant.identity !== identity) continue;
      const expire = () => this.removeParticipant(participant, DisconnectReason.SIGNAL_CLOSE, { sendLeave: false });
      if (!participant.isClosed && participant.signal.drop(windowMs, expire)) dropped.push(participant.identity);
    }
    return dropped;
  }

  /**
   * Adds a participant the server simulates (no client): the others see it join. Its publications are added by
   * the caller, which then calls {@link participantChanged} and {@link publicationReady}.
   */
  joinSynthetic(init: ParticipantInit): Participant {
    const existing = this.members.get(init.identity);
    if (existing) this.removeParticipant(existing, DisconnectReason.DUPLICATE_IDENTITY, { sendLeave: true });
    const participant = this.seated(null, init);
    this.members.set(participant.identity, participant);
    this.updates.announce(participant);
    if (this.recorderJoined(participant)) this.updates.roomChanged(this.info());
    return participant;
  }

  /** A new participant, seated in this room (a move changes its seat's room). */
  private seated(ws: WebSocket | null, init: ParticipantInit): Participant {
    const seat = new Seat(this);
    const participant = new Participant(seat, this.ctx, ws, init);
    seatParticipant(participant, seat);
    return participant;
  }

  /**
   * Takes `participant` out for LiveKit's MoveParticipant: the others see it leave and stop receiving its tracks,
   * which go with it (nothing is closed). The caller then moves it in elsewhere ({@link moveIn}).
   */
  moveOut(participant: Participant): void {
    this.members.delete(participant.identity);
    this.updates.forgetSpeaker(participant);
    this.updates.participantLeft(participant, DisconnectReason.PARTICIPANT_REMOVED);
    for (const member of this.members.values()) member.scheduleReconcile();
  }

  /**
   * Takes in a participant moved from another room, under a new sid (as LiveKit's MoveToRoom): it is sent
   * RoomMovedResponse (this room, its `token` for this room, itself and the others, which livekit-client turns into
   * RoomEvent.Moved), the others see it join with its tracks, and both sides' subscriptions follow, on the same
   * peer connection.
   */
  moveIn(participant: Participant, token: string, from: string): void {
    const seat = seatOf(participant);
    if (!seat) throw new Error(`${participant.identity} has no seat to move`);
    seat.room = this;
    participant.sid = newId('PA');
    participant.announced = false;
    const others = this.participants.filter((p) => !p.hidden);
    this.members.set(participant.identity, participant);
    participant.send({
      case: 'roomMoved',
      value: new RoomMovedResponse({ room: this.info(), token, participant: participant.info(), otherParticipants: others.map((p) => p.info()) }),
    });
    this.ctx.logger.info(`${participant.identity} moved from ${from} to ${this.name} as ${participant.sid}`);
    this.updates.announce(participant);
    this.updates.greet(participant, others);
    for (const publication of participant.publications.values()) this.publicationReady(publication);
    participant.scheduleReconcile();
  }

  /** As LiveKit's room.go: a recorder joining turns `activeRecording` on. True when it changed. */
  private recorderJoined(participant: Participant): boolean {
    if (!isRecorder(participant) || this.activeRecording) return false;
    this.activeRecording = true;
    return true;
  }

  /** Sends `participant`'s current info to itself and, unless it is hidden, to everyone else. */
  participantChanged(participant: Participant): void {
    this.updates.participantChanged(participant);
  }

  /** Removes a participant: others see it leave; with `sendLeave` the client is told why first. */
  removeParticipant(participant: Participant, reason: DisconnectReason, { sendLeave }: { sendLeave: boolean }): void {
    if (participant.isClosed) return;
    if (this.members.get(participant.identity) === participant) this.members.delete(participant.identity);
    if (sendLeave) participant.sendLeave(reason, 'disconnect');
    const publications = [...participant.publications.values()];
    void participant.dispose({ abrupt: false });
    for (const publication of publications) this.publicationRemoved(publication);
    this.updates.forgetSpeaker(participant);
    this.ctx.logger.info(`${participant.identity} left ${this.name} (${DisconnectReason[reason]})`);
    this.updates.participantLeft(participant, reason);
    // As LiveKit's room.go: the last recorder leaving turns `activeRecording` off.
    if (isRecorder(participant)) {
      const recording = this.participants.some(isRecorder);
      if (recording !== this.activeRecording) this.setRecording(recording);
    }
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

  /** Forwards a data packet from `from` to the others (see {@link relayDataPacket}). */
  relayData(from: Participant, label: string, data: Uint8Array): void {
    relayDataPacket(this.members.values(), from, label, data, this.ctx.logger, this.reliableHistory);
  }

  /** Sends a data packet from the server, or as `message.from`. Returns how many participants it reached. */
  sendServerData(message: ServerDataMessage): number {
    return sendServerDataPacket(this.members.values(), message, message.from === undefined ? undefined : this.sender(message.from));
  }

  /** Sends a text stream as `message.from`. Returns how many participants it reached. */
  sendText(message: ServerTextMessage): number {
    return sendTextStream(this.members.values(), this.sender(message.from), message);
  }

  private sender(identity: string): Participant {
    const participant = this.members.get(identity);
    if (!participant) throw new ControlError(`no participant "${identity}" in room "${this.name}" to send as; add it first (a synthetic one, say)`, 404);
    return participant;
  }

  setMetadata(metadata: string): void {
    this.metadata = metadata;
    this.updates.roomChanged(this.info());
  }

  /** Imposes `activeRecording` (the handle's `setRecording`), until a recorder joins or leaves. */
  setRecording(active: boolean): void {
    this.activeRecording = active;
    this.updates.roomChanged(this.info());
  }

  /** Fixes the active speakers (identity → level 0..1), or with `null` goes back to measuring audio levels. */
  setSpeakers(speakers: readonly { identity: string; level?: number }[] | null): void {
    this.updates.setSpeakers(speakers);
  }

  /** Sends a participant's connection quality when it differs from what clients were last told. */
  qualityMayHaveChanged(participant: Participant): void {
    this.updates.qualityMayHaveChanged(participant);
  }

  /**
   * The participant's peer connection changed state. One whose signalling was dropped without a window (it stopped
   * pinging while its media was connected) leaves once that connection fails or closes, as on LiveKit: a client that
   * vanished stops answering ICE consent checks (RFC 7675, 30 s), and its peer connection fails.
   */
  mediaStateChanged(participant: Participant): void {
    this.updates.qualityMayHaveChanged(participant);
    const state = participant.connectionState;
    if (participant.signal.awaitingResume && !participant.isClosed && (state === 'failed' || state === 'closed')) {
      this.ctx.logger.info(`${participant.identity} left while awaiting resume: its peer connection ${state}`);
      this.removeParticipant(participant, DisconnectReason.SIGNAL_CLOSE, { sendLeave: false });
    }
  }

  /** Periodic work: active speakers, and dropping participants whose signalling went silent. */
  tick(now: number): void {
    for (const member of this.participants) {
      if (!member.synthetic && !member.signal.awaitingResume && now - member.lastSignalAt > this.ctx.pingTimeout * 1000) {
        // As LiveKit's ParticipantImpl.HandleSignalSourceClose: one whose media is connected keeps it and may resume
        // its signalling (a page too busy to ping, say) for as long as its peer connection lives (mediaStateChanged);
        // one that never connected leaves.
        const connected = member.connectionState === 'connected';
        this.ctx.logger.info(`${member.identity} timed out (no ping for ${this.ctx.pingTimeout} s)${connected ? ': signalling dropped, it may resume while its media lives' : ''}`);
        if (connected) this.dropSignal(member.identity, undefined);
        else this.removeParticipant(member, DisconnectReason.SIGNAL_CLOSE, { sendLeave: false });
      }
    }
    this.updates.updateSpeakers(now);
  }

  /** Closes every participant. `abrupt` terminates sockets without a close frame, like a crash. */
  async dispose({ abrupt }: { abrupt: boolean }): Promise<void> {
    const members = this.participants;
    this.members.clear();
    await Promise.all(members.map((member) => member.dispose({ abrupt })));
  }
}
