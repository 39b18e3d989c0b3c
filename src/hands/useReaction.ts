import { getReactionStore, type Reaction } from './reactionStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/**
 * The reaction on show for `identity` (for a few seconds after they sent it), or undefined. Re-renders only
 * when that participant's reaction changes, never for anyone else's.
 */
export function useReaction(identity: string, options: RoomHookOptions = {}): Reaction | undefined {
  const store = useRoomStore('useReaction', options.room);
  const reactions = getReactionStore(store.room);
  return useStoreValue(reactions.subscribe, () => reactions.getReaction(identity));
}
