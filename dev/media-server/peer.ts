import {
  MediaSectionsRequirement,
  SessionDescription,
  SignalTarget,
  TrackSubscribed,
  TrickleRequest,
  type UpdateSubscription,
  type UpdateTrackSettings,
} from '@livekit/protocol';
import {
  RTCPeerConnection,
  // werift names its parameter factories like React hooks; renamed so nobody mistakes them for one
  useAudioLevelIndication as audioLevelExtension,
  useRepairedRtpStreamId as repairedRidExtension,
  useSdesMid as midExtension,
  useSdesRTPStreamId as ridExtension,
  type RTCDataChannel,
} from 'werift';
import { CODEC_NAMES, CODECS, PLACEHOLDER_RTPMAP } from './codecs';
import type { ServerContext } from './context';
import { DownTrack, type SubscriberStats } from './downTrack';
import { UpTrack, type MediaKind } from './forwarding';
import { applyOffer, withoutGeneration } from './iceRestart';
import type { Publication, Publisher } from './publication';
import { isResolvableCandidate, offerForWerift, offersToSend, parseMediaSections, prepareAnswerSdp, sendersOf, type MediaSection } from './sdp';
import { ReceiveSections } from './sections';
import type { ResponseMessage } from './signal';
import type { TrackSettings } from './simulcast';

/** What a participant's peer connection needs from the participant and its room. */
export interface PeerOwner {
  readonly identity: string;
  /** The participant itself, as the publisher of its own tracks (which it never receives back). */
  readonly self: Publisher;
  /** The participant's publications; their media is attached as offers bring it. */
  readonly publications: ReadonlyMap<string, Publication>;
  /** Whether tracks are received unless the client asks otherwise (JoinRequest's autoSubscribe). */
  readonly autoSubscribe: boolean;
  /** Whether the client uses adaptive stream: until it reports an element's size, video starts at the lowest layer. */
  readonly adaptiveStream?: boolean | undefined;
  /** Whether a released receive section may carry another track (LiveKit's `SupportsTransceiverReuse`). */
  readonly reuseTransceivers?: boolean | undefined;
  /** Whether the participant may receive media now (its permission's canSubscribe). */
  canSubscribe(): boolean;
  send(message: ResponseMessage): void;
  /** Every publication in the room: what the participant may receive. */
  roomPublications(): Iterable<Publication>;
  /** An offer no longer sends a publication's media: that is how the client unpublishes on /rtc/v1. */
  senderRemoved(publication: Publication): void;
  /** A publication's media arrived: the others may receive it now. */
  mediaReady(publication: Publication): void;
  /** A packet arrived on one of the client's data channels. */
  dataReceived(label: string, data: Uint8Array): void;
  /** The client's reliable data channel is open: the server can send on it from now on. */
  reliableChannelOpened(): void;
  /** The peer connection's state changed, and with it perhaps the connection quality. */
  connectionStateChanged(): void;
}

/** What an adaptive-stream client's new video gets before it has sized its element: the lowest layer. */
const START_LOW: TrackSettings = { disabled: false, quality: 0 };

interface CandidateInit {
  candidate: string;
  sdpMid?: string;
  sdpMLineIndex?: number;
  usernameFragment?: string;
}

/**
 * A participant's single peer connection (the client offers, the server answers): negotiation in order, ICE, the
 * media it publishes, the tracks forwarded to it, and its data channels.
 */
export class ParticipantPeer {
  private readonly ctx: ServerContext;
  private readonly owner: PeerOwner;
  private readonly subscriptions = new Map<string, DownTrack>();
  /** The publication each subscription forwards. */
  private readonly subscribedTo = new Map<string, Publication>();
  /** Tracks the last reconcile could not place for want of a free section. */
  private unplaced = 0;
  private readonly subscriptionOverrides = new Map<string, boolean>();
  private readonly trackSettings = new Map<string, TrackSettings>();
  private readonly totals = { peak: 0, peakVideo: 0, subscribeRequests: 0, layerSwitches: 0, bytesSent: 0, videoBytesSent: 0, packetsSent: 0 };
  private readonly dataChannels = new Map<string, RTCDataChannel>();
  private readonly pendingCandidates: CandidateInit[] = [];
  private readonly sections: ReceiveSections;
  private pc: RTCPeerConnection | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(ctx: ServerContext, owner: PeerOwner) {
    this.ctx = ctx;
    this.owner = owner;
    this.sections = new ReceiveSections(owner.reuseTransceivers ?? false);
  }

  /** The server-side peer connection's state, or `new` before the first offer. */
  get connectionState(): string {
    return this.pc?.connectionState ?? 'new';
  }

  /** Sids of the tracks forwarded to this participant. */
  subscribedTrackSids(): string[] {
    return [...this.subscriptions.keys()];
  }

  /** RTP packets forwarded to this participant so far, by track sid. */
  packetsForwarded(): Record<string, number> {
    return Object.fromEntries([...this.subscriptions].map(([sid, down]) => [sid, down.packetsSent]));
  }

  /** What this participant received so far. */
  stats(): SubscriberStats {
    const downs = [...this.subscriptions.values()];
    const sum = (pick: (d: DownTrack) => number, of = downs) => of.reduce((n, d) => n + pick(d), 0);
    const video = downs.filter((d) => d.kind === 'video');
    return {
      subscriptions: downs.length,
      videoSubscriptions: video.length,
      peakSubscriptions: this.totals.peak,
      peakVideoSubscriptions: this.totals.peakVideo,
      subscribeRequests: this.totals.subscribeRequests,
      layerSwitches: this.totals.layerSwitches + sum((d) => d.layerSwitches),
      bytesSent: this.totals.bytesSent + sum((d) => d.bytesSent),
      videoBytesSent: this.totals.videoBytesSent + sum((d) => d.bytesSent, video),
      packetsSent: this.totals.packetsSent + sum((d) => d.packetsSent),
      ...this.sections.stats(),
      tracks: Object.fromEntries([...this.subscriptions].map(([sid, down]) => [sid, down.state()])),
    };
  }

  /** Runs `task` after every earlier negotiation step of this participant, so offers are answered in order. */
  enqueue(task: () => Promise<void> | void): Promise<void> {
    const next = this.queue.then(async () => {
      if (!this.closed) await task();
    });
    this.queue = next.catch((error: unknown) => this.ctx.logger.error(`negotiation step for ${this.owner.identity} failed`, error));
    return this.queue;
  }

  /** Answers an offer once earlier negotiation steps are done. */
  acceptOffer(offer: SessionDescription): void {
    void this.enqueue(() => this.answerOffer(offer));
  }

  /** The client chose to receive some tracks or not, overriding autoSubscribe for them. */
  updateSubscription(request: UpdateSubscription): void {
    const sids = [...request.trackSids, ...request.participantTracks.flatMap((t) => t.trackSids)];
    for (const sid of sids) this.subscriptionOverrides.set(sid, request.subscribe);
    if (request.subscribe) this.totals.subscribeRequests += sids.length;
    this.scheduleReconcile();
  }

  /** The client's settings for some of its tracks: simulcast layer by size or quality, or paused (disabled). */
  updateTrackSettings(request: UpdateTrackSettings): void {
    const given: TrackSettings = { disabled: request.disabled, quality: request.quality, width: request.width, height: request.height };
    for (const sid of request.trackSids) {
      let settings = given;
      // An adaptive-stream client reports visibility before it has measured the element, with quality HIGH: keep
      // the size it last reported (or the lowest layer) rather than jump to the best layer and back.
      if (this.owner.adaptiveStream && !given.width && !given.height) {
        const previous = this.trackSettings.get(sid);
        settings = { ...(previous?.width || previous?.height ? previous : START_LOW), disabled: given.disabled };
      }
      this.trackSettings.set(sid, settings);
      this.subscriptions.get(sid)?.applySettings(settings);
    }
  }

  /** Re-computes what this participant should receive, after the current negotiation step. */
  scheduleReconcile(): void {
    void this.enqueue(() => this.reconcileSubscriptions(false));
  }

  private ensurePeerConnection(): RTCPeerConnection {
    if (this.pc) return this.pc;
    const hosts = this.ctx.iceHosts;
    const bind = hosts.length === 1 && /^\d+\.\d+\.\d+\.\d+$/.test(hosts[0] ?? '') ? hosts[0] : undefined;
    const pc = new RTCPeerConnection({
      // No STUN: werift's default asks stun.l.google.com, a DNS lookup and packets off the machine for every peer
      // connection (a developer's network) or a lookup that hangs (a namespace with a default route)
      iceServers: [],
      // only the configured hosts are offered: no interface scan
      iceUseIpv4: false,
      iceUseIpv6: false,
      iceAdditionalHostAddresses: [...hosts],
      iceInterfaceAddresses: bind ? { udp4: bind } : undefined,
      codecs: CODECS,
      // Chrome refuses a simulcast offer unless the RID extensions are negotiated
      headerExtensions: {
        audio: [midExtension(), audioLevelExtension()],
        video: [midExtension(), ridExtension(), repairedRidExtension()],
      },
    });
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate || !hosts.includes(candidate.candidate.split(' ')[4] ?? '')) return;
      this.owner.send({
        case: 'trickle',
        value: new TrickleRequest({ candidateInit: JSON.stringify(candidate.toJSON()), target: SignalTarget.PUBLISHER }),
      });
    };
    pc.ondatachannel = ({ channel }) => {
      this.dataChannels.set(channel.label, channel);
      channel.onMessage.subscribe((data) => {
        this.owner.dataReceived(channel.label, typeof data === 'string' ? Buffer.from(data) : data);
      });
      if (channel.label === '_reliable') {
        if (channel.readyState === 'open') this.owner.reliableChannelOpened();
        else channel.stateChanged.subscribe((state) => state === 'open' && this.owner.reliableChannelOpened());
      }
    };
    pc.connectionStateChange.subscribe((state) => {
      this.ctx.logger.debug(`${this.owner.identity} peer connection ${state}`);
      this.owner.connectionStateChanged();
    });
    this.pc = pc;
    return pc;
  }

  async addRemoteCandidate(trickle: TrickleRequest): Promise<void> {
    let init: CandidateInit;
    try {
      init = withoutGeneration(JSON.parse(trickle.candidateInit) as CandidateInit);
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
    const sections = parseMediaSections(offer.sdp, CODEC_NAMES);
    await applyOffer(pc, offerForWerift(offer.sdp, sections, PLACEHOLDER_RTPMAP));
    this.sections.offered(sections);
    this.syncPublications(sections);
    await this.reconcileSubscriptions(true);

    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    this.sections.answered();
    // sections this answer turned inactive are free now: place what had to wait for them (a room's tracks swapped
    // for another's, on a move), whether or not the client brought the sections asked for
    if (this.unplaced > 0) this.scheduleReconcile();
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
      const describe = (list: MediaSection[]) => list.map((m) => `${m.mid ?? '?'}:${m.kind[0] ?? ''}:${m.direction}${m.rejected ? ':rejected' : m.port === 0 ? ':0' : ''}`).join(' ');
      this.ctx.logger.debug(`${this.owner.identity} offer #${offer.id} [${describe(sections)}] answer [${describe(parseMediaSections(sdp))}]`);
    }
    this.owner.send({ case: 'answer', value: new SessionDescription({ type: 'answer', sdp, id: offer.id, midToTrackId }) });
  }

  /** Matches this participant's publications to the sections of its latest offer. */
  private syncPublications(sections: readonly MediaSection[]): void {
    const pc = this.pc;
    if (!pc) return;
    const publications = [...this.owner.publications.values()];
    for (const publication of publications) {
      if (publication.mid === undefined) continue;
      const section = sections.find((s) => s.mid === publication.mid);
      // the client removed the sender: that is how it unpublishes on /rtc/v1
      if (!section || !offersToSend(section) || section.trackId !== (publication.sdpTrackId ?? publication.cid)) {
        this.owner.senderRemoved(publication);
      }
    }
    const current = [...this.owner.publications.values()];
    const senders = sendersOf(current, sections);
    for (const publication of current) {
      const section = publication.mid === undefined ? senders.get(publication.cid) : undefined;
      const transceiver = section && pc.getTransceivers().find((t) => t.mid === section.mid);
      const ups = transceiver ? UpTrack.fromTransceiver(transceiver) : [];
      const up = ups[0];
      if (!section || !up) continue;
      publication.mid = section.mid;
      publication.sdpTrackId = section.trackId;
      publication.setMedia(ups);
      if (up.kind === 'audio') up.onAudioLevel = (level) => publication.activity.record(level, Date.now());
      this.ctx.logger.debug(`${this.owner.identity}: media for ${publication.sid} on mid ${section.mid} (rids ${ups.map((u) => u.rid ?? '-').join(',')})`);
      this.owner.mediaReady(publication);
    }
  }

  private wants(publication: Publication): boolean {
    if (publication.publisher === this.owner.self || !publication.up || !this.owner.canSubscribe()) return false;
    return this.subscriptionOverrides.get(publication.sid) ?? this.owner.autoSubscribe;
  }

  /**
   * Starts and stops forwarding so this participant receives exactly the tracks it should, each on a receive-only
   * section of its kind that carries nothing ({@link ReceiveSections}). Outside an offer, a change is delivered by
   * asking the client to re-offer (MediaSectionsRequirement), with more receive-only sections when it has too few.
   */
  private async reconcileSubscriptions(duringOffer: boolean): Promise<void> {
    const pc = this.pc;
    if (!pc || !this.sections.negotiated) return;
    const wanted = new Map<string, Publication>();
    for (const publication of this.owner.roomPublications()) {
      if (this.wants(publication)) wanted.set(publication.sid, publication);
    }
    let changed = false;
    for (const [sid, down] of [...this.subscriptions]) {
      if (wanted.has(sid)) continue;
      this.closeDown(sid, down);
      changed = true;
    }
    const missing: Record<MediaKind, number> = { audio: 0, video: 0 };
    for (const publication of wanted.values()) {
      if (this.subscriptions.has(publication.sid) || !publication.up) continue;
      const free = this.sections.take(publication.kind);
      const transceiver = free && pc.getTransceivers().find((t) => t.mid === free.mid);
      if (!free || !transceiver) {
        missing[publication.kind] += 1;
        continue;
      }
      const down = await DownTrack.attach(
        publication.layers,
        transceiver,
        { participantSid: publication.publisher.sid, trackSid: publication.sid },
        this.trackSettings.get(publication.sid) ?? (this.owner.adaptiveStream ? START_LOW : undefined),
        free.from,
      );
      down.onTargetChanged = () => publication.announceWantedQuality();
      publication.downTracks.add(down);
      publication.announceWantedQuality();
      this.subscriptions.set(publication.sid, down);
      this.subscribedTo.set(publication.sid, publication);
      const video = [...this.subscriptions.values()].filter((d) => d.kind === 'video').length;
      this.totals.peak = Math.max(this.totals.peak, this.subscriptions.size);
      this.totals.peakVideo = Math.max(this.totals.peakVideo, video);
      changed = true;
      this.ctx.logger.debug(`${this.owner.identity} receives ${publication.sid} on mid ${down.mid}`);
      if (!publication.subscribedAnnounced) {
        publication.subscribedAnnounced = true;
        publication.publisher.send({ case: 'trackSubscribed', value: new TrackSubscribed({ trackSid: publication.sid }) });
      }
    }
    this.unplaced = missing.audio + missing.video;
    const requirement = this.sections.request(missing, changed && !duringOffer);
    if (requirement) {
      this.ctx.logger.debug(`${this.owner.identity}: asks for an offer (${requirement.numAudios} audio, ${requirement.numVideos} video sections more)`);
      this.owner.send({ case: 'mediaSectionsRequirement', value: new MediaSectionsRequirement(requirement) });
    }
  }

  /** Sends a data packet on this participant's channel of the same label, if it is open. */
  sendData(label: string, bytes: Uint8Array): boolean {
    const channel = this.dataChannels.get(label);
    if (channel?.readyState !== 'open') return false;
    channel.send(Buffer.from(bytes));
    return true;
  }

  /** Stops forwarding to this participant and any further negotiation; {@link close} then ends the connection. */
  stopForwarding(): void {
    this.closed = true;
    for (const [sid, down] of [...this.subscriptions]) this.closeDown(sid, down);
  }

  /** Stops forwarding one track, keeping its counts in the session's totals, and updates its publisher's dynacast. */
  private closeDown(sid: string, down: DownTrack): void {
    down.close();
    this.sections.release(down.mid, down.position());
    this.subscriptions.delete(sid);
    this.totals.layerSwitches += down.layerSwitches;
    this.totals.bytesSent += down.bytesSent;
    if (down.kind === 'video') this.totals.videoBytesSent += down.bytesSent;
    this.totals.packetsSent += down.packetsSent;
    // the publication it came from, which may be in another room by now (MoveParticipant)
    const publication = this.subscribedTo.get(sid);
    this.subscribedTo.delete(sid);
    if (publication?.downTracks.delete(down)) publication.announceWantedQuality();
  }

  /** Closes the peer connection. */
  close(): Promise<void> {
    this.closed = true;
    const pc = this.pc;
    this.pc = undefined;
    return pc ? pc.close().catch(() => undefined) : Promise.resolve();
  }
}
