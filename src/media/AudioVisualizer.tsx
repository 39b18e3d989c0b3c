import type { Track } from 'livekit-client';
import { forwardRef, type ForwardedRef, type HTMLAttributes } from 'react';
import type { TrackState } from '../room/state/roomStore.js';
import { cx } from '../ui/dev.js';
import { useBarLevels } from './useBarLevels.js';

/** Props of {@link AudioVisualizer}. */
export interface AudioVisualizerProps extends HTMLAttributes<HTMLDivElement> {
  /** The audio to show: a store track, a livekit-client track or a `MediaStreamTrack`. */
  track: TrackState | Track | MediaStreamTrack | undefined;
  /** How many bars (default 5). */
  bars?: number;
}

/**
 * Bars that move with an audio track, drawn straight to the DOM each animation frame (Web Audio
 * `AnalyserNode` + `requestAnimationFrame`): the visualizer, its tile and the grid never re-render while
 * someone speaks. Each bar's level is the CSS variable `--rk-level` (0–1). Decorative: hidden from screen
 * readers. `data-state` is "live" while measuring, "static" without Web Audio (jsdom, server) or a track.
 */
export const AudioVisualizer = forwardRef(function AudioVisualizer(
  { track, bars = 5, className, ...rest }: AudioVisualizerProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const count = Math.max(1, Math.floor(bars));
  const { setRef, live } = useBarLevels(track, count, ref);
  return (
    <div ref={setRef} aria-hidden="true" {...rest} className={cx('rk-audio-visualizer', className)} data-state={live ? 'live' : 'static'}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="rk-audio-bar" />
      ))}
    </div>
  );
});
