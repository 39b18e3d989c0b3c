import type { Grants } from '../core/grants';
import { useRoomStore } from './RoomContext';
import type { RoomHookOptions } from './useRoom';
import { useStoreValue } from './useStoreValue';

/**
 * The local participant's effective grants: the token's grants, overridden by the server's live permissions
 * once connected. Re-renders only when a grant changes.
 */
export function useGrants(options: RoomHookOptions = {}): Grants {
  const store = useRoomStore('useGrants', options.room);
  return useStoreValue(store.subscribe, () => store.getState().grants);
}
