import type { RoomInfo } from '../core/roomStore';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/** The room's name, metadata and recording state. */
export function useRoomInfo(options: RoomHookOptions = {}): RoomInfo {
  const store = useRoomStore('useRoomInfo', options.room);
  return useStoreValue(store.subscribe, () => store.getState().info);
}
