import { ConnectionState, DisconnectReason, Room, RoomEvent } from 'livekit-client';
import { AGENT_STATE_ATTRIBUTE } from '../room/state/agentState.js';
import { SPOTLIGHT_ATTRIBUTE } from '../room/hooks/useSpotlight.js';
import { WAITING_ATTRIBUTE } from '../waiting-room/useWaitingRoom.js';
import { getRoomStore } from '../room/state/roomStore.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { simulateBrowserSupport } from '../room/browserSupport.js';
import type { TokenClaims, TrackSourceName } from '../room/connection/token.js';
import { endLocalScreenShare, installLocalPublishing } from './localPublishing.js';
import { chatMessage, deliverData, installDataReceiver, type SentData } from './simulatedData.js';
import { failDecryption, holdEncryptionStore, recoverDecryption } from '../e2ee/simulatedEncryption.js';
import { SimulatedHands } from './simulatedHands.js';
import { installPreviewAndDevices, unplugSimulatedDevice, type SimulatedDeviceFailure, type SimulatedDeviceKind, type SimulatedDevices } from './simulatedMedia.js';
import { participantInits, SimulatedParticipants, type TestConnectionQuality, type TestGrants, type TestParticipantInit } from './simulatedParticipants.js';
import { deliverTextStream, installTextStreamReceiver, newStreamId, type DeliverTextOptions, type DeliverTranscriptionOptions, type SentText } from './simulatedTextStreams.js';
import { localParticipantInfo, permissionFrom, roomInternals, sid, simContext, type SimContext } from './simulatedServer.js';
import { ensureMediaClasses } from './syntheticMedia.js';
import type { TestRoomInit } from './testRoomInit.js';

/**
 * A livekit-client `Room` that behaves as if a media server were behind it. Its scripting methods feed the
 * Room the same updates a server would (participant updates, speaker updates, quality updates, data packets),
 * so RoomKit's store, hooks and components run exactly as in production. Pass it to `<RoomProvider room={…}>`.
 */
export class TestRoom extends Room {
  // The simulated server lives in parts the room owns: participants (simulatedParticipants.ts), the local
  // participant's publishing (localPublishing.ts), media (simulatedMedia.ts, syntheticMedia.ts) and data
  // (simulatedData.ts). Room-level state (connection, recording, metadata, autoplay, token) is scripted here.
  /** Data the local participant sent, oldest first. */
  readonly sentData: SentData[] = [];
  /** Text streams the local participant sent (`sendText`, `streamText`), oldest first. */
  readonly sentText: SentText[] = [];
  private readonly sim: SimContext;
  private readonly participants: SimulatedParticipants;
  private readonly hands = new SimulatedHands((from, payload, topic) => this.deliverData(from, payload, { topic }));
  private roomState: { sid: string; name: string; metadata: string; activeRecording: boolean };
  private devices: SimulatedDevices | undefined;
  private readonly deviceFailures: Map<SimulatedDeviceKind, SimulatedDeviceFailure>;
  private claims: TokenClaims;

  constructor(init: TestRoomInit = {}) {
    ensureMediaClasses();
    super({ adaptiveStream: false, dynacast: false, ...init.roomOptions });
    const internals = roomInternals(this);
    const identity = init.local?.identity ?? 'me';
    const grants = init.local?.grants ?? {};
    this.claims = {
      identity,
      ...(init.local?.name === undefined ? {} : { name: init.local.name }),
      video: { roomJoin: true, room: init.name ?? 'test-room', ...grants },
    };
    this.sim = simContext(this, internals, {
      sid: sid('PA'),
      identity,
      name: init.local?.name ?? '',
      metadata: init.local?.metadata ?? '',
      hidden: grants.hidden ?? false,
      kind: 0,
      attributes: {},
      permission: permissionFrom(grants),
      tracks: [],
      version: 0,
    });
    this.sim.encrypted = init.encrypted ?? false;
    this.sim.screenShareAudio = init.screenShareAudio ?? false;
    this.isE2EEEnabled = this.sim.encrypted;
    if (this.sim.encrypted) holdEncryptionStore(this);
    this.participants = new SimulatedParticipants(this.sim);
    this.roomState = { sid: sid('RM'), name: init.name ?? 'test-room', metadata: init.metadata ?? '', activeRecording: init.recording ?? false };
    getRoomStore(this).setTokenClaims(this.claims);
    simulateBrowserSupport(this, { join: 'yes', screenShare: 'yes', screenShareAudio: 'unknown', cameraSwitch: 'unknown', ...init.browserSupport });
    // A click on StartAudio unblocks audio in the simulation.
    this.startAudio = async () => void this.setAudioPlaybackBlocked(false);
    this.devices = init.devices ? { ...init.devices } : undefined;
    this.deviceFailures = new Map(Object.entries(init.deviceFailures ?? {}) as Array<[SimulatedDeviceKind, SimulatedDeviceFailure]>);
    installLocalPublishing(this.sim, this.deviceFailures);
    installDataReceiver(this.sim, this.sentData, (data) => this.hands.answer(data));
    installTextStreamReceiver(this.sim, this.sentText);
    installPreviewAndDevices(this, () => this.devices, this.deviceFailures);
    internals.roomInfo = { ...this.roomState };
    this.serverInfo = { edition: 0, version: init.serverVersion ?? '1.9.0', protocol: 16 } as never;
    // What a real connect does: forward the local participant's events through the Room, take the sid and
    // identity the server assigned (older livekit-client versions drop local updates for another sid), apply its info.
    internals.setupLocalParticipantEvents();
    Object.assign(this.localParticipant, { sid: this.sim.local.sid, identity });
    this.localParticipant.updateInfo(localParticipantInfo(this.sim.local) as never);

    const state = init.connectionState ?? 'connected';
    if (state !== 'disconnected') this.setConnectionState(state === 'connected' ? 'connected' : 'connecting');
    for (const p of participantInits(init.participants)) this.addParticipant(p);
    for (let i = 1; i <= (init.listeners ?? 0); i++) this.addParticipant({ identity: `listener-${i}`, name: `Listener ${i}`, canPublish: false });
    if (init.local?.camera) void this.localParticipant.setCameraEnabled(true);
    if (init.local?.microphone) void this.localParticipant.setMicrophoneEnabled(true);
    if (state === 'reconnecting' || state === 'signalReconnecting') this.setConnectionState(state);
    if (init.audioPlaybackBlocked) this.setAudioPlaybackBlocked(true);
    this.flush();
  }

  // ---- participants (simulatedParticipants.ts) -------------------------------------------------

  /** A participant joins (with the tracks `init` names). */
  addParticipant(init: TestParticipantInit): this {
    this.participants.add(init);
    if (init.handRaisedAt !== undefined) this.hands.raisedBefore(init.identity, init.handRaisedAt);
    return this;
  }

  /** A participant leaves. */
  removeParticipant(identity: string): this {
    this.participants.remove(identity);
    this.hands.forget(identity);
    return this;
  }

  /** Adds `count` generated participants with cameras ("Participant N"). */
  addParticipants(count: number, from = this.participants.size + 1): this {
    for (let i = 0; i < count; i++) {
      const n = from + i;
      this.addParticipant({ identity: `participant-${n}`, name: `Participant ${n}`, camera: true, microphone: true });
    }
    return this;
  }

  /**
   * Changes a participant's display name or metadata: a remote one's, or the local one's as the server would (LiveKit
   * Egress's `UpdateLayout` sets a recorder's metadata to `{"layout": "speaker"}`).
   */
  updateParticipant(identity: string, changes: { name?: string; metadata?: string }): this {
    this.participants.update(identity, changes);
    return this;
  }

  /** A remote participant publishes a track (its media reaches this session if it may subscribe). */
  publishTrack(identity: string, source: TrackSourceName, options: { muted?: boolean } = {}): this {
    this.participants.publishTrack(identity, source, options.muted ?? false);
    return this;
  }

  /** A remote participant unpublishes a track. */
  unpublishTrack(identity: string, source: TrackSourceName): this {
    this.participants.unpublishTrack(identity, source);
    return this;
  }

  /** A remote participant mutes or unmutes a track. */
  setMuted(identity: string, source: TrackSourceName, muted: boolean): this {
    this.participants.setMuted(identity, source, muted);
    return this;
  }

  /** Starts or stops a participant (remote or local) speaking. */
  setSpeaking(identity: string, speaking: boolean, level = 0.6): this {
    this.participants.setSpeaking(identity, speaking, level);
    return this;
  }

  /** Sets a participant's (remote or local) connection quality. */
  setConnectionQuality(identity: string, quality: TestConnectionQuality): this {
    this.participants.setConnectionQuality(identity, quality);
    return this;
  }

  /**
   * The server changes a participant's live permissions. For the local participant this changes the effective
   * grants at once; revoking `canPublish` also unpublishes its tracks, as the server does.
   */
  setPermissions(identity: string, permissions: Omit<TestGrants, 'roomAdmin' | 'roomRecord'>): this {
    this.participants.setPermissions(identity, permissions);
    return this;
  }

  // ---- the room --------------------------------------------------------------------------------

  /** Replaces the token's grants (as if the app reconnected with a new token); `roomAdmin`/`roomRecord` live here. */
  setTokenGrants(grants: TestGrants): this {
    this.claims = { ...this.claims, video: { roomJoin: true, room: this.roomState.name, ...grants } };
    getRoomStore(this).setTokenClaims(this.claims);
    return this.setPermissions(this.sim.local.identity, grants);
  }

  /**
   * Changes the connection state: `reconnecting` (media and signalling), `signalReconnecting` (only the signalling
   * connection resumes; media keeps flowing), `connected` (again), `connecting`, or `disconnected` with
   * livekit-client's `DisconnectReason` (the server ending the session).
   */
  setConnectionState(state: 'connected' | 'connecting' | 'reconnecting' | 'signalReconnecting' | 'disconnected', reason?: DisconnectReason): this {
    const previous = this.state;
    const { internals } = this.sim;
    if (state === 'disconnected') {
      internals.handleDisconnect(true, reason ?? DisconnectReason.UNKNOWN_REASON);
      this.participants.clear();
      return this.flush();
    }
    if (state === 'reconnecting' || state === 'signalReconnecting') {
      const signal = state === 'signalReconnecting';
      internals.setAndEmitConnectionState(signal ? ConnectionState.SignalReconnecting : ConnectionState.Reconnecting);
      this.emit(signal ? RoomEvent.SignalReconnecting : RoomEvent.Reconnecting);
    } else if (state === 'connecting') {
      internals.setAndEmitConnectionState(ConnectionState.Connecting);
    } else {
      internals.setAndEmitConnectionState(ConnectionState.Connected);
      this.emit(previous === ConnectionState.Reconnecting || previous === ConnectionState.SignalReconnecting ? RoomEvent.Reconnected : RoomEvent.Connected);
    }
    return this.flush();
  }

  /** This session can no longer decrypt `identity`'s media (another passphrase): livekit-client's `EncryptionError`. */
  setDecryptionFailed(identity: string): this {
    failDecryption(this, identity);
    return this.flush();
  }

  /** `identity`'s frames decrypt again (both re-keyed alike): resolves once the receivers' reads end the mark. */
  async setDecryptionRecovered(identity: string): Promise<this> {
    await recoverDecryption(this, identity);
    return this.flush();
  }

  /** The room starts or stops recording. */
  setRecording(recording: boolean): this {
    this.roomState = { ...this.roomState, activeRecording: recording };
    this.sim.internals.handleRoomUpdate({ ...this.roomState });
    return this.flush();
  }

  /** The room's metadata changes. */
  setRoomMetadata(metadata: string): this {
    this.roomState = { ...this.roomState, metadata };
    this.sim.internals.handleRoomUpdate({ ...this.roomState });
    return this.flush();
  }

  /** The browser blocks (or allows again) audio autoplay. */
  setAudioPlaybackBlocked(blocked: boolean): this {
    Object.defineProperty(this, 'canPlaybackAudio', { configurable: true, get: () => !blocked });
    this.emit(RoomEvent.AudioPlaybackStatusChanged, !blocked);
    return this.flush();
  }

  // ---- devices (simulatedMedia.ts, localPublishing.ts) --------------------------------------

  /**
   * The simulated browser refuses (`undefined`: allows again) devices of `kind`: the camera preview and publishing
   * reject with a browser's DOMException (`NotAllowedError`, `NotFoundError`, `NotReadableError`…).
   */
  setDeviceFailure(kind: SimulatedDeviceKind, failure: SimulatedDeviceFailure | undefined): this {
    if (failure) this.deviceFailures.set(kind, failure);
    else this.deviceFailures.delete(kind);
    return this;
  }

  /** The person stops the local screen share from the browser's own "Stop sharing": its picture and sound end. */
  endScreenShare(): this {
    endLocalScreenShare(this.localParticipant);
    return this.flush();
  }

  /** A device is unplugged: it leaves the list, and a local camera or microphone on it ends (RoomKit: `device-lost`). */
  unplugDevice(deviceId: string): this {
    this.devices = unplugSimulatedDevice(this, this.devices, deviceId);
    return this.flush();
  }

  // ---- data (simulatedData.ts) -----------------------------------------------------------------

  /** A participant (or the server, with `from` undefined) sends data to this session. */
  deliverData(from: string | undefined, payload: Uint8Array | string, options: { topic?: string; reliable?: boolean } = {}): this {
    deliverData(this.sim, from, payload, options);
    return this.flush();
  }

  /** A participant sends a chat message. */
  deliverChat(from: string, message: string, timestamp = Date.now()): this {
    const { payload, topic } = chatMessage(from, message, timestamp);
    return this.deliverData(from, payload, { topic });
  }

  // ---- raised hands and reactions (simulatedHands.ts) ------------------------------------------

  /**
   * A remote participant raises its hand (on `roomkit.hand`, as RoomKit's client sends it). Its client also
   * answers the session's catch-up requests and obeys an admin's request to lower it.
   */
  raiseHand(identity: string, raisedAt = Date.now()): this {
    this.hands.raise(identity, raisedAt);
    return this;
  }

  /** A remote participant lowers its hand. */
  lowerHand(identity: string): this {
    this.hands.lower(identity);
    return this;
  }

  /** A remote participant sends a reaction (on `roomkit.reaction`); anything outside `REACTION_EMOJIS` is ignored by receivers. */
  react(identity: string, emoji: string): this {
    this.hands.react(identity, emoji);
    return this;
  }

  // ---- text streams, transcriptions, agents (simulatedTextStreams.ts) --------------------------

  /**
   * A participant sends a text stream (default topic `lk.chat`): header, chunks and trailer through
   * livekit-client's own stream handling. `text` may be several chunks. Handlers read streams asynchronously:
   * wait for what it shows (`findByText`, `waitFor`).
   */
  deliverText(from: string, text: string | readonly string[], options: DeliverTextOptions = {}): this {
    deliverTextStream(this.sim, from, text, options);
    return this.flush();
  }

  /**
   * `identity`'s speech as a transcription on `lk.transcription` (what an agent or a transcription service
   * sends): interim text (`final: false`) is replaced by later text with the same `segmentId`.
   */
  deliverTranscription(identity: string, text: string | readonly string[], options: DeliverTranscriptionOptions = {}): this {
    const trackSid = options.trackSid ?? this.participants.microphoneSid(identity);
    return this.deliverText(options.from ?? identity, text, {
      topic: 'lk.transcription',
      attributes: {
        'lk.segment_id': options.segmentId ?? newStreamId('SG'),
        'lk.transcription_final': String(options.final ?? true),
        ...(trackSid ? { 'lk.transcribed_track_id': trackSid } : {}),
      },
    });
  }

  /** A participant's attributes change (an empty value removes one), as the server sets them (local or remote). */
  setAttributes(identity: string, attributes: Record<string, string>): this {
    this.participants.setAttributes(identity, attributes);
    return this;
  }

  /**
   * LiveKit's MoveParticipant moves this session to the room `name` (a breakout room, or back), where `participants`
   * are: livekit-client's `RoomEvent.Moved`, after the old room's participants left this session's view.
   */
  moveTo(name: string, participants: readonly TestParticipantInit[] = []): this {
    for (const identity of [...this.remoteParticipants.keys()]) this.removeParticipant(identity);
    this.roomState = { ...this.roomState, sid: sid('RM'), name };
    this.sim.internals.handleRoomUpdate({ ...this.roomState });
    this.claims = { ...this.claims, video: { ...this.claims.video, room: name } };
    getRoomStore(this).setTokenClaims(this.claims);
    this.emit(RoomEvent.Moved, name);
    for (const participant of participants) this.addParticipant(participant);
    return this.flush();
  }

  /** A host lets `identity` (waiting, or this session) in with `grants` (default a guest's): the route's `admit`. */
  admit(identity: string, grants: Omit<TestGrants, 'roomAdmin' | 'roomRecord'> = { canPublish: true, canSubscribe: true, canPublishData: true }): this {
    return this.setPermissions(identity, grants);
  }

  /** A host turns `identity` away (the route's `deny`): told by its attribute, then removed (this session: disconnected). */
  deny(identity: string): this {
    this.setAttributes(identity, { [WAITING_ATTRIBUTE]: 'denied' });
    return identity === this.sim.local.identity ? this.setConnectionState('disconnected', DisconnectReason.PARTICIPANT_REMOVED) : this.removeParticipant(identity);
  }

  /** An admin spotlights `identity` for everyone (`on`, default true) or ends it: the route's `spotlight` action. */
  spotlight(identity: string, on = true): this {
    return this.setAttributes(identity, { [SPOTLIGHT_ATTRIBUTE]: on ? String(Date.now()) : '' });
  }

  /**
   * What an agent does with this session's own speech: it transcribes the local microphone and sends the text on
   * `lk.transcription` with the person as speaker (`lk.transcribed_track_id` is the local microphone). `options.from`
   * is the agent (default the first remote participant of kind `agent`).
   */
  deliverLocalTranscription(text: string | readonly string[], options: DeliverTranscriptionOptions = {}): this {
    const agent = options.from ?? getRoomStore(this).getRemoteParticipants().find((p) => p.kind === 'agent')?.identity;
    if (agent === undefined) {
      throw new RoomKitError('not-connected', 'deliverLocalTranscription needs an agent in the room (a participant of kind agent) or options.from.');
    }
    return this.deliverTranscription(this.localParticipant.identity, text, { ...options, from: agent });
  }

  /**
   * Whether the microphone was opened with livekit-client's pre-connect audio buffer (`preConnectBuffer: true` in
   * its publish options), as `AgentConversation` does before the room connects.
   */
  get preConnectBuffer(): boolean {
    return this.sim.preConnectBuffer;
  }

  /** An agent publishes its state in `lk.agent.state` (`listening`, `thinking`, `speaking`, …). */
  setAgentState(identity: string, state: string): this {
    return this.setAttributes(identity, { [AGENT_STATE_ATTRIBUTE]: state });
  }

  /** Applies pending store updates now, so the next render sees them. */
  flush(): this {
    getRoomStore(this).flush();
    return this;
  }
}
