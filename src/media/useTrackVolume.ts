import type { Track } from 'livekit-client';
import { useEffect, useRef } from 'react';
import type { TrackState } from '../room/state/roomStore.js';

/** Options of {@link useTrackVolume}. */
export interface UseTrackVolumeOptions {
  /** How many frequency bands `onFrame` receives (default 5). */
  bands?: number;
}

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** @internal The browser can analyse audio (jsdom and server rendering cannot). */
export function canAnalyseAudio(): boolean {
  return audioContextClass() !== undefined && typeof requestAnimationFrame === 'function';
}

/**
 * Measures an audio track with Web Audio (an `AnalyserNode`) once per animation frame and hands the levels to
 * `onFrame` — `volume` and `bands` between 0 and 1 — **without re-rendering**: write them to the DOM (styles,
 * a canvas) in the callback. `onFrame` may be an inline function; only the latest is called. Nothing runs where
 * the browser has no `AudioContext` (jsdom, server rendering) or while there is no track.
 */
export function useTrackVolume(
  track: TrackState | Track | MediaStreamTrack | undefined,
  onFrame: (volume: number, bands: readonly number[]) => void,
  options: UseTrackVolumeOptions = {},
): void {
  const callback = useRef(onFrame);
  useEffect(() => {
    callback.current = onFrame;
  });
  const media = mediaTrackOf(track);
  const bandCount = Math.max(1, Math.floor(options.bands ?? 5));
  useEffect(() => {
    const Context = audioContextClass();
    if (!media || !Context || typeof requestAnimationFrame !== 'function') return undefined;
    let context: AudioContext;
    try {
      context = new Context();
    } catch {
      return undefined;
    }
    // Created before any click, a context starts suspended; a meeting page has usually had one (Join).
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(new MediaStream([media]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    analyser.smoothingTimeConstant = 0.7;
    source.connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    // Speech lives in the lower half of the spectrum: spread the bands over it.
    const usable = Math.floor(data.length / 2);
    const per = Math.max(1, Math.floor(usable / bandCount));
    const bands = new Array<number>(bandCount).fill(0);
    let frame = 0;
    const tick = () => {
      analyser.getByteFrequencyData(data);
      let total = 0;
      for (let b = 0; b < bandCount; b++) {
        let sum = 0;
        for (let i = b * per; i < (b + 1) * per; i++) sum += data[i] ?? 0;
        bands[b] = sum / per / 255;
        total += bands[b]!;
      }
      callback.current(total / bandCount, bands);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [media, bandCount]);
}

function mediaTrackOf(track: TrackState | Track | MediaStreamTrack | undefined): MediaStreamTrack | undefined {
  if (!track) return undefined;
  if ('publication' in track) return track.muted ? undefined : track.track?.mediaStreamTrack;
  if ('mediaStreamTrack' in track) return track.mediaStreamTrack;
  return track;
}
