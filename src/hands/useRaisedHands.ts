import { getHandStore, type RaisedHand } from './handStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { showHandsOnTiles } from './HandIndicators.js';

// Hands in use: every tile shows them.
showHandsOnTiles();

/**
 * Everyone's raised hands, in the order they were raised (the local one included, `isLocal`). Late joiners see
 * hands raised before they came: the store asks the room when it starts listening. Re-renders only when a hand
 * goes up or down.
 *
 * @example
 * ```tsx
 * const hands = useRaisedHands();
 * return <ol>{hands.map((h) => <li key={h.identity}>{h.identity}</li>)}</ol>;
 * ```
 */
export function useRaisedHands(options: RoomHookOptions = {}): readonly RaisedHand[] {
  const store = useRoomStore('useRaisedHands', options.room);
  const hands = getHandStore(store.room);
  return useStoreValue(hands.subscribe, hands.getHands);
}
