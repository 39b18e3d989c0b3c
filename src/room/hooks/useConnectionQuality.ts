import { ConnectionQuality } from 'livekit-client';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** The connection quality of the participant with `identity`: excellent, good, poor, lost or unknown. */
export function useConnectionQuality(identity: string, options: RoomHookOptions = {}): ConnectionQuality {
  const store = useRoomStore('useConnectionQuality', options.room);
  return useStoreValue(
    store.subscribe,
    () => store.getParticipant(identity)?.connectionQuality ?? ConnectionQuality.Unknown,
  );
}
