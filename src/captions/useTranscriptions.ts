import { getTranscriptionStore, type TranscriptionSegment } from './transcriptionStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';

/** Options of {@link useTranscriptions}. */
export interface UseTranscriptionsOptions extends RoomHookOptions {
  /** Only this speaker's segments (an identity). */
  speaker?: string;
  /** Only segments of this track (a track sid). */
  trackSid?: string;
  /** Only the last `limit` segments. */
  limit?: number;
}

/**
 * The room's transcriptions (`lk.transcription` text streams), oldest first. An interim segment is replaced in
 * place by its updates and its final version. Re-renders only when the selected segments change; a new segment
 * re-renders the components that call this hook, never a tile. While any component uses it, the room's one
 * `lk.transcription` handler is registered.
 */
export function useTranscriptions(options: UseTranscriptionsOptions = {}): readonly TranscriptionSegment[] {
  const store = useRoomStore('useTranscriptions', options.room);
  const transcriptions = getTranscriptionStore(store.room);
  const { speaker, trackSid, limit } = options;
  return useStoreValue(
    transcriptions.subscribe,
    () => {
      let segments = transcriptions.getSegments();
      if (speaker !== undefined || trackSid !== undefined) {
        segments = segments.filter(
          (s) => (speaker === undefined || s.speaker === speaker) && (trackSid === undefined || s.trackSid === trackSid),
        );
      }
      return limit !== undefined && segments.length > limit ? segments.slice(segments.length - limit) : segments;
    },
    shallowArrayEqual,
  );
}

const noSubscribe = () => () => undefined;

/** @internal Whether any transcription has reached the room; listens only while `enabled`. */
export function useHasTranscriptions(enabled: boolean, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useHasTranscriptions', options.room);
  const transcriptions = getTranscriptionStore(store.room);
  return useStoreValue(enabled ? transcriptions.subscribe : noSubscribe, () => enabled && transcriptions.getSegments().length > 0);
}
