import {
  ConnectionQuality,
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  MediaSectionsRequirement,
  MuteTrackRequest,
  ParticipantInfo,
  ParticipantInfo_Kind,
  ParticipantInfo_State,
  Pong,
  RequestResponse,
  RequestResponse_Reason,
  SessionDescription,
  SignalTarget,
  TrackInfo,
  TrackPublishedResponse,
  TrackSubscribed,
  TrackType,
  TrackUnpublishedResponse,
  TrickleRequest,
  protoInt64,
  type AddTrackRequest,
  type ParticipantPermission,
  type PublishDataTrackRequest,
  type SignalRequest,
  type UpdateParticipantMetadata,
  type UpdateSubscription,
} from '@livekit/protocol';
import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  // werift names its parameter factories like React hooks; renamed so nobody mistakes them for one
  useAudioLevelIndication as audioLevelExtension,
  useNACK as nackFeedback,
  usePLI as pliFeedback,
  useRepairedRtpStreamId as repairedRidExtension,
  useSdesMid as midExtension,
  useSdesRTPStreamId as ridExtension,
  type RTCDataChannel,
  type RTCRtpTransceiver,
} from 'werift';
import type { WebSocket } from 'ws';
import { canPublishSource, permissionState, sourceName, type PermissionState } from './grants';
import { DownTrack, UpTrack, type MediaKind } from './forwarding';
import { newId } from './ids';
import type { Room, ServerContext } from './room';
import { isResolvableCandidate, offersToSend, parseMediaSections, prepareAnswerSdp, type MediaSection } from './sdp';
import { encodeResponse, type ResponseMessage } from './signal';
import { AudioActivity } from './speakers';

/** One published track: what the publisher announced with AddTrackRequest, and its media once negotiated. */
export class Publication {
  readonly sid: string;
  readonly cid: string;
  readonly publisher: Participant;
  readonly info: TrackInfo;
  readonly activity = new AudioActivity();
  /** The publisher's m-section carrying this track, once an offer has included it. */
  mid: string | undefined;
  /** Whether the publisher has been told (trackSubscribed) that someone receives this track. */
  subscribedAnnounced = false;
  up: UpTrack | undefined;

  constructor(publisher: Participant, request: AddTrackRequest) {
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

  close(): void {
    this.up?.close();
    this.up = undefined;
  }
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
  /** AddTrackRequests refused for lack of permission. */
  refusedTracks: number;
  /** Data packets dropped for lack of canPublishData. */
  droppedDataPackets: number;
}

/** What a participant starts with: from the token and the JoinRequest. */
export interface ParticipantInit {
  identity: string;
  name: string;
  metadata: string;
  attributes: Record<string, string>;
  permission: ParticipantPermission;
  autoSubscribe: boolean;
  clientProtocol: number;
}

const QUALITY_NAMES: Record<ConnectionQuality, ParticipantState['connectionQuality']> = {
  [ConnectionQuality.EXCELLENT]: 'excellent',
  [ConnectionQuality.GOOD]: 'good',
  [ConnectionQuality.POOR]: 'poor',
  [ConnectionQuality.LOST]: 'lost',
};

interface CandidateInit {
  candidate: string;
  sdpMid?: string;
  sdpMLineIndex?: number;
  usernameFragment?: string;
}

/**
 * One connected participant: its signalling WebSocket, its single peer connection (the client offers, the server
 * answers), what it publishes and what it receives.
 */
export class Participant {
  readonly sid = newId('PA');
  readonly identity: string;
  readonly joinedAt = Date.now();
  readonly publications = new Map<string, Publication>();
  name: string;
  metadata: string;
  attributes: Record<string, string>;
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

  private readonly room: Room;
  private readonly ctx: ServerContext;
  private readonly ws: WebSocket;
  private readonly autoSubscribe: boolean;
  private readonly clientProtocol: number;
  private readonly subscriptions = new Map<string, DownTrack>();
  private readonly subscriptionOverrides = new Map<string, boolean>();
  private readonly dataChannels = new Map<string, RTCDataChannel>();
  private readonly usedMids = new Set<string>();
  private readonly seenMids = new Set<string>();
  private readonly pendingCandidates: CandidateInit[] = [];
  private readonly outstandingSections: Record<MediaKind, number> = { audio: 0, video: 0 };
  private pc: RTCPeerConnection | undefined;
  private offerSections: MediaSection[] | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(room: Room, ctx: ServerContext, ws: WebSocket, init: ParticipantInit) {
    this.room = room;
    this.ctx = ctx;
    this.ws = ws;
    this.identity = init.identity;
    this.name = init.name;
    this.metadata = init.metadata;
    this.attributes = init.attributes;
    this.permission = init.permission;
    this.autoSubscribe = init.autoSubscribe;
    this.clientProtocol = init.clientProtocol;
  }

  get hidden(): boolean {
    return this.permission.hidden;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get connectionState(): string {
    return this.pc?.connectionState ?? 'new';
  }

  /** The quality clients are told: the override, else derived from the peer connection. */
  get connectionQuality(): ConnectionQuality | undefined {
    if (this.qualityOverride !== undefined) return this.qualityOverride;
    switch (this.pc?.connectionState) {
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
      kind: ParticipantInfo_Kind.STANDARD,
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
      tracks: [...this.publications.values()].map((p) => ({
        sid: p.sid,
        cid: p.cid,
        kind: p.kind,
        source: sourceName(p.info.source),
        name: p.info.name,
        muted: p.info.muted,
        receiving: p.up !== undefined,
        packetsReceived: p.up?.packetsReceived ?? 0,
      })),
      subscriptions: [...this.subscriptions.keys()],
      packetsForwarded: Object.fromEntries([...this.subscriptions].map(([sid, down]) => [sid, down.packetsSent])),
      refusedTracks: this.refusedTracks,
      droppedDataPackets: this.droppedDataPackets,
    };
  }

  send(message: ResponseMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeResponse(message));
  }

  /** Runs `task` after every earlier negotiation step of this participant, so offers are answered in order. */
  enqueue(task: () => Promise<void> | void): Promise<void> {
    const next = this.queue.then(async () => {
      if (!this.closed) await task();
    });
    this.queue = next.catch((error: unknown) => this.ctx.logger.error(`negotiation step for ${this.identity} failed`, error));
    return this.queue;
  }

  // ---- client requests ----

  handleRequest(request: SignalRequest): void {
    this.lastSignalAt = Date.now();
    const message = request.message;
    switch (message.case) {
      case 'offer':
        this.acceptOffer(message.value);
        return;
      case 'trickle':
        void this.addRemoteCandidate(message.value);
        return;
      case 'addTrack':
        this.addTrack(message.value);
        return;
      case 'mute':
        this.muteTrack(message.value);
        return;
      case 'subscription':
        this.updateSubscription(message.value);
        return;
      case 'updateMetadata':
        this.updateMetadata(message.value);
        return;
      case 'leave':
        this.room.removeParticipant(this, DisconnectReason.CLIENT_INITIATED, { sendLeave: false });
        return;
      case 'ping':
        this.send({ case: 'pong', value: protoInt64.parse(Date.now()) });
        return;
      case 'pingReq':
        this.send({
          case: 'pongResp',
          value: new Pong({ lastPingTimestamp: message.value.timestamp, timestamp: protoInt64.parse(Date.now()) }),
        });
        return;
      case 'publishDataTrackRequest':
        this.refuseDataTrack(message.value);
        return;
      case 'answer':
        this.ctx.logger.warn(`${this.identity} sent an answer; the server never offers on /rtc/v1`);
        return;
      default:
        // trackSetting, updateLayers, subscriptionPermission, syncState, simulate, updateAudioTrack, …: not needed
        this.ctx.logger.debug(`${this.identity}: ignoring ${message.case ?? 'empty'} request`);
    }
  }

  /** Answers an offer once earlier negotiation steps are done. */
  acceptOffer(offer: SessionDescription): void {
    void this.enqueue(() => this.answerOffer(offer));
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

  private muteTrack(request: MuteTrackRequest): void {
    const publication = this.publications.get(request.sid);
    if (!publication || publication.info.muted === request.muted) return;
    publication.info.muted = request.muted;
    this.room.participantChanged(this);
  }

  private updateSubscription(request: UpdateSubscription): void {
    const sids = [...request.trackSids, ...request.participantTracks.flatMap((t) => t.trackSids)];
    for (const sid of sids) this.subscriptionOverrides.set(sid, request.subscribe);
    this.scheduleReconcile();
  }

  private updateMetadata(request: UpdateParticipantMetadata): void {
    const respond = (reason: RequestResponse_Reason, message = '') =>
      this.send({
        case: 'requestResponse',
        value: new RequestResponse({
          requestId: request.requestId,
          reason,
          message,
          request: { case: 'updateMetadata', value: request },
        }),
      });
    if (!this.permission.canUpdateMetadata) {
      respond(RequestResponse_Reason.NOT_ALLOWED, 'does not have permission to update own metadata');
      return;
    }
    this.applyMetadata({ name: request.name, metadata: request.metadata, attributes: request.attributes });
    respond(RequestResponse_Reason.OK);
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

  private refuseDataTrack(request: PublishDataTrackRequest): void {
    this.send({
      case: 'requestResponse',
      value: new RequestResponse({
        reason: RequestResponse_Reason.UNSUPPORTED_TYPE,
        message: 'data tracks are not supported by the RoomKit dev media server',
        request: { case: 'publishDataTrack', value: request },
      }),
    });
  }

  // ---- permissions and tracks, driven by the room ----

  /**
   * Replaces the permission. Tracks the new permission no longer allows are unpublished (the client is told with
   * trackUnpublished); losing or gaining canSubscribe stops or starts forwarding.
   */
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
    void this.enqueue(() => this.reconcileSubscriptions(false));
  }

  // ---- WebRTC ----

  private ensurePeerConnection(): RTCPeerConnection {
    if (this.pc) return this.pc;
    const hosts = this.ctx.iceHosts;
    const bind = hosts.length === 1 && /^\d+\.\d+\.\d+\.\d+$/.test(hosts[0] ?? '') ? hosts[0] : undefined;
    const pc = new RTCPeerConnection({
      // only the configured hosts are offered: no interface scan
      iceUseIpv4: false,
      iceUseIpv6: false,
      iceAdditionalHostAddresses: [...hosts],
      iceInterfaceAddresses: bind ? { udp4: bind } : undefined,
      codecs: {
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
        video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [nackFeedback(), pliFeedback()] })],
      },
      // Chrome refuses a simulcast offer unless the RID extensions are negotiated
      headerExtensions: {
        audio: [midExtension(), audioLevelExtension()],
        video: [midExtension(), ridExtension(), repairedRidExtension()],
      },
    });
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate || !hosts.includes(candidate.candidate.split(' ')[4] ?? '')) return;
      this.send({
        case: 'trickle',
        value: new TrickleRequest({ candidateInit: JSON.stringify(candidate.toJSON()), target: SignalTarget.PUBLISHER }),
      });
    };
    pc.ondatachannel = ({ channel }) => {
      this.dataChannels.set(channel.label, channel);
      channel.onMessage.subscribe((data) => {
        this.room.relayData(this, channel.label, typeof data === 'string' ? Buffer.from(data) : data);
      });
    };
    pc.connectionStateChange.subscribe((state) => {
      this.ctx.logger.debug(`${this.identity} peer connection ${state}`);
      this.room.qualityMayHaveChanged(this);
    });
    this.pc = pc;
    return pc;
  }

  private async addRemoteCandidate(trickle: TrickleRequest): Promise<void> {
    let init: CandidateInit;
    try {
      init = JSON.parse(trickle.candidateInit) as CandidateInit;
    } catch {
      return;
    }
    if (!init.candidate || !isResolvableCandidate(init.candidate)) return;
    if (!this.pc?.remoteDescription) {
      this.pendingCandidates.push(init);
      return;
    }
    await this.pc.addIceCandidate(init).catch((error: unknown) => this.ctx.logger.debug(`bad candidate: ${String(error)}`));
  }

  private async answerOffer(offer: SessionDescription): Promise<void> {
    const pc = this.ensurePeerConnection();
    const sections = parseMediaSections(offer.sdp);
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    this.offerSections = sections;
    for (const section of sections) {
      if (section.mid === undefined || this.seenMids.has(section.mid)) continue;
      this.seenMids.add(section.mid);
      const kind = section.kind as MediaKind;
      if (section.direction === 'recvonly' && this.outstandingSections[kind] > 0) this.outstandingSections[kind] -= 1;
    }
    this.syncPublications(sections);
    await this.reconcileSubscriptions(true);

    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    // werift recycles any transceiver whose current direction is inactive when the next offer adds an m-section,
    // stealing its mid; the client's unused receive-only sections are exactly such transceivers
    for (const transceiver of pc.getTransceivers()) transceiver.usedForSender = true;
    for (const candidate of this.pendingCandidates.splice(0)) {
      await pc.addIceCandidate(candidate).catch(() => undefined);
    }
    const midToTrackId: Record<string, string> = {};
    for (const [trackSid, down] of this.subscriptions) midToTrackId[down.mid] = trackSid;
    const sdp = prepareAnswerSdp(pc.localDescription?.sdp ?? '', sections, this.ctx.iceHosts);
    if (this.ctx.logger.enabled?.('debug')) {
      const describe = (list: MediaSection[]) => list.map((m) => `${m.mid ?? '?'}:${m.kind[0] ?? ''}:${m.direction}${m.port === 0 ? ':0' : ''}`).join(' ');
      this.ctx.logger.debug(`${this.identity} offer #${offer.id} [${describe(sections)}] answer [${describe(parseMediaSections(sdp))}]`);
    }
    this.send({ case: 'answer', value: new SessionDescription({ type: 'answer', sdp, id: offer.id, midToTrackId }) });
  }

  /** Matches this participant's publications to the sections of its latest offer. */
  private syncPublications(sections: readonly MediaSection[]): void {
    const pc = this.pc;
    if (!pc) return;
    for (const publication of [...this.publications.values()]) {
      if (publication.mid !== undefined) {
        const section = sections.find((s) => s.mid === publication.mid);
        // the client removed the sender: that is how it unpublishes on /rtc/v1
        if (!section || !offersToSend(section) || section.trackId !== publication.cid) {
          this.unpublish(publication, { notifyClient: false });
          this.room.participantChanged(this);
        }
        continue;
      }
      const section = sections.find((s) => s.trackId === publication.cid && offersToSend(s));
      const transceiver = section && pc.getTransceivers().find((t) => t.mid === section.mid);
      const up = transceiver && UpTrack.fromTransceiver(transceiver);
      if (!section || !up) continue;
      publication.mid = section.mid;
      publication.up = up;
      if (up.kind === 'audio') up.onAudioLevel = (level) => publication.activity.record(level, Date.now());
      this.ctx.logger.debug(`${this.identity}: media for ${publication.sid} on mid ${section.mid} (rid ${up.rid ?? '-'})`);
      this.room.publicationReady(publication);
    }
  }

  private wants(publication: Publication): boolean {
    if (publication.publisher === this || !publication.up || !this.permission.canSubscribe) return false;
    return this.subscriptionOverrides.get(publication.sid) ?? this.autoSubscribe;
  }

  private takeFreeTransceiver(kind: MediaKind): RTCRtpTransceiver | undefined {
    const pc = this.pc;
    for (const section of this.offerSections ?? []) {
      if (section.kind !== kind || section.direction !== 'recvonly' || section.port === 0 || section.mid === undefined) continue;
      if (this.usedMids.has(section.mid)) continue;
      const transceiver = pc?.getTransceivers().find((t) => t.mid === section.mid);
      if (!transceiver) continue;
      // a section is never reused: a new track on an old mid would keep the old SSRC under a new msid
      this.usedMids.add(section.mid);
      return transceiver;
    }
    return undefined;
  }

  /**
   * Starts and stops forwarding so this participant receives exactly the tracks it should. Outside an offer, a
   * change is delivered by asking the client to re-offer (MediaSectionsRequirement), with more receive-only
   * sections when it has too few.
   */
  private async reconcileSubscriptions(duringOffer: boolean): Promise<void> {
    if (!this.pc || !this.offerSections) return;
    const wanted = new Map<string, Publication>();
    for (const publication of this.room.publications()) {
      if (this.wants(publication)) wanted.set(publication.sid, publication);
    }
    let changed = false;
    for (const [sid, down] of [...this.subscriptions]) {
      if (wanted.has(sid)) continue;
      down.close();
      this.subscriptions.delete(sid);
      changed = true;
    }
    const missing: Record<MediaKind, number> = { audio: 0, video: 0 };
    for (const publication of wanted.values()) {
      if (this.subscriptions.has(publication.sid) || !publication.up) continue;
      const transceiver = this.takeFreeTransceiver(publication.kind);
      if (!transceiver) {
        missing[publication.kind] += 1;
        continue;
      }
      const down = await DownTrack.attach(publication.up, transceiver, {
        participantSid: publication.publisher.sid,
        trackSid: publication.sid,
      });
      this.subscriptions.set(publication.sid, down);
      changed = true;
      this.ctx.logger.debug(`${this.identity} receives ${publication.sid} on mid ${down.mid}`);
      if (!publication.subscribedAnnounced) {
        publication.subscribedAnnounced = true;
        publication.publisher.send({ case: 'trackSubscribed', value: new TrackSubscribed({ trackSid: publication.sid }) });
      }
    }
    const numAudios = Math.max(0, missing.audio - this.outstandingSections.audio);
    const numVideos = Math.max(0, missing.video - this.outstandingSections.video);
    if (numAudios > 0 || numVideos > 0 || (changed && !duringOffer)) {
      this.outstandingSections.audio += numAudios;
      this.outstandingSections.video += numVideos;
      this.send({ case: 'mediaSectionsRequirement', value: new MediaSectionsRequirement({ numAudios, numVideos }) });
    }
  }

  /** Sends a data packet on this participant's channel of the same label, if it is open. */
  sendData(label: string, bytes: Uint8Array): boolean {
    const channel = this.dataChannels.get(label);
    if (channel?.readyState !== 'open') return false;
    channel.send(Buffer.from(bytes));
    return true;
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
    for (const down of this.subscriptions.values()) down.close();
    this.subscriptions.clear();
    for (const publication of this.publications.values()) publication.close();
    if (abrupt) this.ws.terminate();
    else if (this.ws.readyState === this.ws.OPEN) this.ws.close(1000);
    const pc = this.pc;
    this.pc = undefined;
    return pc ? pc.close().catch(() => undefined) : Promise.resolve();
  }
}
