import type { ConnectionState, DisconnectReason, Participant, Room } from 'livekit-client';
import { computeGrants, type Grants } from './grants.js';
import { readParticipant, sameItems, type ParticipantState } from './participantState.js';
import { attachRoomEvents } from './roomEvents.js';
import type { RoomKitError } from '../RoomKitError.js';
import type { TokenClaims } from '../connection/token.js';
import { keep, sameValue } from '../sameValue.js';

export type { ParticipantKindName, ParticipantState, TrackState } from './participantState.js';

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
  /** Identities of the visible remote participants (neither hidden nor waiting), in join order. */
  readonly remoteIdentities: readonly string[];
  /** Identities of the remote participants waiting to be let in (`ParticipantState.waiting`), in join order. */
  readonly waitingIdentities: readonly string[];
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
  /**
   * The session left this room for another room of the same meeting (a breakout room joined afresh, the return to the
   * main room) and is joining it: the disconnect is no ending. Ends once it is connected, or with an error.
   */
  readonly switchingRooms: boolean;
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
  /** Marks the session as leaving for another room (`switchingRooms`) until it is connected or fails. */
  setSwitchingRooms(): void;
  /** Applies pending room events now instead of at the end of the current task. */
  flush(): void;
}

type Listener = () => void;

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
  let switchingRooms = false;
  let state: RoomState | undefined;
  /** The last list `getRemoteParticipants()` returned. */
  let remoteList: readonly ParticipantState[] | undefined;
  let detach: (() => void) | undefined;

  // Pending work: identities to re-read, or everything.
  const dirty = new Set<string>();
  let dirtyAll = true;
  let dirtyRoom = true;
  let scheduled = false;

  function computeGrantsNow(prev: Grants | undefined): Grants {
    // With neither token nor live permissions: the media server's defaults (the values of DEFAULT_GRANTS).
    const next = computeGrants(tokenClaims?.video, room.localParticipant.permissions);
    // Plain data: an unchanged value keeps its identity.
    return prev && sameValue(prev, next) ? prev : next;
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
        if (!prev || prev.isLocal || prev.hidden !== next.hidden || prev.waiting !== next.waiting) membershipChanged = true;
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

    const local = readParticipant(room.localParticipant, prevState?.local, tokenClaims);
    if (local !== prevState?.local) {
      if (localIdentityBefore !== undefined && localIdentityBefore !== local.identity) {
        if (participants.get(localIdentityBefore)?.isLocal) participants.delete(localIdentityBefore);
      }
      participants.set(local.identity, local);
      participantsChanged = true;
    }

    let remoteIdentities = prevState?.remoteIdentities ?? [];
    let waitingIdentities = prevState?.waitingIdentities ?? [];
    if (membershipChanged || dirtyAll) {
      const next: string[] = [];
      const waiting: string[] = [];
      for (const identity of room.remoteParticipants.keys()) {
        const p = participants.get(identity);
        if (p && !p.hidden) (p.waiting ? waiting : next).push(identity);
      }
      if (!sameItems(remoteIdentities, next)) remoteIdentities = next;
      if (!sameItems(waitingIdentities, waiting)) waitingIdentities = waiting;
    }

    const speakers = room.activeSpeakers.map((p) => p.identity || local.identity);
    const activeSpeakers = prevState && sameItems(prevState.activeSpeakers, speakers) ? prevState.activeSpeakers : speakers;
    const grants = computeGrantsNow(prevState?.grants);
    const info = keep(prevState?.info, { name: room.name, metadata: room.metadata, isRecording: room.isRecording });

    const next: RoomState = {
      connectionState: room.state,
      info,
      local,
      remoteIdentities,
      waitingIdentities,
      activeSpeakers,
      grants,
      error,
      disconnectReason,
      canPlaybackAudio: room.canPlaybackAudio,
      switchingRooms,
    };
    state = keep(prevState, next);
    dirty.clear();
    dirtyAll = false;
    dirtyRoom = false;
    return state !== prevState || participantsChanged;
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
    return attachRoomEvents(room, {
      participant: markParticipant,
      all: markAll,
      room: markRoom,
      speakers(speakers) {
        // Speaking flags change for the previous and the new speakers only.
        for (const identity of state?.activeSpeakers ?? []) dirty.add(identity);
        for (const p of speakers) dirty.add(p.identity);
        dirtyRoom = true;
        schedule();
      },
      disconnected(reason) {
        disconnectReason = reason;
        markAll();
      },
      connected() {
        disconnectReason = undefined;
        error = undefined;
        switchingRooms = false;
      },
    });
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
      return remoteList && sameItems(remoteList, states) ? remoteList : (remoteList = states);
    },
    setTokenClaims(claims) {
      if (claims === tokenClaims) return;
      tokenClaims = claims;
      markAll();
    },
    setError(next) {
      if (error === next) return;
      error = next;
      if (next) switchingRooms = false;
      markRoom();
    },
    setSwitchingRooms() {
      switchingRooms = true;
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

