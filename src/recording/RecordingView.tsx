import type { Room, RoomOptions } from 'livekit-client';
import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Captions } from '../captions/index.js';
import { useConnectionMessage } from '../room/ConnectionStateToast.js';
import { cx, flag } from '../ui/dev.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { useTileKeys } from '../layouts/index.js';
import { useRecordingLabels } from './recordingLabels.js';
import { RecordingStage } from './RecordingStage.js';
import { RoomAudioRenderer } from '../media/RoomAudioRenderer.js';
import { RoomProvider } from '../room/RoomProvider.js';
import type { RecordingLayout } from './recordingParams.js';
import type { RecorderSignalSink, RecorderSignalsOptions } from './recordingSignals.js';
import { type RoomKitError, isRoomKitError } from '../room/RoomKitError.js';
import { getVideoSubscriptions } from '../media/videoSubscriptions.js';
import { useRecorderSignals } from './useRecorderSignals.js';
import { readRecordingParams } from './useRecordingParams.js';
import { useRecordingLayout } from './useRecordingLayout.js';
import { useRoom } from '../room/useRoom.js';

/** Props of {@link RecordingView}. */
export interface RecordingViewProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onError'> {
  /** The media server; default: the page address's `url`. */
  url?: string;
  /** The recorder's token (hidden, `recorder`, may subscribe); default: the page address's `token`. */
  token?: string;
  /** An existing livekit-client Room (a `createTestRoom()` in tests) instead of `url` and `token`. */
  room?: Room;
  /** The layout at first; default: the page address's `layout` (`grid` when absent or unknown). */
  layout?: RecordingLayout;
  /** Show live captions over the stage (default false). */
  captions?: boolean;
  /** How long the room must be empty of other participants before `stop`, in ms (default 20 000). */
  emptyTimeoutMs?: number;
  /**
   * How long playing audio waits for a remote camera's or screen share's first frame before it starts the
   * recording alone, in ms (default 5 000); only while one is expected to show a frame (see
   * `RecorderSignalsOptions.videoWaitMs`). An audio-only room starts on its audio at once.
   */
  videoWaitMs?: number;
  /** Where the start and stop signals go (default: LiveKit Egress's `START_RECORDING` / `END_RECORDING` console lines). */
  sink?: RecorderSignalSink;
  /** Options for the Room it creates (read once). */
  options?: RoomOptions;
  /** Called with every failure, a missing `url` or `token` included. */
  onError?: (error: RoomKitError) => void;
  labels?: Partial<RoomKitLabels>;
}

type Resolved =
  | { layout: RecordingLayout; connection: { url?: string; token?: string }; error?: undefined }
  | { error: RoomKitError; layout?: undefined; connection?: undefined };

/** What to join and show: the props, else the page address (read once). */
function resolve(props: RecordingViewProps): Resolved {
  if (props.room || (props.url && props.token)) {
    return { layout: props.layout ?? 'grid', connection: props.room ? {} : { url: props.url!, token: props.token! } };
  }
  try {
    const parsed = readRecordingParams(!props.layout);
    return { layout: props.layout ?? parsed.layout, connection: { url: props.url ?? parsed.url, token: props.token ?? parsed.token } };
  } catch (error) {
    if (isRoomKitError(error)) return { error };
    throw error;
  }
}

/**
 * A recording template: the page a room-recording service (LiveKit Egress's room composite with a custom base URL)
 * opens in a headless browser. It reads `url`, `token` and `layout` from the page address (or its props), joins as
 * the recorder (no PreJoin, no controls, publishes nothing; the token makes it hidden), shows the room in the chosen
 * layout (`grid` or `speaker`; a screen share takes the stage) with names and speaking, optional `captions`, and
 * plays the room's audio. It tells the recorder when to start (a remote video showed its first frame; remote audio
 * plays where no remote video is expected, or after waiting `videoWaitMs` for one) and when to stop
 * (the room has been empty of other participants for `emptyTimeoutMs`, or the session ended), by default with the
 * console lines LiveKit Egress reads. A layout change asked for while recording (Egress `UpdateLayout`) applies live.
 *
 * Without `url` and `token` in the address (nor as props) it joins nothing: it shows the error in words
 * (`labels.roomError`), logs the `missing-connection` RoomKitError (which says what to add) and passes it to `onError`.
 *
 * Data attributes: `data-signal` (`idle` | `started` | `stopped`), `data-empty` while joined and no one else is in
 * the room, `data-captions` when captions show; its stage ({@link RecordingStage}) carries `data-layout`.
 *
 * @example
 * ```tsx
 * createRoot(document.getElementById('root')!).render(<RecordingView />);
 * ```
 */
export function RecordingView(props: RecordingViewProps) {
  const { url: _url, token: _token, room, layout: _layout, captions, emptyTimeoutMs, videoWaitMs, sink, options, onError, labels: overrides, ...rest } = props;
  const [resolved] = useState(() => resolve(props));
  const labels = useRecordingLabels(overrides);
  const errorRef = useRef(onError);
  useEffect(() => {
    errorRef.current = onError;
  });
  const failure = resolved.error;
  useEffect(() => {
    if (!failure) return;
    console.error(`[RoomKit] ${failure.message}`);
    errorRef.current?.(failure);
  }, [failure]);

  if (resolved.error) {
    return (
      <div role="alert" {...rest} className={cx('rk-root rk-recording rk-placeholder', rest.className)} data-state="error">
        {labels.roomError(resolved.error.code)}
      </div>
    );
  }
  return (
    <RoomProvider
      {...(room ? { room } : {})}
      {...resolved.connection}
      {...(options ? { options } : {})}
      {...(onError ? { onError } : {})}
      {...(overrides ? { labels: overrides } : {})}
      rememberChoices={false}
    >
      <RecordingTemplate {...rest} layout={resolved.layout} captions={captions ?? false} signals={{ emptyTimeoutMs, videoWaitMs, sink }} />
    </RoomProvider>
  );
}

/** @internal The template inside its RoomProvider. */
function RecordingTemplate({
  layout: initial,
  captions,
  signals,
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { layout: RecordingLayout; captions: boolean; signals: RecorderSignalsOptions }) {
  const labels = useRecordingLabels();
  const room = useRoom();
  // Its layouts manage subscriptions; say so from the first commit, so the session joins without auto-subscribing.
  useEffect(() => getVideoSubscriptions(room).manage(), [room]);
  const root = useRef<HTMLDivElement>(null);
  const signal = useRecorderSignals(root, signals);
  const layout = useRecordingLayout(initial);
  const connection = useConnectionMessage(labels, 'RecordingView');
  const empty = useTileKeys().length === 0;
  return (
    <div
      ref={root}
      role="region"
      aria-label={labels.recordingView}
      {...rest}
      className={cx('rk-root rk-conference rk-recording', className)}
      data-signal={signal}
      data-empty={flag(connection.inSession && empty)}
      data-captions={flag(captions)}
    >
      <div className="rk-conference-body">
        {connection.inSession ? (
          <RecordingStage layout={layout}>{captions ? <Captions className="rk-conference-captions" /> : null}</RecordingStage>
        ) : (
          <div className="rk-conference-stage">
            <div className="rk-placeholder" role="status" data-state={connection.state}>
              {connection.text ?? labels.connecting}
            </div>
          </div>
        )}
      </div>
      <RoomAudioRenderer />
    </div>
  );
}
