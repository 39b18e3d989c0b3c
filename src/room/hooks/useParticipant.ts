import type { ParticipantState } from '../state/roomStore.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/**
 * One participant (local or remote) by identity, or undefined when absent. Re-renders only when that
 * participant changes, so a speaking participant re-renders its own consumers only.
 */
export function useParticipant(identity: string, options: RoomHookOptions = {}): ParticipantState | undefined {
  const store = useRoomStore('useParticipant', options.room);
  return useStoreValue(store.subscribe, () => store.getParticipant(identity));
}
