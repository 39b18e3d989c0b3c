import type { ConnectionState } from 'livekit-client';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** The room's connection state: disconnected, connecting, connected, reconnecting or signalReconnecting. */
export function useConnectionState(options: RoomHookOptions = {}): ConnectionState {
  const store = useRoomStore('useConnectionState', options.room);
  return useStoreValue(store.subscribe, () => store.getState().connectionState);
}
