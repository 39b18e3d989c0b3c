import { getReactionStore, type Reaction } from '../core/reactionStore.js';
import { useRoomStore } from './RoomContext.js';
import type { RoomHookOptions } from './useRoom.js';
import { useStoreValue } from './useStoreValue.js';

/**
 * The reaction on show for `identity` (for a few seconds after they sent it), or undefined. Re-renders only
 * when that participant's reaction changes, never for anyone else's.
 */
export function useReaction(identity: string, options: RoomHookOptions = {}): Reaction | undefined {
  const store = useRoomStore('useReaction', options.room);
  const reactions = getReactionStore(store.room);
  return useStoreValue(reactions.subscribe, () => reactions.getReaction(identity));
}
