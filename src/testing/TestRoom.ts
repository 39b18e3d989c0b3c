import {
  ConnectionState,
  DisconnectReason,
  LocalAudioTrack,
  LocalTrackPublication,
  LocalVideoTrack,
  ParticipantEvent,
  Room,
  RoomEvent,
  Track,
  TrackEvent,
  type LocalParticipant,
  type RemoteParticipant,
  type RemoteTrackPublication,
  type RoomOptions,
} from 'livekit-client';
import { setDeviceEnumerator, setPreviewFactory, type MediaDeviceKindName } from '../core/deviceStore.js';
import { RoomKitError } from '../core/RoomKitError.js';
import { getRoomStore } from '../core/roomStore.js';
import type { TokenClaims, TokenVideoGrant, TrackSourceName } from '../core/token.js';
import { createAudioTrack, createStream, createVideoTrack, ensureMediaClasses } from './syntheticMedia.js';

/** Grants of the simulated local participant, as a token would carry them. Absent flags take the server defaults. */
export type TestGrants = Omit<TokenVideoGrant, 'room' | 'roomJoin'>;

/** A simulated remote participant. */
export interface TestParticipantInit {
  identity: string;
  name?: string;
  metadata?: string;
  /** Publishes a camera (true), a muted camera ('muted'), or none (default). */
  camera?: boolean | 'muted';
  /** Publishes a microphone (true), a muted one ('muted'), or none (default). */
  microphone?: boolean | 'muted';
  screenShare?: boolean;
  speaking?: boolean;
  connectionQuality?: TestConnectionQuality;
  /** A hidden participant: present in the room, never listed. */
  hidden?: boolean;
}

/** Connection quality as a test scripts it. */
export type TestConnectionQuality = 'excellent' | 'good' | 'poor' | 'lost';

/** Options of {@link createTestRoom}. */
export interface TestRoomInit {
  /** The room name (default "test-room"). */
  name?: string;
  metadata?: string;
  recording?: boolean;
  local?: {
    identity?: string;
    name?: string;
    metadata?: string;
    grants?: TestGrants;
    /** Start with the camera published. */
    camera?: boolean;
    /** Start with the microphone published. */
    microphone?: boolean;
  };
  /** Remote participants, or a count of generated ones ("Participant 1"…). */
  participants?: TestParticipantInit[] | number;
  /** The initial connection state (default connected). */
  connectionState?: 'connected' | 'connecting' | 'reconnecting' | 'disconnected';
  /** Simulated devices for `useMediaDevices` and device menus. */
  devices?: Partial<Record<MediaDeviceKindName, Array<{ deviceId: string; label: string }>>>;
  /** Start with the browser blocking audio autoplay. */
  audioPlaybackBlocked?: boolean;
  /** Options for the underlying livekit-client Room. */
  roomOptions?: RoomOptions;
}

/** A data message the local participant sent, as the simulated server received it. */
export interface SentData {
  payload: Uint8Array;
  topic: string | undefined;
  reliable: boolean;
  text: string;
}

const QUALITY: Record<TestConnectionQuality, number> = { poor: 0, good: 1, excellent: 2, lost: 3 };
const PROTO_SOURCE: Record<TrackSourceName, number> = { camera: 1, microphone: 2, screen_share: 3, screen_share_audio: 4 };
const ACTIVE = 2;
const DISCONNECTED = 3;

interface SimTrack {
  sid: string;
  source: TrackSourceName;
  muted: boolean;
}
interface SimParticipant {
  sid: string;
  identity: string;
  name: string;
  metadata: string;
  hidden: boolean;
  permission: Record<string, unknown>;
  tracks: SimTrack[];
  version: number;
}

/** The private parts of livekit-client's Room that a media server's messages go through. */
interface RoomInternals {
  handleParticipantUpdates(infos: unknown[]): void;
  handleSpeakersChanged(speakers: unknown[]): void;
  handleConnectionQualityUpdate(update: unknown): void;
  handleRoomUpdate(room: unknown): void;
  handleDataPacket(packet: unknown, encryptionOrKind: number): void;
  /** Present from livekit-client 2.2 on, where data packets carry a `value` union. */
  handleUserPacket?: unknown;
  handleDisconnect(shouldStopTracks: boolean, reason?: DisconnectReason): void;
  setAndEmitConnectionState(state: ConnectionState): boolean;
  setupLocalParticipantEvents(): void;
  roomInfo: unknown;
}

const REQUIRED_INTERNALS = [
  'handleParticipantUpdates',
  'handleSpeakersChanged',
  'handleConnectionQualityUpdate',
  'handleRoomUpdate',
  'handleDataPacket',
  'handleDisconnect',
  'setAndEmitConnectionState',
  'setupLocalParticipantEvents',
] as const;

let sidCounter = 0;
const sid = (prefix: string) => `${prefix}_${(++sidCounter).toString(36)}`;

function hueOf(identity: string) {
  let h = 0;
  for (const c of identity) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/**
 * A livekit-client `Room` that behaves as if a media server were behind it. Its scripting methods feed the
 * Room the same updates a server would (participant updates, speaker updates, quality updates, data packets),
 * so RoomKit's store, hooks and components run exactly as in production. Pass it to `<RoomProvider room={…}>`.
 */
export class TestRoom extends Room {
  /** Data the local participant sent, oldest first. */
  readonly sentData: SentData[] = [];
  private readonly sim = new Map<string, SimParticipant>();
  private readonly local: SimParticipant;
  private readonly internals: RoomInternals;
  private roomState: { sid: string; name: string; metadata: string; activeRecording: boolean };
  private claims: TokenClaims;

  constructor(init: TestRoomInit = {}) {
    ensureMediaClasses();
    super({ adaptiveStream: false, dynacast: false, ...init.roomOptions });
    this.internals = this as unknown as RoomInternals;
    for (const name of REQUIRED_INTERNALS) {
      if (typeof (this.internals as unknown as Record<string, unknown>)[name] !== 'function') {
        throw new RoomKitError(
          'unsupported-livekit-version',
          `The testing kit needs livekit-client's Room.${name}, which this livekit-client version lacks. Install livekit-client 2.x (tested with 2.0.0 and 2.23).`,
        );
      }
    }
    const identity = init.local?.identity ?? 'me';
    const grants = init.local?.grants ?? {};
    this.claims = {
      identity,
      ...(init.local?.name === undefined ? {} : { name: init.local.name }),
      video: { roomJoin: true, room: init.name ?? 'test-room', ...grants },
    };
    this.local = {
      sid: sid('PA'),
      identity,
      name: init.local?.name ?? '',
      metadata: init.local?.metadata ?? '',
      hidden: grants.hidden ?? false,
      permission: this.permissionFrom(grants),
      tracks: [],
      version: 0,
    };
    this.roomState = {
      sid: sid('RM'),
      name: init.name ?? 'test-room',
      metadata: init.metadata ?? '',
      activeRecording: init.recording ?? false,
    };
    getRoomStore(this).setTokenClaims(this.claims);
    // A click on StartAudio unblocks audio in the simulation.
    this.startAudio = async () => {
      this.setAudioPlaybackBlocked(false);
    };
    this.installLocalMedia();
    setPreviewFactory(this, async () => {
      const track = new LocalVideoTrack(createVideoTrack('Preview', 140), undefined, true);
      track.source = Track.Source.Camera;
      return track;
    });
    if (init.devices) {
      const devices = init.devices;
      setDeviceEnumerator(this, async (kind) =>
        (devices[kind] ?? []).map(
          (d) => ({ deviceId: d.deviceId, label: d.label, kind, groupId: 'simulated', toJSON: () => d }) as MediaDeviceInfo,
        ),
      );
    }
    this.internals.roomInfo = { ...this.roomState };
    // What a real connect does: forward the local participant's events through the Room, take the sid and
    // identity the server assigned (older livekit-client versions drop local updates for another sid), apply its info.
    this.internals.setupLocalParticipantEvents();
    Object.assign(this.localParticipant, { sid: this.local.sid, identity });
    this.localParticipant.updateInfo(this.localInfo() as never);

    const state = init.connectionState ?? 'connected';
    if (state !== 'disconnected') this.setConnectionState(state === 'connected' ? 'connected' : 'connecting');
    const people =
      typeof init.participants === 'number'
        ? Array.from({ length: init.participants }, (_, i) => ({
            identity: `participant-${i + 1}`,
            name: `Participant ${i + 1}`,
            camera: true,
            microphone: i % 3 === 0 ? ('muted' as const) : true,
          }))
        : (init.participants ?? []);
    for (const p of people) this.addParticipant(p);
    if (init.local?.camera) void this.localParticipant.setCameraEnabled(true);
    if (init.local?.microphone) void this.localParticipant.setMicrophoneEnabled(true);
    if (state === 'reconnecting') this.setConnectionState('reconnecting');
    if (init.audioPlaybackBlocked) this.setAudioPlaybackBlocked(true);
    this.flush();
  }

  // ---- participants ---------------------------------------------------------------------------

  /** A participant joins (with the tracks `init` names). */
  addParticipant(init: TestParticipantInit): this {
    if (this.sim.has(init.identity) || init.identity === this.local.identity) {
      throw new RoomKitError('invalid-token', `A participant "${init.identity}" is already in the test room.`);
    }
    const p: SimParticipant = {
      sid: sid('PA'),
      identity: init.identity,
      name: init.name ?? init.identity,
      metadata: init.metadata ?? '',
      hidden: init.hidden ?? false,
      permission: this.permissionFrom({ hidden: init.hidden ?? false }),
      tracks: [],
      version: 0,
    };
    this.sim.set(p.identity, p);
    const tracks: Array<[TrackSourceName, boolean]> = [];
    if (init.camera) tracks.push(['camera', init.camera === 'muted']);
    if (init.microphone) tracks.push(['microphone', init.microphone === 'muted']);
    if (init.screenShare) tracks.push(['screen_share', false]);
    p.tracks = tracks.map(([source, muted]) => ({ sid: sid('TR'), source, muted }));
    this.sendUpdate(p);
    for (const t of p.tracks) this.deliverMedia(p, t);
    if (init.connectionQuality) this.setConnectionQuality(p.identity, init.connectionQuality);
    if (init.speaking) this.setSpeaking(p.identity, true);
    return this.flush();
  }

  /** A participant leaves. */
  removeParticipant(identity: string): this {
    const p = this.remote(identity);
    this.sim.delete(identity);
    p.version++;
    this.internals.handleParticipantUpdates([{ ...this.infoOf(p), state: DISCONNECTED, disconnectReason: DisconnectReason.CLIENT_INITIATED }]);
    return this.flush();
  }

  /** Adds `count` generated participants with cameras ("Participant N"). */
  addParticipants(count: number, from = this.sim.size + 1): this {
    for (let i = 0; i < count; i++) {
      const n = from + i;
      this.addParticipant({ identity: `participant-${n}`, name: `Participant ${n}`, camera: true, microphone: true });
    }
    return this;
  }

  /** Changes a remote participant's display name or metadata. */
  updateParticipant(identity: string, changes: { name?: string; metadata?: string }): this {
    const p = this.remote(identity);
    if (changes.name !== undefined) p.name = changes.name;
    if (changes.metadata !== undefined) p.metadata = changes.metadata;
    this.sendUpdate(p);
    return this.flush();
  }

  // ---- tracks ---------------------------------------------------------------------------------

  /** A remote participant publishes a track (its media reaches this session if it may subscribe). */
  publishTrack(identity: string, source: TrackSourceName, options: { muted?: boolean } = {}): this {
    const p = this.remote(identity);
    if (p.tracks.some((t) => t.source === source)) return this.setMuted(identity, source, options.muted ?? false);
    const track: SimTrack = { sid: sid('TR'), source, muted: options.muted ?? false };
    p.tracks = [...p.tracks, track];
    this.sendUpdate(p);
    this.deliverMedia(p, track);
    return this.flush();
  }

  /** A remote participant unpublishes a track. */
  unpublishTrack(identity: string, source: TrackSourceName): this {
    const p = this.remote(identity);
    p.tracks = p.tracks.filter((t) => t.source !== source);
    this.sendUpdate(p);
    return this.flush();
  }

  /** A remote participant mutes or unmutes a track. */
  setMuted(identity: string, source: TrackSourceName, muted: boolean): this {
    const p = this.remote(identity);
    const track = p.tracks.find((t) => t.source === source);
    if (!track) throw new RoomKitError('not-connected', `"${identity}" has no ${source} track to mute; publish one first.`);
    track.muted = muted;
    this.sendUpdate(p);
    return this.flush();
  }

  // ---- signals --------------------------------------------------------------------------------

  /** Starts or stops a participant (remote or local) speaking. */
  setSpeaking(identity: string, speaking: boolean, level = 0.6): this {
    const target = identity === this.local.identity ? this.local : this.remote(identity);
    this.internals.handleSpeakersChanged([{ sid: target.sid, level: speaking ? level : 0, active: speaking }]);
    return this.flush();
  }

  /** Sets a participant's (remote or local) connection quality. */
  setConnectionQuality(identity: string, quality: TestConnectionQuality): this {
    const target = identity === this.local.identity ? this.local : this.remote(identity);
    this.internals.handleConnectionQualityUpdate({
      updates: [{ participantSid: target.sid, quality: QUALITY[quality], score: quality === 'excellent' ? 4.5 : 2 }],
    });
    return this.flush();
  }

  /**
   * The server changes a participant's live permissions. For the local participant this changes the effective
   * grants at once; revoking `canPublish` also unpublishes its tracks, as the server does.
   */
  setPermissions(identity: string, permissions: Omit<TestGrants, 'roomAdmin' | 'roomRecord'>): this {
    const target = identity === this.local.identity ? this.local : this.remote(identity);
    const current = target.permission;
    target.permission = this.permissionFrom({
      canPublish: current.canPublish as boolean,
      canSubscribe: current.canSubscribe as boolean,
      canPublishData: current.canPublishData as boolean,
      hidden: current.hidden as boolean,
      ...permissions,
    });
    if (permissions.hidden !== undefined) target.hidden = permissions.hidden;
    if (target === this.local) {
      target.version++;
      this.localParticipant.updateInfo(this.localInfo() as never);
    } else {
      this.sendUpdate(target);
    }
    return this.flush();
  }

  /** Replaces the token's grants (as if the app reconnected with a new token); `roomAdmin`/`roomRecord` live here. */
  setTokenGrants(grants: TestGrants): this {
    this.claims = { ...this.claims, video: { roomJoin: true, room: this.roomState.name, ...grants } };
    getRoomStore(this).setTokenClaims(this.claims);
    return this.setPermissions(this.local.identity, grants);
  }

  /**
   * Changes the connection state: `reconnecting`, `connected` (again), `connecting`, or `disconnected` with
   * livekit-client's `DisconnectReason` (the server ending the session).
   */
  setConnectionState(state: 'connected' | 'connecting' | 'reconnecting' | 'disconnected', reason?: DisconnectReason): this {
    const previous = this.state;
    if (state === 'disconnected') {
      this.internals.handleDisconnect(true, reason ?? DisconnectReason.UNKNOWN_REASON);
      this.sim.clear();
      return this.flush();
    }
    if (state === 'reconnecting') {
      this.internals.setAndEmitConnectionState(ConnectionState.Reconnecting);
      this.emit(RoomEvent.Reconnecting);
    } else if (state === 'connecting') {
      this.internals.setAndEmitConnectionState(ConnectionState.Connecting);
    } else {
      this.internals.setAndEmitConnectionState(ConnectionState.Connected);
      this.emit(previous === ConnectionState.Reconnecting ? RoomEvent.Reconnected : RoomEvent.Connected);
    }
    return this.flush();
  }

  /** The room starts or stops recording. */
  setRecording(recording: boolean): this {
    this.roomState = { ...this.roomState, activeRecording: recording };
    this.internals.handleRoomUpdate({ ...this.roomState });
    return this.flush();
  }

  /** The room's metadata changes. */
  setRoomMetadata(metadata: string): this {
    this.roomState = { ...this.roomState, metadata };
    this.internals.handleRoomUpdate({ ...this.roomState });
    return this.flush();
  }

  /** The browser blocks (or allows again) audio autoplay. */
  setAudioPlaybackBlocked(blocked: boolean): this {
    Object.defineProperty(this, 'canPlaybackAudio', { configurable: true, get: () => !blocked });
    this.emit(RoomEvent.AudioPlaybackStatusChanged, !blocked);
    return this.flush();
  }

  // ---- data -----------------------------------------------------------------------------------

  /** A participant (or the server, with `from` undefined) sends data to this session. */
  deliverData(from: string | undefined, payload: Uint8Array | string, options: { topic?: string; reliable?: boolean } = {}): this {
    const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
    const kind = options.reliable === false ? 1 : 0;
    const user = { payload: bytes, topic: options.topic, participantIdentity: from ?? '', destinationIdentities: [] };
    if (typeof this.internals.handleUserPacket !== 'function') {
      // livekit-client before 2.2 hands the Room the user packet itself.
      this.internals.handleDataPacket(user, kind);
    } else {
      this.internals.handleDataPacket(
        { participantIdentity: from ?? '', kind, destinationIdentities: [], value: { case: 'user', value: user } },
        0,
      );
    }
    return this.flush();
  }

  /** A participant sends a chat message. */
  deliverChat(from: string, message: string, timestamp = Date.now()): this {
    const id = `${from}-${timestamp}-${Math.random().toString(36).slice(2, 8)}`;
    return this.deliverData(from, JSON.stringify({ id, timestamp, message }), { topic: 'lk-chat-topic' });
  }

  // ---- plumbing -------------------------------------------------------------------------------

  /** Applies pending store updates now, so the next render sees them. */
  flush(): this {
    getRoomStore(this).flush();
    return this;
  }

  private remote(identity: string): SimParticipant {
    const p = this.sim.get(identity);
    if (!p) {
      throw new RoomKitError(
        'not-connected',
        `No participant "${identity}" in the test room. Known: ${[...this.sim.keys()].join(', ') || 'none'}.`,
      );
    }
    return p;
  }

  private permissionFrom(g: TestGrants) {
    return {
      canPublish: g.canPublish ?? true,
      canSubscribe: g.canSubscribe ?? true,
      canPublishData: g.canPublishData ?? true,
      hidden: g.hidden ?? false,
      recorder: false,
      canUpdateMetadata: false,
      canSubscribeMetrics: false,
      agent: false,
      canPublishSources: (g.canPublishSources ?? []).map((s) => PROTO_SOURCE[s]),
    };
  }

  private infoOf(p: SimParticipant) {
    return {
      sid: p.sid,
      identity: p.identity,
      name: p.name,
      metadata: p.metadata,
      attributes: {},
      state: ACTIVE,
      version: p.version,
      permission: p.permission,
      kind: 0,
      kindDetails: [],
      isPublisher: p.tracks.length > 0,
      region: '',
      disconnectReason: 0,
      dataTracks: [],
      clientProtocol: 0,
      joinedAt: BigInt(0),
      joinedAtMs: BigInt(0),
      tracks: p.tracks.map((t) => ({
        sid: t.sid,
        type: t.source === 'camera' || t.source === 'screen_share' ? 1 : 0,
        source: PROTO_SOURCE[t.source],
        name: t.source,
        muted: t.muted,
        width: t.source === 'microphone' || t.source === 'screen_share_audio' ? 0 : 1280,
        height: t.source === 'microphone' || t.source === 'screen_share_audio' ? 0 : 720,
        simulcast: false,
        mimeType: '',
        mid: '',
        layers: [],
        codecs: [],
        encryption: 0,
        stream: '',
        audioFeatures: [],
      })),
    };
  }

  private localInfo() {
    return { ...this.infoOf(this.local), tracks: [] };
  }

  private sendUpdate(p: SimParticipant) {
    p.version++;
    this.internals.handleParticipantUpdates([this.infoOf(p)]);
    this.answerSubscriptions(p);
  }

  private readonly answering = new WeakSet<RemoteTrackPublication>();

  /** The simulated server honours subscription changes: unsubscribing stops the media, subscribing resumes it. */
  private answerSubscriptions(p: SimParticipant) {
    const participant = this.remoteParticipants.get(p.identity);
    if (!participant) return;
    for (const publication of participant.trackPublications.values()) {
      if (this.answering.has(publication)) continue;
      this.answering.add(publication);
      publication.on(TrackEvent.UpdateSubscription, (update: { subscribe: boolean }) => {
        if (!update.subscribe) {
          const track = publication.track;
          publication.setTrack(undefined);
          track?.stop();
        } else if (!publication.track) {
          const sim = this.sim.get(p.identity)?.tracks.find((t) => t.sid === publication.trackSid);
          if (sim) this.deliverMedia(p, sim);
        }
        this.flush();
      });
    }
  }

  /** Media reaches this session only where the local participant may subscribe. */
  private deliverMedia(p: SimParticipant, t: SimTrack) {
    if (this.local.permission.canSubscribe === false) return;
    const participant = this.remoteParticipants.get(p.identity) as RemoteParticipant | undefined;
    if (!participant) return;
    const isVideo = t.source === 'camera' || t.source === 'screen_share';
    const label = `${p.name}${t.source === 'screen_share' ? ' (screen)' : ''}`;
    // Remote video is drawn only while a video element shows it (a page of a large grid, not all of it).
    const watched = () => {
      const track = participant.getTrackPublicationBySid(t.sid)?.track;
      return !track || track.attachedElements.length > 0;
    };
    const media = isVideo ? createVideoTrack(label, hueOf(p.identity + t.source), watched) : createAudioTrack(label);
    participant.addSubscribedMediaTrack(media, t.sid, createStream(media), undefined as unknown as RTCRtpReceiver);
  }

  /** The local participant's publishing, answered by the simulated server instead of WebRTC. */
  private installLocalMedia() {
    const lp = this.localParticipant;
    const toggle = async (source: Track.Source, enabled: boolean) => {
      const existing = lp.getTrackPublication(source) as LocalTrackPublication | undefined;
      if (existing?.track) {
        if (source === Track.Source.ScreenShare && !enabled) {
          this.removeLocalPublication(lp, existing);
          return undefined;
        }
        if (enabled) await existing.track.unmute();
        else await existing.track.mute();
        return existing;
      }
      if (!enabled) return undefined;
      const name = source === Track.Source.Microphone ? 'microphone' : source === Track.Source.Camera ? 'camera' : 'screen_share';
      if (this.local.permission.canPublish === false || this.local.hidden) {
        throw new RoomKitError('not-permitted', `The simulated server refused to publish ${name}: the session lacks canPublish.`);
      }
      const media =
        source === Track.Source.Microphone
          ? createAudioTrack('microphone')
          : createVideoTrack(source === Track.Source.Camera ? 'You' : 'Your screen', 140);
      const track =
        source === Track.Source.Microphone ? new LocalAudioTrack(media, undefined, true) : new LocalVideoTrack(media, undefined, true);
      track.source = source;
      const publication = new LocalTrackPublication(
        track.kind,
        { sid: sid('TR'), name, source: PROTO_SOURCE[name], type: track.kind === Track.Kind.Video ? 1 : 0, muted: false } as never,
        track,
      );
      (lp as unknown as { addTrackPublication(p: LocalTrackPublication): void }).addTrackPublication(publication);
      lp.emit(ParticipantEvent.LocalTrackPublished, publication);
      return publication;
    };
    lp.setMicrophoneEnabled = (enabled: boolean) => toggle(Track.Source.Microphone, enabled);
    lp.setCameraEnabled = (enabled: boolean) => toggle(Track.Source.Camera, enabled);
    lp.setScreenShareEnabled = (enabled: boolean) => toggle(Track.Source.ScreenShare, enabled);
    lp.publishData = async (payload: Uint8Array, options = {}) => {
      if (this.local.permission.canPublishData === false) {
        throw new RoomKitError('not-permitted', 'The simulated server dropped data: the session lacks canPublishData.');
      }
      this.sentData.push({
        payload,
        topic: options.topic,
        reliable: options.reliable ?? true,
        text: new TextDecoder().decode(payload),
      });
    };
    lp.unpublishTrack = async (track) => {
      const publication = [...lp.trackPublications.values()].find((p) => p.track === track || p.track?.mediaStreamTrack === track);
      if (publication) this.removeLocalPublication(lp, publication);
      return publication;
    };
    // The server unpublishes a participant's tracks when it loses canPublish.
    lp.on(ParticipantEvent.ParticipantPermissionsChanged, () => {
      if (lp.permissions?.canPublish !== false && !lp.permissions?.hidden) return;
      for (const publication of [...lp.trackPublications.values()]) this.removeLocalPublication(lp, publication);
    });
  }

  private removeLocalPublication(lp: LocalParticipant, publication: LocalTrackPublication) {
    const maps = lp as unknown as {
      trackPublications: Map<string, unknown>;
      audioTrackPublications: Map<string, unknown>;
      videoTrackPublications: Map<string, unknown>;
    };
    maps.trackPublications.delete(publication.trackSid);
    maps.audioTrackPublications.delete(publication.trackSid);
    maps.videoTrackPublications.delete(publication.trackSid);
    publication.track?.stop();
    lp.emit(ParticipantEvent.LocalTrackUnpublished, publication);
  }
}

/**
 * Creates a simulated room for Storybook, jsdom tests and demos: no media server, no WebRTC.
 *
 * @example
 * ```tsx
 * const room = createTestRoom({ local: { identity: 'me', grants: { canPublish: false } }, participants: 4 });
 * render(<RoomProvider room={room}><VideoConference /></RoomProvider>);
 * act(() => room.setSpeaking('participant-2', true));
 * ```
 */
export function createTestRoom(init: TestRoomInit = {}): TestRoom {
  return new TestRoom(init);
}
