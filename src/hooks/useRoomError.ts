import type { RoomKitError } from '../core/RoomKitError';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/** The last error of the room (validation, connection, disconnect, devices), or undefined. */
export function useRoomError(options: RoomHookOptions = {}): RoomKitError | undefined {
  const store = useRoomStore('useRoomError', options.room);
  return useStoreValue(store.subscribe, () => store.getState().error);
}
