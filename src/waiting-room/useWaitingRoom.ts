import { ConnectionState, DisconnectReason } from 'livekit-client';
import { useMemo } from 'react';
import { useRoomStore } from '../room/RoomContext.js';
import type { ParticipantState, RoomStore } from '../room/state/roomStore.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';
import { addWaitingRoomToSessions } from './waitingSession.js';

// Every module that shows the waiting room imports this one: the sessions of those apps wait for a guest's rights.
addWaitingRoomToSessions();

/**
 * The participant attribute the room actions route sets to `denied` on someone it turns away from the waiting room,
 * just before it disconnects them, so their page can say why. Only your server sets it.
 */
export const WAITING_ATTRIBUTE = 'roomkit.waiting';

/** Where this session and the room's queue stand in a waiting room: what {@link useWaitingRoom} returns. */
export interface WaitingRoomState {
  /**
   * This session is in the room but waits to be let in: the server lets it neither publish, subscribe nor send data
   * (the token route's `wait: true`). It ends when a host admits it (rights arrive in the same connection) or
   * denies it.
   */
  readonly isWaiting: boolean;
  /** A host turned this session away: it was disconnected. Ends with the next join (a new knock waits again). */
  readonly denied: boolean;
  /**
   * Who waits to be let in, in the order they knocked: for a `roomAdmin` session only (empty otherwise). Hidden
   * participants are never in it.
   */
  readonly queue: readonly ParticipantState[];
}

const EMPTY: readonly ParticipantState[] = [];

/** @internal The waiting participants a `roomAdmin` session sees, in knock order. */
export function waitingQueueOf(store: RoomStore): readonly ParticipantState[] {
  const { grants, waitingIdentities } = store.getState();
  if (!grants.roomAdmin || waitingIdentities.length === 0) return EMPTY;
  return waitingIdentities.map((identity) => store.getParticipant(identity)).filter((p): p is ParticipantState => p !== undefined);
}

/** @internal This session is in the room (connected, or reconnecting to it) and waits to be let in. */
export function waitingOf(store: RoomStore): boolean {
  const { connectionState, local } = store.getState();
  return local.waiting && connectionState !== ConnectionState.Disconnected && connectionState !== ConnectionState.Connecting;
}

/** @internal This session was turned away from the waiting room (and disconnected for it). */
export function deniedOf(store: RoomStore): boolean {
  const { disconnectReason, local } = store.getState();
  return disconnectReason === DisconnectReason.PARTICIPANT_REMOVED && local.attributes[WAITING_ATTRIBUTE] === 'denied';
}

/**
 * The waiting room, from both sides: whether this session waits to be let in (or was turned away), and, for a
 * `roomAdmin`, the queue of people waiting. Let people in or turn them away with the room actions route
 * (`createRoomActions`: `admin.onAdmit`, `onAdmitAll`, `onDeny`); `VideoConference` shows the waiting screen and
 * `ParticipantList` the queue by themselves. Re-renders only when one of the three changes.
 *
 * @example
 * ```tsx
 * const { isWaiting, queue } = useWaitingRoom();
 * if (isWaiting) return <p>Waiting for the host to let you in</p>;
 * return queue.length ? <p>{queue.length} waiting</p> : null;
 * ```
 */
export function useWaitingRoom(options: RoomHookOptions = {}): WaitingRoomState {
  const store = useRoomStore('useWaitingRoom', options.room);
  const isWaiting = useStoreValue(store.subscribe, () => waitingOf(store));
  const denied = useStoreValue(store.subscribe, () => deniedOf(store));
  const queue = useStoreValue(store.subscribe, () => waitingQueueOf(store), shallowArrayEqual);
  return useMemo(() => ({ isWaiting, denied, queue }), [isWaiting, denied, queue]);
}
