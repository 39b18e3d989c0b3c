import type { RecorderSignal, RecorderSignalSink } from './recordingSignals.js';

/** The signals a recording template sent, for tests: see {@link createRecorderSignalLog}. */
export interface RecorderSignalLog {
  /** Signals in the order sent (`start`, then `stop`). */
  readonly signals: readonly RecorderSignal[];
  /** Pass it as `RecordingView`'s (or `useRecorderSignals`') `sink`. */
  readonly sink: RecorderSignalSink;
}

/**
 * A sink that keeps the signals a recording template sends, to assert on them in jsdom:
 * `<RecordingView room={room} sink={log.sink} />`, then `expect(log.signals).toEqual(['start'])`.
 */
export function createRecorderSignalLog(): RecorderSignalLog {
  const signals: RecorderSignal[] = [];
  return { signals, sink: (signal) => void signals.push(signal) };
}

/**
 * What a browser does when remote media starts playing, which jsdom never does: fires `playing` on every remote
 * `<video>` (or `<audio>`, with `kind: 'audio'`) inside `container`. Returns how many elements it fired on.
 *
 * jsdom's videos have no `requestVideoFrameCallback`, so a recording template takes a video's `playing` as its
 * first frame, and `start` follows at once. Audio starts a recording at once only where no remote camera or screen
 * share is expected to show a frame; in a room with one, advance fake timers by `videoWaitMs` (default 5 000 ms) or
 * simulate the video too.
 */
export function simulateMediaPlaying(container: ParentNode, kind: 'video' | 'audio' = 'video'): number {
  const elements = [...container.querySelectorAll<HTMLMediaElement>(kind)].filter((el) => !el.hasAttribute('data-local'));
  for (const el of elements) el.dispatchEvent(new Event('playing'));
  return elements.length;
}
