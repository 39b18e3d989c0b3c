import type { ParticipantState } from '../state/roomStore.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../useStoreValue.js';

/**
 * Every visible participant: the local one first (unless it is a hidden observer), then the remote ones in
 * join order. The array is new only when a participant in it changed; unchanged entries keep their identity.
 */
export function useParticipants(options: RoomHookOptions = {}): readonly ParticipantState[] {
  const store = useRoomStore('useParticipants', options.room);
  return useStoreValue(
    store.subscribe,
    () => {
      const { local } = store.getState();
      const remote = store.getRemoteParticipants();
      return local.hidden ? remote : [local, ...remote];
    },
    shallowArrayEqual,
  );
}
