import { layoutFromMetadata, type RecordingLayout } from './recordingParams.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/**
 * The layout to record: the one the recorder asked for while recording (LiveKit Egress's `UpdateLayout` puts
 * `{"layout": "speaker"}` in the recorder's own participant metadata, as its template SDK's `onLayoutChanged` reads
 * it), else `initial` (usually the page address's `layout`). Re-renders only when that layout changes.
 */
export function useRecordingLayout(initial: RecordingLayout, options: RoomHookOptions = {}): RecordingLayout {
  const store = useRoomStore('useRecordingLayout', options.room);
  const fromMetadata = useStoreValue(store.subscribe, () => layoutFromMetadata(store.getState().local.metadata));
  return fromMetadata ?? initial;
}
