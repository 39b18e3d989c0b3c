import {
  ConnectionQuality,
  ConnectionState,
  RoomEvent,
  type DisconnectReason,
  type Participant,
  type Room,
  type Track,
  type TrackPublication,
} from 'livekit-client';
import { computeGrants, DEFAULT_GRANTS, grantsEqual, type Grants } from './grants.js';
import type { RoomKitError } from './RoomKitError.js';
import type { TokenClaims } from './token.js';

/** One published track as the store sees it. Unchanged tracks keep their object identity. */
export interface TrackState {
  /** The publication's track sid. */
  readonly sid: string;
  /** camera, microphone, screen_share, screen_share_audio or unknown. */
  readonly source: Track.Source;
  /** audio or video. */
  readonly kind: Track.Kind;
  /** Muted by its publisher. */
  readonly muted: boolean;
  /** Media is flowing to this session (always true for local tracks). */
  readonly subscribed: boolean;
  /** livekit-client's publication, for attaching media. */
  readonly publication: TrackPublication;
  /** livekit-client's track, present once subscribed (or published, for local tracks). */
  readonly track: Track | undefined;
}

/** One participant as the store sees it. A participant whose state did not change keeps its object identity. */
export interface ParticipantState {
  readonly identity: string;
  readonly sid: string;
  /** The display name; empty when none was set. */
  readonly name: string;
  readonly metadata: string | undefined;
  readonly attributes: Readonly<Record<string, string>>;
  readonly isLocal: boolean;
  readonly isSpeaking: boolean;
  readonly connectionQuality: ConnectionQuality;
  /** Hidden participants are never listed by RoomKit's hooks and components. */
  readonly hidden: boolean;
  /** The server lets this participant publish (its live permission; true until known). */
  readonly canPublish: boolean;
  readonly tracks: readonly TrackState[];
  /** livekit-client's participant. */
  readonly participant: Participant;
}

/** Room-level information. */
export interface RoomInfo {
  readonly name: string;
  readonly metadata: string | undefined;
  readonly isRecording: boolean;
}

/** The room store's immutable top-level snapshot. A new object only when one of its fields changed. */
export interface RoomState {
  readonly connectionState: ConnectionState;
  readonly info: RoomInfo;
  readonly local: ParticipantState;
  /** Identities of the visible (not hidden) remote participants, in join order. */
  readonly remoteIdentities: readonly string[];
  /** Identities of the participants speaking now, loudest first. */
  readonly activeSpeakers: readonly string[];
  /** The effective grants: token grants overridden by the server's live permissions. */
  readonly grants: Grants;
  /** The last error, cleared on the next successful connection. */
  readonly error: RoomKitError | undefined;
  /** Why the last session ended, if it ended. */
  readonly disconnectReason: DisconnectReason | undefined;
  /** False when the browser blocked audio autoplay; call `room.startAudio()` from a click. */
  readonly canPlaybackAudio: boolean;
}

/** A framework-free store over one livekit-client `Room`. */
export interface RoomStore {
  readonly room: Room;
  /** Adds a listener, called once per burst of room events. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current top-level snapshot. */
  getState(): RoomState;
  /** The current state of one participant (local or remote, hidden included), by identity. */
  getParticipant(identity: string): ParticipantState | undefined;
  /** The visible remote participants in join order; a new array only when one of them changed. */
  getRemoteParticipants(): readonly ParticipantState[];
  /** Sets the connection token's claims, the base of the effective grants. */
  setTokenClaims(claims: TokenClaims | undefined): void;
  /** Records an error for `useRoomError()`; `undefined` clears it. */
  setError(error: RoomKitError | undefined): void;
  /** Applies pending room events now instead of at the end of the current task. */
  flush(): void;
}

type Listener = () => void;

const EMPTY_TRACKS: readonly TrackState[] = Object.freeze([]);
const EMPTY_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

function shallowRecordEqual(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  if (a === b) return true;
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => a[k] === b[k]);
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function readTrack(publication: TrackPublication, isLocal: boolean, prev: TrackState | undefined): TrackState {
  const muted = publication.isMuted;
  const track = publication.track;
  const subscribed = isLocal ? track !== undefined : publication.isSubscribed;
  if (
    prev &&
    prev.publication === publication &&
    prev.source === publication.source &&
    prev.muted === muted &&
    prev.track === track &&
    prev.subscribed === subscribed
  ) {
    return prev;
  }
  return { sid: publication.trackSid, source: publication.source, kind: publication.kind, muted, subscribed, publication, track };
}

function readTracks(participant: Participant, prev: ParticipantState | undefined): readonly TrackState[] {
  if (participant.trackPublications.size === 0) return prev && prev.tracks.length === 0 ? prev.tracks : EMPTY_TRACKS;
  const previous = new Map(prev?.tracks.map((t) => [t.publication, t]));
  const next: TrackState[] = [];
  for (const publication of participant.trackPublications.values()) {
    next.push(readTrack(publication, participant.isLocal, previous.get(publication)));
  }
  return prev && sameItems(prev.tracks, next) ? prev.tracks : next;
}

function readParticipant(
  participant: Participant,
  prev: ParticipantState | undefined,
  fallback?: { identity: string; name: string | undefined; hidden: boolean },
): ParticipantState {
  const identity = participant.identity || fallback?.identity || '';
  const name = participant.name || (participant.identity ? '' : (fallback?.name ?? ''));
  // livekit-client before 2.4 has no participant attributes (undefined): read them as none.
  const raw = participant.attributes as Readonly<Record<string, string>> | undefined;
  const attributes = raw && Object.keys(raw).length ? raw : EMPTY_ATTRIBUTES;
  const hidden = participant.permissions?.hidden ?? fallback?.hidden ?? false;
  const canPublish = participant.permissions?.canPublish ?? true;
  const tracks = readTracks(participant, prev);
  if (
    prev &&
    prev.participant === participant &&
    prev.identity === identity &&
    prev.sid === participant.sid &&
    prev.name === name &&
    prev.metadata === participant.metadata &&
    shallowRecordEqual(prev.attributes, attributes) &&
    prev.isSpeaking === participant.isSpeaking &&
    prev.connectionQuality === participant.connectionQuality &&
    prev.hidden === hidden &&
    prev.canPublish === canPublish &&
    prev.tracks === tracks
  ) {
    return prev;
  }
  return {
    identity,
    sid: participant.sid,
    name,
    metadata: participant.metadata,
    attributes: prev && shallowRecordEqual(prev.attributes, attributes) ? prev.attributes : { ...attributes },
    isLocal: participant.isLocal,
    isSpeaking: participant.isSpeaking,
    connectionQuality: participant.connectionQuality,
    hidden,
    canPublish,
    tracks,
    participant,
  };
}

/** Room events that change one participant; the participant is the handler's argument at `index`. */
const PARTICIPANT_EVENTS: ReadonlyArray<readonly [RoomEvent, number]> = [
  [RoomEvent.TrackPublished, 1],
  [RoomEvent.TrackUnpublished, 1],
  [RoomEvent.TrackSubscribed, 2],
  [RoomEvent.TrackUnsubscribed, 2],
  [RoomEvent.TrackMuted, 1],
  [RoomEvent.TrackUnmuted, 1],
  [RoomEvent.TrackSubscriptionStatusChanged, 2],
  [RoomEvent.TrackSubscriptionFailed, 1],
  [RoomEvent.LocalTrackPublished, 1],
  [RoomEvent.LocalTrackUnpublished, 1],
  [RoomEvent.ParticipantNameChanged, 1],
  [RoomEvent.ParticipantMetadataChanged, 1],
  [RoomEvent.ParticipantAttributesChanged, 1],
  [RoomEvent.ConnectionQualityChanged, 1],
];

/** Room events after which everything is read again (the participant set may have been replaced). */
const RESYNC_EVENTS: readonly RoomEvent[] = [
  RoomEvent.SignalConnected,
  RoomEvent.Connected,
  RoomEvent.Reconnected,
  RoomEvent.ConnectionStateChanged,
];

/** Room events that change only room-level fields. */
const ROOM_EVENTS: readonly RoomEvent[] = [
  RoomEvent.RoomMetadataChanged,
  RoomEvent.RecordingStatusChanged,
  RoomEvent.AudioPlaybackStatusChanged,
];

/** Options for {@link createRoomStore}. */
export interface RoomStoreOptions {
  /** The connection token's claims, when known: the base of the effective grants. */
  tokenClaims?: TokenClaims;
}

/**
 * Creates a store over `room`: one listener per Room event it needs (attached while it has subscribers),
 * immutable snapshots with structural sharing, and one notification per burst of events.
 *
 * Prefer {@link getRoomStore}, which keeps one store per room.
 */
export function createRoomStore(room: Room, options: RoomStoreOptions = {}): RoomStore {
  const listeners = new Set<Listener>();
  const participants = new Map<string, ParticipantState>();
  let tokenClaims = options.tokenClaims;
  let error: RoomKitError | undefined;
  let disconnectReason: DisconnectReason | undefined;
  let state: RoomState | undefined;
  let remoteList: readonly ParticipantState[] = [];
  let remoteListFor: { identities: readonly string[]; states: readonly ParticipantState[] } | undefined;
  let detach: (() => void) | undefined;

  // Pending work: identities to re-read, or everything.
  const dirty = new Set<string>();
  let dirtyAll = true;
  let dirtyRoom = true;
  let scheduled = false;

  function readLocal(prev: ParticipantState | undefined): ParticipantState {
    const grantsHidden = tokenClaims?.video.hidden ?? false;
    return readParticipant(room.localParticipant, prev, {
      identity: tokenClaims?.identity ?? '',
      name: tokenClaims?.name,
      hidden: grantsHidden,
    });
  }

  function computeGrantsNow(prev: Grants | undefined): Grants {
    const permissions = room.localParticipant.permissions;
    const next =
      tokenClaims === undefined && permissions === undefined
        ? DEFAULT_GRANTS
        : computeGrants(tokenClaims?.video, permissions);
    return prev && grantsEqual(prev, next) ? prev : next;
  }

  /** Re-reads what is dirty. Returns true when anything observable changed. */
  function apply(): boolean {
    const prevState = state;
    let participantsChanged = false;
    // Someone joined or left, or became hidden or visible: only then can the visible list change. Rebuilding it
    // walks every participant, so a speaking change in a room of 1000 must not.
    let membershipChanged = false;
    const localIdentityBefore = prevState?.local.identity;

    const rereadRemote = (identity: string) => {
      const participant = room.remoteParticipants.get(identity);
      const prev = participants.get(identity);
      if (!participant) {
        if (prev && !prev.isLocal) {
          participants.delete(identity);
          participantsChanged = true;
          membershipChanged = true;
        }
        return;
      }
      const next = readParticipant(participant, prev);
      if (next !== prev) {
        participants.set(identity, next);
        participantsChanged = true;
        if (!prev || prev.isLocal || prev.hidden !== next.hidden) membershipChanged = true;
      }
    };

    if (dirtyAll) {
      for (const [identity, p] of participants) {
        if (!p.isLocal && !room.remoteParticipants.has(identity)) {
          participants.delete(identity);
          participantsChanged = true;
        }
      }
      for (const identity of room.remoteParticipants.keys()) rereadRemote(identity);
    } else {
      for (const identity of dirty) if (identity !== localIdentityBefore) rereadRemote(identity);
    }

    const local = readLocal(prevState?.local);
    if (local !== prevState?.local) {
      if (localIdentityBefore !== undefined && localIdentityBefore !== local.identity) {
        if (participants.get(localIdentityBefore)?.isLocal) participants.delete(localIdentityBefore);
      }
      participants.set(local.identity, local);
      participantsChanged = true;
    }

    let remoteIdentities = prevState?.remoteIdentities ?? [];
    if (membershipChanged || dirtyAll) {
      const next: string[] = [];
      for (const identity of room.remoteParticipants.keys()) {
        const p = participants.get(identity);
        if (p && !p.hidden) next.push(identity);
      }
      if (!sameItems(remoteIdentities, next)) remoteIdentities = next;
    }

    const speakers = room.activeSpeakers.map((p) => p.identity || local.identity);
    const activeSpeakers = prevState && sameItems(prevState.activeSpeakers, speakers) ? prevState.activeSpeakers : speakers;
    const grants = computeGrantsNow(prevState?.grants);
    const isRecording = room.isRecording;
    const info: RoomInfo =
      prevState &&
      prevState.info.name === room.name &&
      prevState.info.metadata === room.metadata &&
      prevState.info.isRecording === isRecording
        ? prevState.info
        : { name: room.name, metadata: room.metadata, isRecording };

    const next: RoomState = {
      connectionState: room.state,
      info,
      local,
      remoteIdentities,
      activeSpeakers,
      grants,
      error,
      disconnectReason,
      canPlaybackAudio: room.canPlaybackAudio,
    };
    const same =
      prevState !== undefined &&
      (Object.keys(next) as (keyof RoomState)[]).every((key) => next[key] === prevState[key]);
    if (!same) state = next;
    dirty.clear();
    dirtyAll = false;
    dirtyRoom = false;
    return !same || participantsChanged;
  }

  // Set when a change was applied that listeners have not heard of yet. getState() may apply changes
  // during a render; listeners are then told at the scheduled flush, never from inside a render.
  let unannounced = false;

  function applyIfDirty() {
    if ((dirtyAll || dirtyRoom || dirty.size > 0 || !state) && apply()) unannounced = true;
  }

  function flush() {
    scheduled = false;
    applyIfDirty();
    if (!unannounced) return;
    unannounced = false;
    for (const listener of [...listeners]) listener();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  }

  const markParticipant = (participant: Participant | undefined) => {
    if (participant) dirty.add(participant.identity);
    else dirtyAll = true;
    schedule();
  };
  const markAll = () => {
    dirtyAll = true;
    schedule();
  };
  const markRoom = () => {
    dirtyRoom = true;
    schedule();
  };

  function attach(): () => void {
    const offs: Array<() => void> = [];
    const on = (event: RoomEvent, handler: (...args: never[]) => void) => {
      room.on(event, handler as never);
      offs.push(() => room.off(event, handler as never));
    };
    for (const [event, index] of PARTICIPANT_EVENTS) {
      on(event, (...args: unknown[]) => markParticipant(args[index] as Participant | undefined));
    }
    for (const event of RESYNC_EVENTS) on(event, markAll);
    for (const event of ROOM_EVENTS) on(event, markRoom);
    on(RoomEvent.ParticipantConnected, (participant: Participant) => markParticipant(participant));
    on(RoomEvent.ParticipantDisconnected, (participant: Participant) => markParticipant(participant));
    on(RoomEvent.ParticipantPermissionsChanged, (_prev: unknown, participant: Participant) => markParticipant(participant));
    on(RoomEvent.ActiveSpeakersChanged, (speakers: Participant[]) => {
      // Speaking flags change for the previous and the new speakers only.
      for (const identity of state?.activeSpeakers ?? []) dirty.add(identity);
      for (const p of speakers) dirty.add(p.identity);
      dirtyRoom = true;
      schedule();
    });
    on(RoomEvent.Disconnected, (reason?: DisconnectReason) => {
      disconnectReason = reason;
      markAll();
    });
    on(RoomEvent.Connected, () => {
      disconnectReason = undefined;
      error = undefined;
    });
    return () => offs.forEach((off) => off());
  }

  const store: RoomStore = {
    room,
    subscribe(listener) {
      listeners.add(listener);
      if (!detach) {
        detach = attach();
        dirtyAll = true;
        applyIfDirty();
        unannounced = false;
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && detach) {
          detach();
          detach = undefined;
        }
      };
    },
    getState() {
      // Without listeners no event marks anything, so read everything; structural sharing keeps identities.
      if (!detach) dirtyAll = true;
      applyIfDirty();
      return state!;
    },
    getParticipant(identity) {
      store.getState();
      return participants.get(identity);
    },
    getRemoteParticipants() {
      const { remoteIdentities } = store.getState();
      const states = remoteIdentities.map((id) => participants.get(id)!);
      if (remoteListFor && sameItems(remoteListFor.states, states)) return remoteList;
      remoteListFor = { identities: remoteIdentities, states };
      remoteList = states;
      return remoteList;
    },
    setTokenClaims(claims) {
      if (claims === tokenClaims) return;
      tokenClaims = claims;
      markAll();
    },
    setError(next) {
      if (error === next) return;
      error = next;
      markRoom();
    },
    flush,
  };
  return store;
}

const stores = new WeakMap<Room, RoomStore>();

/** The one store of `room`, created on first use. */
export function getRoomStore(room: Room): RoomStore {
  let store = stores.get(room);
  if (!store) {
    store = createRoomStore(room);
    stores.set(room, store);
  }
  return store;
}

export { ConnectionQuality, ConnectionState };
