import type { ParticipantState } from '../state/roomStore.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../useStoreValue.js';

/** The visible participants speaking now, loudest first. */
export function useActiveSpeakers(options: RoomHookOptions = {}): readonly ParticipantState[] {
  const store = useRoomStore('useActiveSpeakers', options.room);
  return useStoreValue(
    store.subscribe,
    () =>
      store
        .getState()
        .activeSpeakers.map((id) => store.getParticipant(id))
        .filter((p): p is ParticipantState => p !== undefined && !p.hidden),
    shallowArrayEqual,
  );
}
