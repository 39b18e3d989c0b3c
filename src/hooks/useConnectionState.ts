import type { ConnectionState } from 'livekit-client';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/** The room's connection state: disconnected, connecting, connected, reconnecting or signalReconnecting. */
export function useConnectionState(options: RoomHookOptions = {}): ConnectionState {
  const store = useRoomStore('useConnectionState', options.room);
  return useStoreValue(store.subscribe, () => store.getState().connectionState);
}
