import type { ParticipantState } from '../state/roomStore.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** The local participant's state; a new object only when something about it changed. */
export function useLocalParticipant(options: RoomHookOptions = {}): ParticipantState {
  const store = useRoomStore('useLocalParticipant', options.room);
  return useStoreValue(store.subscribe, () => store.getState().local);
}
