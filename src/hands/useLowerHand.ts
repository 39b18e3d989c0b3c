import { useCallback } from 'react';
import { getHandStore } from './handStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { showHandsOnTiles } from './HandIndicators.js';

// Hands in use: every tile shows them.
showHandsOnTiles();

/** What {@link useLowerHand} returns. */
export interface LowerHandState {
  /** This session may lower others' hands (`roomAdmin` and `canPublishData`). */
  allowed: boolean;
  /** Asks `identity`'s client to lower its hand. Rejects with `not-permitted` without `roomAdmin`. */
  lowerHand: (identity: string) => Promise<void>;
}

/** For a `roomAdmin`: lowers another participant's raised hand (the menu item in `ParticipantAdminMenu` uses it). */
export function useLowerHand(options: RoomHookOptions = {}): LowerHandState {
  const store = useRoomStore('useLowerHand', options.room);
  const hands = getHandStore(store.room);
  const allowed = useStoreValue(store.subscribe, () => {
    const { grants } = store.getState();
    return grants.roomAdmin && grants.canPublishData;
  });
  const lowerHand = useCallback((identity: string) => hands.lowerHandOf(identity), [hands]);
  return { allowed, lowerHand };
}
