import type { ParticipantState } from '../state/roomStore.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** The visible remote participants in join order (hidden participants are never listed). */
export function useRemoteParticipants(options: RoomHookOptions = {}): readonly ParticipantState[] {
  const store = useRoomStore('useRemoteParticipants', options.room);
  return useStoreValue(store.subscribe, store.getRemoteParticipants);
}
