import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** Whether the participant with `identity` is speaking now. */
export function useIsSpeaking(identity: string, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useIsSpeaking', options.room);
  return useStoreValue(store.subscribe, () => store.getParticipant(identity)?.isSpeaking ?? false);
}
