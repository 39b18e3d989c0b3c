import { useEffect, useRef, useState, type RefObject } from 'react';
import { createRecorderSignals, egressConsoleSink, type RecorderSignal, type RecorderSignalsOptions, type RecorderSignalSink } from './recordingSignals.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';

/** Where a recording template is: no signal yet, `start` sent, or `stop` sent. */
export type RecorderSignalState = 'idle' | 'started' | 'stopped';

/** Options of {@link useRecorderSignals}. */
export interface UseRecorderSignalsOptions extends RecorderSignalsOptions, RoomHookOptions {}

/** A remote media element: RoomKit marks local video `data-local`. */
function isRemoteMedia(el: EventTarget | null): el is HTMLMediaElement {
  return (el instanceof HTMLVideoElement || el instanceof HTMLAudioElement) && !el.hasAttribute('data-local');
}

/**
 * Sends a recording template's signals (see `createRecorderSignals`): `start` when remote media inside `target`
 * plays, so that the recording opens on a picture: a remote `<video>`'s first frame reaches the screen (told by its
 * `requestVideoFrameCallback` after its `playing` event), or a remote `<audio>` plays (its `playing` event) where no
 * remote camera or screen share is expected to show a frame; where one is, audio waits for its first frame for at
 * most `videoWaitMs` (default 5 000 ms). `stop` once the room has been empty of other participants for
 * `emptyTimeoutMs`, or when the session ends. Each is sent once, to `sink` (default: LiveKit Egress's console
 * lines). Returns where the template is, for `data-*` state.
 */
export function useRecorderSignals(target: RefObject<HTMLElement | null>, options: UseRecorderSignalsOptions = {}): RecorderSignalState {
  const store = useRoomStore('useRecorderSignals', options.room);
  const [state, setState] = useState<RecorderSignalState>('idle');
  // The latest sink, so an inline function never restarts the countdown.
  const sink = useRef<RecorderSignalSink | undefined>(options.sink);
  useEffect(() => {
    sink.current = options.sink;
  });
  const { emptyTimeoutMs, videoWaitMs } = options;

  useEffect(() => {
    const root = target.current;
    const signals = createRecorderSignals(store, {
      emptyTimeoutMs,
      videoWaitMs,
      sink: (signal: RecorderSignal) => {
        setState(signal === 'start' ? 'started' : 'stopped');
        (sink.current ?? egressConsoleSink)(signal);
      },
    });
    if (!root) return () => signals.dispose();
    const played = (el: HTMLMediaElement) => {
      if (!(el instanceof HTMLVideoElement)) signals.audioPlaying();
      // `playing` says playback began; the frame callback says a frame was actually presented.
      else if (typeof el.requestVideoFrameCallback === 'function') el.requestVideoFrameCallback(() => signals.videoPlaying());
      else signals.videoPlaying();
    };
    // Media events do not bubble: listen in the capture phase, which every ancestor sees.
    const onPlaying = (event: Event) => {
      if (isRemoteMedia(event.target)) played(event.target);
    };
    root.addEventListener('playing', onPlaying, true);
    // Media that began before this effect ran (a remount) has had its `playing` event already.
    for (const el of root.querySelectorAll('video, audio')) {
      if (isRemoteMedia(el) && !el.paused && el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) played(el);
    }
    return () => {
      root.removeEventListener('playing', onPlaying, true);
      signals.dispose();
    };
  }, [store, target, emptyTimeoutMs, videoWaitMs]);

  return state;
}
