import type { ParticipantState } from '../core/roomStore';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/** The visible remote participants in join order (hidden participants are never listed). */
export function useRemoteParticipants(options: RoomHookOptions = {}): readonly ParticipantState[] {
  const store = useRoomStore('useRemoteParticipants', options.room);
  return useStoreValue(store.subscribe, store.getRemoteParticipants);
}
