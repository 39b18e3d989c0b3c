import type { Track } from 'livekit-client';
import { useCallback, useRef, type ForwardedRef } from 'react';
import type { TrackState } from '../room/state/roomStore.js';
import { useClientValue } from '../room/useClientValue.js';
import { canAnalyseAudio, useTrackVolume } from './useTrackVolume.js';

/**
 * @internal The levels of `count` frequency bands of `track`, written straight to the DOM each animation frame as
 * `--rk-level` (0–1) on the children of the element given `setRef` (one child per band), so nothing re-renders
 * while the track is loud or quiet. `setRef` also forwards the element to `ref`. `live` is true in a browser with
 * Web Audio while there is a track (false on the server and in the hydrating render).
 */
export function useBarLevels(track: TrackState | Track | MediaStreamTrack | undefined, count: number, ref: ForwardedRef<HTMLDivElement>) {
  const own = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  useTrackVolume(
    track,
    (_volume, levels) => {
      const el = own.current;
      if (!el) return;
      for (let i = 0; i < levels.length; i++) {
        (el.children[i] as HTMLElement | undefined)?.style.setProperty('--rk-level', levels[i]!.toFixed(3));
      }
    },
    { bands: count },
  );
  const live = useClientValue(canAnalyseAudio, false) && track !== undefined;
  return { setRef, live };
}
