import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/** Whether the participant with `identity` is speaking now. */
export function useIsSpeaking(identity: string, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useIsSpeaking', options.room);
  return useStoreValue(store.subscribe, () => store.getParticipant(identity)?.isSpeaking ?? false);
}
