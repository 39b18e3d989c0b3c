import { ConnectionState } from 'livekit-client';
import type { RoomStore } from './roomStore.js';

/** What a recording template tells the recorder: begin capturing (`start`) or finish (`stop`). */
export type RecorderSignal = 'start' | 'stop';

/** Where {@link RecorderSignal}s go. The default, {@link egressConsoleSink}, is LiveKit Egress's convention. */
export type RecorderSignalSink = (signal: RecorderSignal) => void;

/** The console lines LiveKit Egress's Chrome watcher reads from a room-composite template page. */
export const EGRESS_SIGNAL_LINES: Readonly<Record<RecorderSignal, string>> = Object.freeze({
  start: 'START_RECORDING',
  stop: 'END_RECORDING',
});

/**
 * LiveKit Egress's convention: one `console.log` argument, exactly `START_RECORDING` or `END_RECORDING` (what its
 * template SDK's `startRecording()` and `endRecording()` print, and what its headless Chrome listens for).
 */
export const egressConsoleSink: RecorderSignalSink = (signal) => {
  console.log(EGRESS_SIGNAL_LINES[signal]);
};

/** Options of {@link createRecorderSignals}. */
export interface RecorderSignalsOptions {
  /**
   * How long the room must stay without other participants (neither hidden nor recorders) before `stop`, in ms
   * (default 20 000, LiveKit's default departure timeout). Someone joining in that time cancels it.
   */
  emptyTimeoutMs?: number;
  /** Where the signals go (default {@link egressConsoleSink}). */
  sink?: RecorderSignalSink;
}

/** The recorder signals of one room: see {@link createRecorderSignals}. */
export interface RecorderSignals {
  /**
   * Remote media is playing: a remote video showed its first frame, or remote audio started playing. The first
   * call sends `start`; later ones do nothing.
   */
  mediaPlaying(): void;
  /** `start` was sent. */
  readonly started: boolean;
  /** `stop` was sent. */
  readonly stopped: boolean;
  /** Stops watching the room and cancels a pending `stop` (sends nothing). */
  dispose(): void;
}

/** @internal The default `emptyTimeoutMs`. */
export const DEFAULT_EMPTY_TIMEOUT_MS = 20_000;

/**
 * Watches one room for a recording template and sends each signal once:
 * - `start` on the first {@link RecorderSignals.mediaPlaying} report (the template reports it from the media
 *   elements' own events, never from a timer);
 * - `stop` once the connected room has had no other participants for `emptyTimeoutMs` (hidden participants and
 *   recorders, kind `egress`, do not count; someone joining cancels the countdown), or at once when the session
 *   ends after it had joined (as LiveKit's template SDK does on `Disconnected`).
 */
export function createRecorderSignals(store: RoomStore, options: RecorderSignalsOptions = {}): RecorderSignals {
  const emptyTimeoutMs = options.emptyTimeoutMs ?? DEFAULT_EMPTY_TIMEOUT_MS;
  const sink = options.sink ?? egressConsoleSink;
  let started = false;
  let stopped = false;
  let joined = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const stop = () => {
    cancel();
    if (stopped) return;
    stopped = true;
    unsubscribe();
    sink('stop');
  };
  const check = () => {
    if (stopped) return;
    const { connectionState } = store.getState();
    if (connectionState === ConnectionState.Disconnected) {
      if (joined) stop();
      return;
    }
    if (connectionState !== ConnectionState.Connected) return;
    joined = true;
    // The store lists visible remote participants only; recorders (another egress) are not an audience either.
    const others = store.getRemoteParticipants().some((p) => !p.hidden && p.kind !== 'egress');
    if (others) cancel();
    else if (timer === undefined) timer = setTimeout(stop, emptyTimeoutMs);
  };
  const unsubscribe = store.subscribe(check);
  check();

  return {
    mediaPlaying() {
      if (started || stopped) return;
      started = true;
      sink('start');
    },
    get started() {
      return started;
    },
    get stopped() {
      return stopped;
    },
    dispose() {
      cancel();
      unsubscribe();
    },
  };
}
