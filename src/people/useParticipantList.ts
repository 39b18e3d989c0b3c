import { useMemo } from 'react';
import { listedIdentities, searchParticipants } from './listedParticipants.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';

/** Options of {@link useParticipantList}. */
export interface UseParticipantListOptions extends RoomHookOptions {
  /** Keep only participants whose name or identity contains this text (case-insensitive; blank keeps everyone). */
  search?: string;
}

/** What {@link useParticipantList} returns. */
export interface ParticipantListState {
  /** Identities of the listed participants that match the search: the local one first, then join order. */
  identities: readonly string[];
  /** How many participants are listed before searching (hidden ones never count). */
  total: number;
}

/**
 * The identities a participant list shows: every listed participant (the local one first unless it is a hidden
 * observer; hidden participants never), filtered by `search`. It returns identities, not participant states, so
 * it re-renders only when someone joins or leaves or the search result changes, never when someone speaks or
 * mutes: render each row with `useParticipant(identity)` to re-render one row per change.
 *
 * @example
 * ```tsx
 * const { identities, total } = useParticipantList({ search: 'ada' });
 * ```
 */
export function useParticipantList(options: UseParticipantListOptions = {}): ParticipantListState {
  const store = useRoomStore('useParticipantList', options.room);
  const search = options.search ?? '';
  const identities = useStoreValue(store.subscribe, () => searchParticipants(store, search), shallowArrayEqual);
  const total = useStoreValue(store.subscribe, () => listedIdentities(store).length);
  return useMemo(() => ({ identities, total }), [identities, total]);
}
