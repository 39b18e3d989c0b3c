import type { RoomKitError } from '../RoomKitError.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** The last error of the room (validation, connection, disconnect, devices), or undefined. */
export function useRoomError(options: RoomHookOptions = {}): RoomKitError | undefined {
  const store = useRoomStore('useRoomError', options.room);
  return useStoreValue(store.subscribe, () => store.getState().error);
}
