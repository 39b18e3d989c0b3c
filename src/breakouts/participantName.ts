import { useRoomStore } from '../room/RoomContext.js';
import { useStoreValue } from '../room/useStoreValue.js';

/** @internal The name shown for `identity` (their name, else the identity), or `undefined` for none. */
export function useParticipantName(identity: string | undefined): string | undefined {
  const store = useRoomStore('BreakoutStatus');
  return useStoreValue(store.subscribe, () => (identity === undefined ? undefined : store.getParticipant(identity)?.name || identity));
}
