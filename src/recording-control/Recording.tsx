import { forwardRef, useState, type ButtonHTMLAttributes, type HTMLAttributes } from 'react';
import { useCan } from '../room/hooks/useCan.js';
import { useRoomInfo } from '../room/hooks/useRoomInfo.js';
import { cx, DEV, devWarn, flag } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { defaultRecordingControlLabels } from './recordingControlLabels.js';



/** Props of {@link RecordingIndicator}. */
export interface RecordingIndicatorProps extends HTMLAttributes<HTMLSpanElement> {
  labels?: Partial<RoomKitLabels>;
}

/** Shown to everyone while the room records. */
export function RecordingIndicator({ labels: overrides, className, ...rest }: RecordingIndicatorProps) {
  const labels = useLabels(overrides, defaultRecordingControlLabels);
  const { isRecording } = useRoomInfo();
  if (!isRecording) return null;
  return (
    <span role="status" {...rest} className={cx('rk-recording-indicator', className)} data-recording="">
      <span className="rk-recording-dot" aria-hidden="true" />
      {labels.recording}
    </span>
  );
}

/** Props of {@link RecordingControl}. */
export interface RecordingControlProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onError'> {
  /** Starts recording on your server (recording is a server operation). */
  onStartRecording: () => Promise<unknown>;
  /** Stops recording on your server. */
  onStopRecording: () => Promise<unknown>;
  labels?: Partial<RoomKitLabels>;
}

/**
 * Starts and stops recording through your callbacks, for sessions with `roomRecord`; absent otherwise.
 * `aria-pressed` is true while recording; `data-pending` while a call runs; failures show in an alert.
 */
export const RecordingControl = forwardRef<HTMLButtonElement, RecordingControlProps>(function RecordingControl(
  { onStartRecording, onStopRecording, labels: overrides, className, ...rest },
  ref,
) {
  const labels = useLabels(overrides, defaultRecordingControlLabels);
  const allowed = useCan('roomRecord');
  const { isRecording } = useRoomInfo();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  if (!allowed) {
    if (DEV) devWarn('<RecordingControl> is not rendered: this session lacks the roomRecord grant.');
    return null;
  }
  const run = async () => {
    setPending(true);
    setFailure(undefined);
    try {
      await (isRecording ? onStopRecording() : onStartRecording());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="rk-recording-control">
      <button
        type="button"
        {...rest}
        ref={ref}
        className={cx('rk-button', className)}
        aria-pressed={isRecording}
        aria-busy={pending || undefined}
        disabled={pending}
        data-pending={flag(pending)}
        onClick={() => void run()}
      >
        <span className="rk-recording-dot" aria-hidden="true" />
        <span className="rk-button-label">{pending ? labels.working : isRecording ? labels.stopRecording : labels.startRecording}</span>
      </button>
      {failure ? (
        <span role="alert" className="rk-error-text">
          {labels.recordingFailed(failure)}
        </span>
      ) : null}
    </span>
  );
});
