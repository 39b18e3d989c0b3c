import type { ConnectionState, DisconnectReason, Room } from 'livekit-client';
import { RoomKitError } from '../room/RoomKitError.js';
import { getRoomStore } from '../room/state/roomStore.js';
import { scriptConnectionTest } from '../connection-test/simulatedConnectionTest.js';
import type { TokenVideoGrant, TrackSourceName } from '../room/connection/token.js';

/**
 * The simulated media server's model of the room, shared by the testing kit's parts: participants as the
 * server holds them, and the messages it would send (livekit protocol `ParticipantInfo` shapes).
 */

/** A track as the simulated server holds it. */
export interface SimTrack {
  sid: string;
  source: TrackSourceName;
  muted: boolean;
}

/** A participant as the simulated server holds it. */
export interface SimParticipant {
  sid: string;
  identity: string;
  name: string;
  metadata: string;
  hidden: boolean;
  /** livekit protocol's ParticipantInfo.Kind number (4 = agent). */
  kind: number;
  attributes: Record<string, string>;
  permission: Record<string, unknown>;
  tracks: SimTrack[];
  version: number;
  /** Its tracks are announced end-to-end encrypted (GCM). */
  encrypted?: boolean;
}

/** The private parts of livekit-client's Room that a media server's messages go through. */
export interface RoomInternals {
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

/** `room`'s server-update handlers; throws `unsupported-livekit-version` when this livekit-client lacks one. */
export function roomInternals(room: Room): RoomInternals {
  const internals = room as unknown as RoomInternals;
  for (const name of REQUIRED_INTERNALS) {
    if (typeof (internals as unknown as Record<string, unknown>)[name] !== 'function') {
      throw new RoomKitError(
        'unsupported-livekit-version',
        `The testing kit needs livekit-client's Room.${name}, which this livekit-client version lacks. Install livekit-client 2.x (tested with 2.0.0 and 2.23).`,
      );
    }
  }
  return internals;
}

/** What every part of the simulated server shares. */
export interface SimContext {
  readonly room: Room;
  readonly internals: RoomInternals;
  /** The local participant as the server holds it (its permissions decide what the server allows). */
  readonly local: SimParticipant;
  /** Applies pending store updates now, so the next render sees them. */
  flush(): void;
  /** The room is end-to-end encrypted: participants' tracks are announced encrypted unless they say otherwise. */
  encrypted: boolean;
  /** The microphone was opened with livekit-client's pre-connect audio buffer (`preConnectBuffer: true`). */
  preConnectBuffer: boolean;
  /** The simulated screen picker gives the shared tab's sound when a share asks for it. */
  screenShareAudio: boolean;
}

/** Creates the context of `room`, whose local participant the server holds as `local`. */
export function simContext(room: Room, internals: RoomInternals, local: SimParticipant): SimContext {
  // The simulated server answers a connection test too: every step passes until the test scripts it.
  scriptConnectionTest(room, {});
  return { room, internals, local, flush: () => getRoomStore(room).flush(), encrypted: false, preConnectBuffer: false, screenShareAudio: false };
}

/** livekit protocol's TrackSource numbers. */
export const PROTO_SOURCE: Record<TrackSourceName, number> = { camera: 1, microphone: 2, screen_share: 3, screen_share_audio: 4 };
const ACTIVE = 2;

let sidCounter = 0;
/** A fresh server id with livekit's prefix (`PA`, `TR`, `RM`). */
export const sid = (prefix: string) => `${prefix}_${(++sidCounter).toString(36)}`;

/** The live permission record the server sends for grants `g` (absent flags take the server defaults). */
export function permissionFrom(g: Omit<TokenVideoGrant, 'room' | 'roomJoin'>) {
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

/** The `ParticipantInfo` message the server sends for `p`. */
export function participantInfo(p: SimParticipant) {
  return {
    sid: p.sid,
    identity: p.identity,
    name: p.name,
    metadata: p.metadata,
    attributes: { ...p.attributes },
    state: ACTIVE,
    version: p.version,
    permission: p.permission,
    kind: p.kind,
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
      encryption: p.encrypted ? 1 : 0,
      stream: '',
      audioFeatures: [],
    })),
  };
}

/** The info the server sends about the local participant (its tracks are known to the client already). */
export function localParticipantInfo(local: SimParticipant) {
  return { ...participantInfo(local), tracks: [] };
}
