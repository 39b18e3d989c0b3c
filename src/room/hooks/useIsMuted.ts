import type { Track } from 'livekit-client';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/**
 * Whether the participant's track of `source` is muted. A participant with no such track counts as muted.
 */
export function useIsMuted(identity: string, source: Track.Source, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useIsMuted', options.room);
  return useStoreValue(store.subscribe, () => {
    const track = store.getParticipant(identity)?.tracks.find((t) => t.source === source);
    return track ? track.muted : true;
  });
}
