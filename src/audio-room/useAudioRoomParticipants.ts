import { useMemo } from 'react';
import { audioRoomIdentities } from './audioRoom.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useRaisedHands } from '../hands/index.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';

/** What {@link useAudioRoomParticipants} returns. */
export interface AudioRoomParticipants {
  /**
   * Identities of the speakers: listed participants the server lets publish (`canPublish`; for the local one, its
   * effective grants). The local one first, then join order.
   */
  speakers: readonly string[];
  /**
   * Identities of the listeners: listed participants without `canPublish`. Raised hands first, in the order
   * raised; then the local one, then join order.
   */
  listeners: readonly string[];
}

/**
 * An audio room's two sections: who may speak (`canPublish`) and who listens. Hidden participants are in neither.
 * It returns identities, not participant states, so it re-renders when someone joins, leaves, gains or loses
 * `canPublish`, or raises or lowers a hand, never when someone speaks or mutes: render each person with
 * `useParticipant(identity)` (as `ParticipantAudioTile` does) to re-render one per change.
 *
 * @example
 * ```tsx
 * const { speakers, listeners } = useAudioRoomParticipants();
 * return <p>{speakers.length} on stage, {listeners.length} listening</p>;
 * ```
 */
export function useAudioRoomParticipants(options: RoomHookOptions = {}): AudioRoomParticipants {
  const store = useRoomStore('useAudioRoomParticipants', options.room);
  const speakers = useStoreValue(store.subscribe, () => audioRoomIdentities(store, true), shallowArrayEqual);
  const listed = useStoreValue(store.subscribe, () => audioRoomIdentities(store, false), shallowArrayEqual);
  const hands = useRaisedHands(options);
  const listeners = useMemo(() => {
    if (hands.length === 0) return listed;
    const shown = new Set(listed);
    const raised = hands.map((h) => h.identity).filter((id) => shown.has(id));
    if (raised.length === 0) return listed;
    const up = new Set(raised);
    return [...raised, ...listed.filter((id) => !up.has(id))];
  }, [listed, hands]);
  return useMemo(() => ({ speakers, listeners }), [speakers, listeners]);
}
