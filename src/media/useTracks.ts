import { Track } from 'livekit-client';
import { useRef } from 'react';
import type { ParticipantState, RoomStore, TrackState } from '../room/state/roomStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';

/** A participant's track of one source, or a placeholder where the participant has none (`track` undefined). */
export interface TrackReference {
  readonly participant: ParticipantState;
  readonly source: Track.Source;
  readonly track: TrackState | undefined;
}

/** Options of {@link useTracks}. */
export interface UseTracksOptions extends RoomHookOptions {
  /** Only tracks whose media reaches this session (default false). */
  onlySubscribed?: boolean;
  /** Sources for which a participant without that track still gets a placeholder entry (e.g. `['camera']`). */
  withPlaceholder?: readonly Track.Source[];
}

function collect(
  store: RoomStore,
  sources: readonly Track.Source[],
  options: UseTracksOptions,
  cache: Map<string, TrackReference>,
): TrackReference[] {
  const { local } = store.getState();
  const people = local.hidden ? store.getRemoteParticipants() : [local, ...store.getRemoteParticipants()];
  const out: TrackReference[] = [];
  const seen = new Map<string, TrackReference>();
  const push = (participant: ParticipantState, source: Track.Source, track: TrackState | undefined) => {
    const key = `${participant.identity}\u0000${source}\u0000${track?.sid ?? ''}`;
    const prev = cache.get(key);
    const ref = prev && prev.participant === participant && prev.track === track ? prev : { participant, source, track };
    seen.set(key, ref);
    out.push(ref);
  };
  for (const participant of people) {
    for (const source of sources) {
      let found = false;
      for (const track of participant.tracks) {
        if (track.source !== source || (options.onlySubscribed && !track.subscribed)) continue;
        found = true;
        push(participant, source, track);
      }
      if (!found && options.withPlaceholder?.includes(source)) push(participant, source, undefined);
    }
  }
  cache.clear();
  seen.forEach((v, k) => cache.set(k, v));
  return out;
}

/**
 * Track references for the given sources across the visible participants (local first). Entries keep
 * their identity while their participant and track are unchanged, and the array is new only when an
 * entry changed.
 *
 * @example
 * ```tsx
 * const cameras = useTracks([Track.Source.Camera], { withPlaceholder: [Track.Source.Camera] });
 * ```
 */
export function useTracks(
  sources: readonly Track.Source[] = [Track.Source.Camera, Track.Source.ScreenShare],
  options: UseTracksOptions = {},
): readonly TrackReference[] {
  const store = useRoomStore('useTracks', options.room);
  const cache = useRef(new Map<string, TrackReference>());
  return useStoreValue(store.subscribe, () => collect(store, sources, options, cache.current), shallowArrayEqual);
}
