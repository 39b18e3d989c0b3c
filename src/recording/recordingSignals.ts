import { ConnectionState, RoomEvent, Track, type RemoteTrackPublication } from 'livekit-client';
import type { RoomStore, TrackState } from '../room/state/roomStore.js';

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
  /**
   * How long remote audio that plays waits for a remote video's first frame before it starts the recording alone,
   * in ms (default 5 000). It waits only while a remote camera or screen share is expected to show one: published
   * by a participant the template shows, not muted, and subscribed (or asked for and on its way). Where none is, audio
   * starts the recording at once (an audio-only room); should the last one be muted, unsubscribed or unpublished
   * during the wait, audio starts it then. The wait is measured from the audio's start; a camera published during it
   * does not lengthen it (its first frame ends it, as any video's does).
   */
  videoWaitMs?: number;
  /** Where the signals go (default {@link egressConsoleSink}). */
  sink?: RecorderSignalSink;
}

/** The recorder signals of one room: see {@link createRecorderSignals}. */
export interface RecorderSignals {
  /** A remote video presented its first frame: sends `start` (the first report only; later ones do nothing). */
  videoPlaying(): void;
  /**
   * Remote audio started playing: sends `start` at once where no remote video is expected to show a frame, else
   * once one does ({@link RecorderSignals.videoPlaying}), none is expected any more, or `videoWaitMs` has passed
   * (see {@link RecorderSignalsOptions.videoWaitMs}), whichever comes first.
   */
  audioPlaying(): void;
  /** `start` was sent. */
  readonly started: boolean;
  /** `stop` was sent. */
  readonly stopped: boolean;
  /** Stops watching the room and cancels a pending `stop` (sends nothing). */
  dispose(): void;
}

/** @internal The default `emptyTimeoutMs`. */
export const DEFAULT_EMPTY_TIMEOUT_MS = 20_000;

/** @internal The default `videoWaitMs`. */
export const DEFAULT_VIDEO_WAIT_MS = 5_000;

/**
 * A remote camera or screen share that will show frames: not muted, and subscribed or asked for (by a tile that
 * shows it, or by auto-subscription) and on its way.
 */
const expectedVideo = (t: TrackState) =>
  (t.source === Track.Source.Camera || t.source === Track.Source.ScreenShare) && !t.muted && (t.subscribed || (t.publication as RemoteTrackPublication).isDesired);

/**
 * Watches one room for a recording template and sends each signal once:
 * - `start` on the first {@link RecorderSignals.videoPlaying} report, or on {@link RecorderSignals.audioPlaying}
 *   where no remote video is expected, or when the video that audio waits for is no longer expected or
 *   `videoWaitMs` has passed (the template reports media from the elements' own events);
 * - `stop` once the connected room has had no other participants for `emptyTimeoutMs` (hidden participants and
 *   recorders, kind `egress`, do not count; someone joining cancels the countdown), or at once when the session
 *   ends after it had joined (as LiveKit's template SDK does on `Disconnected`).
 */
export function createRecorderSignals(store: RoomStore, options: RecorderSignalsOptions = {}): RecorderSignals {
  const emptyTimeoutMs = options.emptyTimeoutMs ?? DEFAULT_EMPTY_TIMEOUT_MS;
  const videoWaitMs = options.videoWaitMs ?? DEFAULT_VIDEO_WAIT_MS;
  const sink = options.sink ?? egressConsoleSink;
  let started = false;
  let stopped = false;
  let joined = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Set while playing audio waits for a video's first frame: the bound of that wait.
  let videoTimer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const cancelVideoWait = () => {
    if (videoTimer !== undefined) clearTimeout(videoTimer);
    videoTimer = undefined;
  };
  const start = () => {
    cancelVideoWait();
    if (started || stopped) return;
    started = true;
    sink('start');
  };
  const videoExpected = () => store.getRemoteParticipants().some((p) => p.tracks.some(expectedVideo));
  // While connected, audio that waits for a video that is no longer expected starts the recording.
  const recheckVideo = () => {
    if (videoTimer !== undefined && store.getState().connectionState === ConnectionState.Connected && !videoExpected()) start();
  };
  // A video asked for but not yet arrived can be given up without the store seeing a change: the room's event says
  // so. Read after the burst it belongs to, as the store does (a session that ends unsubscribes everything first).
  const onSubscriptionStatus = () => queueMicrotask(recheckVideo);
  const stop = () => {
    cancel();
    cancelVideoWait();
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
    recheckVideo();
    // The store lists visible remote participants only; recorders (another egress) are not an audience either.
    const others = store.getRemoteParticipants().some((p) => !p.hidden && p.kind !== 'egress');
    if (others) cancel();
    else if (timer === undefined) timer = setTimeout(stop, emptyTimeoutMs);
  };
  const unsubscribeStore = store.subscribe(check);
  store.room.on(RoomEvent.TrackSubscriptionStatusChanged, onSubscriptionStatus);
  const unsubscribe = () => {
    unsubscribeStore();
    store.room.off(RoomEvent.TrackSubscriptionStatusChanged, onSubscriptionStatus);
  };
  check();

  return {
    videoPlaying: start,
    audioPlaying() {
      if (started || stopped || videoTimer !== undefined) return;
      if (videoExpected()) videoTimer = setTimeout(start, videoWaitMs);
      else start();
    },
    get started() {
      return started;
    },
    get stopped() {
      return stopped;
    },
    dispose() {
      cancel();
      cancelVideoWait();
      unsubscribe();
    },
  };
}
