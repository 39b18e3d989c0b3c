import type { Grants } from '../state/grants.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/**
 * The local participant's effective grants: the token's grants, overridden by the server's live permissions
 * once connected. Re-renders only when a grant changes.
 */
export function useGrants(options: RoomHookOptions = {}): Grants {
  const store = useRoomStore('useGrants', options.room);
  return useStoreValue(store.subscribe, () => store.getState().grants);
}
