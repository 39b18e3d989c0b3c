import { getHandStore } from './handStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/** Whether `identity` has a hand raised; re-renders only when that participant's hand goes up or down. */
export function useIsHandRaised(identity: string, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useIsHandRaised', options.room);
  const hands = getHandStore(store.room);
  return useStoreValue(hands.subscribe, () => hands.getHands().some((h) => h.identity === identity));
}
