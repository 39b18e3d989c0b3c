import type { ParticipantState } from '../core/roomStore';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/** The local participant's state; a new object only when something about it changed. */
export function useLocalParticipant(options: RoomHookOptions = {}): ParticipantState {
  const store = useRoomStore('useLocalParticipant', options.room);
  return useStoreValue(store.subscribe, () => store.getState().local);
}
