import {
  ConnectionQuality,
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  MuteTrackRequest,
  ParticipantInfo,
  ParticipantInfo_Kind,
  ParticipantInfo_State,
  RequestResponse,
  RequestResponse_Reason,
  TrackPublishedResponse,
  TrackUnpublishedResponse,
  protoInt64,
  type AddTrackRequest,
  type ParticipantPermission,
  type SessionDescription,
} from '@livekit/protocol';
import type { WebSocket } from 'ws';
import { SignalSocket } from './signalSocket';
import type { ServerContext } from './context';
import { JoiningReliable, type ReliableHistory } from './reliableReplay';
import { canPublishSource, permissionState, sourceName, type PermissionState } from './grants';
import type { SubscriberStats } from './downTrack';
import { newId } from './ids';
import { ParticipantPeer } from './peer';
import { Publication, type TrackState } from './publication';
import type { ResponseMessage } from './signal';
import type { ParticipantKindName } from './token';

const KIND: Record<ParticipantKindName, ParticipantInfo_Kind> = {
  standard: ParticipantInfo_Kind.STANDARD,
  ingress: ParticipantInfo_Kind.INGRESS,
  egress: ParticipantInfo_Kind.EGRESS,
  sip: ParticipantInfo_Kind.SIP,
  agent: ParticipantInfo_Kind.AGENT,
};

/** A participant as the control API reports it. */
export interface ParticipantState {
  sid: string;
  identity: string;
  name: string;
  metadata: string;
  attributes: Record<string, string>;
  permission: PermissionState;
  /** The server-side peer connection's state, or `new` before the first offer. */
  connectionState: string;
  connectionQuality: 'excellent' | 'good' | 'poor' | 'lost' | 'unknown';
  tracks: TrackState[];
  /** Sids of the tracks this participant currently receives. */
  subscriptions: string[];
  /** RTP packets forwarded to this participant so far, by track sid (video starts at a keyframe). */
  packetsForwarded: Record<string, number>;
  /** What this participant received: subscriptions (now and at most), layers, layer switches, bytes. */
  media: SubscriberStats;
  /** A participant the server simulates (control API), without a client. */
  synthetic: boolean;
  /** AddTrackRequests refused for lack of permission. */
  refusedTracks: number;
  /** Data packets dropped for lack of canPublishData. */
  droppedDataPackets: number;
  /** Data packets it sent end-to-end encrypted (`encryptedPacket`: chat, text streams, data the server cannot read). */
  encryptedDataPackets: number;
  /**
   * Data packets meant for this participant that it did not get because its data channel of that kind was not
   * open yet (or any more), as LiveKit skips a participant that is not active: lossy packets, the server's own and
   * unsequenced reliable ones. Sequenced reliable packets are held and replayed instead (`replayedDataPackets`).
   */
  undeliveredDataPackets: number;
  /** Sequenced reliable packets sent to it before its data channel was open, delivered once it was. */
  replayedDataPackets: number;
}

/** What a participant starts with: from the token and the JoinRequest. */
export interface ParticipantInit {
  identity: string;
  name: string;
  metadata: string;
  attributes: Record<string, string>;
  /** From the token's `kind` claim. */
  kind: ParticipantKindName;
  permission: ParticipantPermission;
  autoSubscribe: boolean;
  /** The client sizes video to its elements (adaptive stream): new subscriptions start at the lowest layer. */
  adaptiveStream?: boolean;
  /** A released receive section may carry another track (LiveKit's `SupportsTransceiverReuse`). */
  reuseTransceivers?: boolean;
  clientProtocol: number;
}

/** What a participant tells its room, and asks of it; the room implements it. */
export interface ParticipantHost {
  /** Every publication in the room. */
  publications(): Iterable<Publication>;
  /** The participant's info changed: tell it and the others. */
  participantChanged(participant: Participant): void;
  removeParticipant(participant: Participant, reason: DisconnectReason, options: { sendLeave: boolean }): void;
  /** A publication's media can be forwarded now. */
  publicationReady(publication: Publication): void;
  /** A publication is gone: nobody receives it any more. */
  publicationRemoved(publication: Publication): void;
  /** A data packet from the participant, to forward to the others. */
  relayData(from: Participant, label: string, data: Uint8Array): void;
  /** The room's recent sequenced reliable packets. */
  readonly reliableHistory: ReliableHistory;
  /** The participant's peer connection changed state. */
  mediaStateChanged(participant: Participant): void;
}

const QUALITY_NAMES: Record<ConnectionQuality, ParticipantState['connectionQuality']> = {
  [ConnectionQuality.EXCELLENT]: 'excellent',
  [ConnectionQuality.GOOD]: 'good',
  [ConnectionQuality.POOR]: 'poor',
  [ConnectionQuality.LOST]: 'lost',
};

/**
 * One connected participant: its signalling WebSocket, its identity, permission and publications. What its
 * client asks is read by `handleSignalRequest` (requests.ts); its peer connection (media and data) is a
 * {@link ParticipantPeer}.
 */
export class Participant {
  sid = newId('PA'); // a new one on a move to another room (LiveKit's MoveToRoom)
  readonly identity: string;
  readonly joinedAt = Date.now();
  readonly publications = new Map<string, Publication>();
  name: string;
  metadata: string;
  attributes: Record<string, string>;
  readonly kind: ParticipantKindName;
  permission: ParticipantPermission;
  version = 1;
  /** Whether the other participants have been told about this one (false while hidden). */
  announced = false;
  /** A quality set through the control API; overrides the one derived from the peer connection. */
  qualityOverride: ConnectionQuality | undefined;
  /** The quality last sent to clients. */
  announcedQuality: ConnectionQuality | undefined;
  lastSignalAt = Date.now();
  refusedTracks = 0;
  droppedDataPackets = 0;
  encryptedDataPackets = 0;
  undeliveredDataPackets = 0;
  /** Sequenced reliable packets sent to it before its channel opened, replayed when it did. */
  replayedDataPackets = 0;

  private readonly room: ParticipantHost;
  private readonly ctx: ServerContext;
  /** The signalling socket (none for a synthetic participant, which the server itself simulates); see dropSignal. */
  readonly signal: SignalSocket;
  private readonly clientProtocol: number;
  /** The peer connection: negotiation, media and data. */
  readonly peer: ParticipantPeer;
  private closed = false;
  private readonly joiningReliable = new JoiningReliable();

  constructor(room: ParticipantHost, ctx: ServerContext, ws: WebSocket | null, init: ParticipantInit) {
    this.room = room;
    this.ctx = ctx;
    this.signal = new SignalSocket(ws);
    this.identity = init.identity;
    this.name = init.name;
    this.metadata = init.metadata;
    this.attributes = init.attributes;
    this.kind = init.kind;
    this.permission = init.permission;
    this.clientProtocol = init.clientProtocol;
    this.peer = new ParticipantPeer(ctx, {
      ...init, // identity and what the client asked for: autoSubscribe, adaptiveStream, reuseTransceivers
      self: this,
      publications: this.publications,
      canSubscribe: () => this.permission.canSubscribe,
      send: (message) => this.send(message),
      roomPublications: () => room.publications(),
      senderRemoved: (publication) => {
        this.unpublish(publication, { notifyClient: false });
        room.participantChanged(this);
      },
      mediaReady: (publication) => room.publicationReady(publication),
      dataReceived: (label, data) => room.relayData(this, label, data),
      reliableChannelOpened: () => {
        for (const missed of this.joiningReliable.opened(room.reliableHistory, this.identity)) {
          if (this.sendData('_reliable', missed.bytes)) this.replayedDataPackets += 1;
        }
      },
      connectionStateChanged: () => room.mediaStateChanged(this),
    });
  }

  /** A participant the server simulates (the control API's synthetic participants): no client, no socket. */
  get synthetic(): boolean {
    return this.signal.current === null;
  }

  get hidden(): boolean {
    return this.permission.hidden;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get connectionState(): string {
    return this.peer.connectionState;
  }

  /** The quality clients are told: the override, else derived from the peer connection. */
  get connectionQuality(): ConnectionQuality | undefined {
    if (this.qualityOverride !== undefined) return this.qualityOverride;
    switch (this.peer.connectionState) {
      case 'connected':
        return ConnectionQuality.EXCELLENT;
      case 'disconnected':
        return ConnectionQuality.POOR;
      case 'failed':
        return ConnectionQuality.LOST;
      default:
        return undefined;
    }
  }

  info(state: ParticipantInfo_State = ParticipantInfo_State.ACTIVE, disconnectReason?: DisconnectReason): ParticipantInfo {
    return new ParticipantInfo({
      sid: this.sid,
      identity: this.identity,
      name: this.name,
      metadata: this.metadata,
      attributes: this.attributes,
      state,
      joinedAt: protoInt64.parse(Math.floor(this.joinedAt / 1000)),
      joinedAtMs: protoInt64.parse(this.joinedAt),
      version: this.version,
      permission: this.permission,
      kind: KIND[this.kind],
      isPublisher: this.publications.size > 0,
      tracks: [...this.publications.values()].map((p) => p.info),
      clientProtocol: this.clientProtocol,
      disconnectReason: disconnectReason ?? DisconnectReason.UNKNOWN_REASON,
    });
  }

  state(): ParticipantState {
    const quality = this.connectionQuality;
    return {
      sid: this.sid,
      identity: this.identity,
      name: this.name,
      metadata: this.metadata,
      attributes: { ...this.attributes },
      permission: permissionState(this.permission),
      connectionState: this.connectionState,
      connectionQuality: quality === undefined ? 'unknown' : QUALITY_NAMES[quality],
      tracks: [...this.publications.values()].map((p) => p.state()),
      subscriptions: this.peer.subscribedTrackSids(),
      packetsForwarded: this.peer.packetsForwarded(),
      media: this.peer.stats(),
      synthetic: this.synthetic,
      refusedTracks: this.refusedTracks,
      droppedDataPackets: this.droppedDataPackets,
      encryptedDataPackets: this.encryptedDataPackets,
      undeliveredDataPackets: this.undeliveredDataPackets,
      replayedDataPackets: this.replayedDataPackets,
    };
  }

  send(message: ResponseMessage): void {
    this.signal.send(message);
  }

  // ---- publications and metadata, from the client or the control API ----

  /** Answers an offer once earlier negotiation steps are done. */
  acceptOffer(offer: SessionDescription): void {
    this.peer.acceptOffer(offer);
  }

  /** The client leaves: the others see it go. */
  leave(): void {
    this.room.removeParticipant(this, DisconnectReason.CLIENT_INITIATED, { sendLeave: false });
  }

  /** Publishes a track if the permission allows it; otherwise answers NOT_ALLOWED and never sends trackPublished. */
  addTrack(request: AddTrackRequest): void {
    if (!canPublishSource(this.permission, request.source)) {
      this.refusedTracks += 1;
      this.ctx.logger.info(`refused ${sourceName(request.source)} track from ${this.identity}: not allowed to publish it`);
      this.send({
        case: 'requestResponse',
        value: new RequestResponse({
          reason: RequestResponse_Reason.NOT_ALLOWED,
          message: 'does not have permission to publish',
          request: { case: 'addTrack', value: request },
        }),
      });
      return;
    }
    if ([...this.publications.values()].some((p) => p.cid === request.cid)) {
      this.ctx.logger.warn(`${this.identity} published cid ${request.cid} twice`);
      return;
    }
    const publication = new Publication(this, request);
    this.publications.set(publication.sid, publication);
    this.ctx.logger.info(`${this.identity} publishes ${sourceName(request.source)} as ${publication.sid}`);
    this.send({ case: 'trackPublished', value: new TrackPublishedResponse({ cid: request.cid, track: publication.info }) });
    this.room.participantChanged(this);
  }

  /** The client muted or unmuted one of its tracks. */
  setTrackMuted(request: MuteTrackRequest): void {
    const publication = this.publications.get(request.sid);
    if (!publication || publication.info.muted === request.muted) return;
    publication.info.muted = request.muted;
    this.room.participantChanged(this);
  }

  /** Changes name, metadata or attributes (an empty attribute value deletes it) and tells everyone. */
  applyMetadata(update: { name?: string; metadata?: string; attributes?: Record<string, string> }): void {
    if (update.name !== undefined) this.name = update.name;
    if (update.metadata !== undefined) this.metadata = update.metadata;
    if (update.attributes) {
      const next = { ...this.attributes };
      for (const [key, value] of Object.entries(update.attributes)) {
        if (value === '') delete next[key];
        else next[key] = value;
      }
      this.attributes = next;
    }
    this.room.participantChanged(this);
  }

  // ---- permissions and tracks, driven by the room ----

  /** Replaces the permission: tracks it no longer allows are unpublished (trackUnpublished); canSubscribe (un)forwards. */
  setPermission(next: ParticipantPermission): void {
    this.permission = next;
    for (const publication of [...this.publications.values()]) {
      if (!canPublishSource(next, publication.info.source)) this.unpublish(publication, { notifyClient: true });
    }
    this.room.participantChanged(this);
    this.scheduleReconcile();
  }

  /** Removes a publication; others stop receiving it. */
  unpublish(publication: Publication, { notifyClient }: { notifyClient: boolean }): void {
    if (!this.publications.delete(publication.sid)) return;
    publication.close();
    this.ctx.logger.info(`${this.identity} unpublished ${publication.sid}`);
    if (notifyClient) {
      this.send({ case: 'trackUnpublished', value: new TrackUnpublishedResponse({ trackSid: publication.sid }) });
    }
    this.room.publicationRemoved(publication);
  }

  /** Asks the publisher's client to mute or unmute its track; the client confirms with a mute request. */
  requestMute(trackSid: string, muted: boolean): boolean {
    if (!this.publications.has(trackSid)) return false;
    this.send({ case: 'mute', value: new MuteTrackRequest({ sid: trackSid, muted }) });
    return true;
  }

  /** Re-computes what this participant should receive, after the current negotiation step. */
  scheduleReconcile(): void {
    this.peer.scheduleReconcile();
  }

  /** Sends a data packet on this participant's channel of the same label, if it is open (counted when not). */
  sendData(label: string, bytes: Uint8Array): boolean {
    const sent = this.peer.sendData(label, bytes);
    if (!sent) this.undeliveredDataPackets += 1;
    return sent;
  }

  /** Sends a sequenced reliable packet now, or when this participant's reliable channel opens (reliableReplay.ts). */
  sendReliable(sender: string, seq: number, bytes: Uint8Array): void {
    if (this.joiningReliable.canSend(sender, seq)) this.sendData('_reliable', bytes);
  }

  /** Sends a leave request; the client disconnects (or reconnects, for RECONNECT). */
  sendLeave(reason: DisconnectReason, action: 'disconnect' | 'reconnect'): void {
    this.send({
      case: 'leave',
      value: new LeaveRequest({
        reason,
        action: action === 'disconnect' ? LeaveRequest_Action.DISCONNECT : LeaveRequest_Action.RECONNECT,
        canReconnect: action === 'reconnect',
      }),
    });
  }

  /** Stops all media and closes the peer connection and, unless `abrupt` is false, the WebSocket. */
  dispose({ abrupt }: { abrupt: boolean }): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.peer.stopForwarding();
    for (const publication of this.publications.values()) publication.close();
    this.signal.close(abrupt);
    return this.peer.close();
  }
}
