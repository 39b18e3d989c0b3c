import type { RoomInfo } from '../state/roomStore.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** The room's name, metadata and recording state. */
export function useRoomInfo(options: RoomHookOptions = {}): RoomInfo {
  const store = useRoomStore('useRoomInfo', options.room);
  return useStoreValue(store.subscribe, () => store.getState().info);
}
