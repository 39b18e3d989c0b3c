import { Track, type ScreenShareCaptureOptions } from 'livekit-client';
import { forwardRef, useId, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import type { RoomKitError } from '../room/RoomKitError.js';
import { useTrackToggle, type ToggleSource } from './useTrackToggle.js';
import { cx, DEV, devWarn } from '../ui/dev.js';
import { CameraIcon, MicIcon, ScreenIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { useSupport } from '../room/hooks/useBrowserSupport.js';
import { detectScreenShare } from '../room/browserSupport.js';
import { Slot } from '../ui/Slot.js';

/** Props of {@link TrackToggle}. */
export interface TrackToggleProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onError'> {
  /** microphone, camera or screen_share. */
  source: ToggleSource;
  /** Called after the source was switched. */
  onEnabledChange?: ((enabled: boolean) => void) | undefined;
  /** Called when switching failed or the device stopped (see `useTrackToggle`'s `onError`). */
  onError?: ((error: RoomKitError) => void) | undefined;
  /**
   * With `source="screen_share"`: what to ask the browser for, merged over `DEFAULT_SCREEN_SHARE_OPTIONS` (the
   * shared tab's sound included); `{ audio: false }` shares the picture alone. See `useTrackToggle`.
   */
  screenShareOptions?: ScreenShareCaptureOptions | undefined;
  labels?: Partial<RoomKitLabels>;
  /** Render as the child element (Slot). */
  asChild?: boolean;
  /** Hide the icon and show only the label. */
  showIcon?: boolean;
  children?: ReactNode;
}

const NAMES = {
  [Track.Source.Microphone]: 'microphone',
  [Track.Source.Camera]: 'camera',
  [Track.Source.ScreenShare]: 'screenShare',
} as const;

/**
 * A button that switches the local microphone, camera or screen share (which asks for the shared tab's sound too:
 * `screenShareOptions`, `DEFAULT_SCREEN_SHARE_OPTIONS`). `aria-pressed` tells its state;
 * `data-state` is "on" | "off", `data-pending` is present while switching. It is absent (and warns in
 * development) where the grants forbid publishing the source, and for a screen share where this browser cannot
 * share a screen (`useBrowserSupport().screenShare` is `'no'`: phones).
 *
 * When the device fails (`permission-denied`, `device-not-found`, `device-in-use`, `device-lost`, `device-error`)
 * the button gets `data-error` with the code, a small warning badge, and a description naming the fix
 * (`labels.deviceProblem`, linked by `aria-describedby`, also its `title`; `LiveAnnouncer` says it); pressing it again
 * tries again.
 */
export const TrackToggle = forwardRef<HTMLButtonElement, TrackToggleProps>(function TrackToggle(
  { source, onEnabledChange, onError, screenShareOptions, labels: overrides, asChild, showIcon = true, className, onClick, children, ...rest },
  ref,
) {
  const labels = useLabels(overrides);
  const problemId = useId();
  const toggle = useTrackToggle(source, { onEnabledChange, onError, screenShareOptions });
  const cannotShare = useSupport('screenShare', detectScreenShare) === 'no' && source === Track.Source.ScreenShare;
  if (!toggle.allowed) {
    if (DEV) devWarn(`<TrackToggle source="${source}"> is not rendered: this session's grants do not allow publishing ${source}.`);
    return null;
  }
  if (cannotShare) return null;
  const Component = asChild ? Slot : 'button';
  const name = labels[NAMES[source]];
  const icon =
    source === Track.Source.Microphone ? <MicIcon off={!toggle.enabled} /> : source === Track.Source.Camera ? <CameraIcon off={!toggle.enabled} /> : <ScreenIcon />;
  const problem = toggle.error ? labels.deviceProblem(source === Track.Source.ScreenShare ? 'screen' : source, toggle.error.code) : undefined;
  return (
    <>
      <Component
        {...toggle.buttonProps}
        {...rest}
        ref={ref}
        className={cx('rk-button rk-track-toggle', className)}
        data-source={source}
        aria-describedby={cx(problem ? problemId : undefined, rest['aria-describedby']) || undefined}
        title={rest.title ?? problem}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) toggle.buttonProps.onClick();
        }}
      >
        {children ?? (
          <>
            {showIcon ? icon : null}
            <span className="rk-button-label">{name}</span>
            {problem ? <span className="rk-device-badge" aria-hidden="true">!</span> : null}
          </>
        )}
      </Component>
      {problem ? (
        <span id={problemId} className="rk-visually-hidden">
          {problem}
        </span>
      ) : null}
    </>
  );
});
