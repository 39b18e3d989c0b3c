import type { ParticipantState } from '../core/roomStore';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/**
 * One participant (local or remote) by identity, or undefined when absent. Re-renders only when that
 * participant changes, so a speaking participant re-renders its own consumers only.
 */
export function useParticipant(identity: string, options: RoomHookOptions = {}): ParticipantState | undefined {
  const store = useRoomStore('useParticipant', options.room);
  return useStoreValue(store.subscribe, () => store.getParticipant(identity));
}
