import type { ButtonHTMLAttributes } from 'react';
import { useRaiseHand } from './useRaiseHand.js';
import { cx, DEV, devWarn } from '../ui/dev.js';
import { HandIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { defaultHandsLabels } from './handsLabels.js';



/** Props of {@link RaiseHandToggle}. */
export interface RaiseHandToggleProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  labels?: Partial<RoomKitLabels>;
}

/**
 * A toggle button that raises and lowers the local hand (`aria-pressed` while up; `data-state` "raised" |
 * "lowered"). Absent without `canPublishData` (hands travel as data messages) and for a hidden observer.
 */
export function RaiseHandToggle({ labels: overrides, className, onClick, ...rest }: RaiseHandToggleProps) {
  const labels = useLabels(overrides, defaultHandsLabels);
  const { allowed, buttonProps } = useRaiseHand();
  if (!allowed) {
    if (DEV && onClick) devWarn('<RaiseHandToggle> is not rendered: this session lacks the canPublishData grant or is a hidden observer.');
    return null;
  }
  return (
    <button
      {...rest}
      {...buttonProps}
      className={cx('rk-button rk-raise-hand-toggle', className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) buttonProps.onClick();
      }}
    >
      <HandIcon />
      <span className="rk-button-label">{labels.raiseHand}</span>
    </button>
  );
}
