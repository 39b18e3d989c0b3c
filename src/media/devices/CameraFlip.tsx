import type { ButtonHTMLAttributes } from 'react';
import { useCan } from '../../room/hooks/useCan.js';
import { useCameraFlip } from './useCameraFlip.js';
import { cx, DEV, devWarn } from '../../ui/dev.js';
import { FlipCameraIcon } from '../../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../../ui/labels.js';

/** Props of {@link CameraFlipButton}. */
export interface CameraFlipButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  labels?: Partial<RoomKitLabels>;
}

/**
 * "Flip camera": switches between the front and the back camera (`useCameraFlip`). Rendered only where the device
 * has both and the grants allow publishing the camera; `data-facing` says which way the camera in use faces.
 */
export function CameraFlipButton({ labels: overrides, className, onClick, ...rest }: CameraFlipButtonProps) {
  const labels = useLabels(overrides);
  const allowed = useCan('canPublish', { source: 'camera' });
  const { canFlip, facing, flip } = useCameraFlip();
  if (!allowed || !canFlip) {
    if (DEV && onClick && !allowed) devWarn('<CameraFlipButton> is not rendered: this session may not publish a camera.');
    return null;
  }
  return (
    <button
      type="button"
      {...rest}
      className={cx('rk-button rk-camera-flip', className)}
      data-facing={facing}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) flip().catch((error: unknown) => DEV && devWarn(`Camera flip failed: ${String(error)}`));
      }}
    >
      <FlipCameraIcon />
      <span className="rk-button-label">{labels.flipCamera}</span>
    </button>
  );
}
