import type { ButtonHTMLAttributes } from 'react';
import { useIsHandRaised } from './useIsHandRaised.js';
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

/** Props of {@link RaisedHandIndicator}. */
export interface RaisedHandIndicatorProps {
  identity: string;
  className?: string | undefined;
  labels?: Partial<RoomKitLabels> | undefined;
}

/** A hand badge, rendered only while `identity` has a hand raised (`role="img"` named "Hand raised"). */
export function RaisedHandIndicator({ identity, className, labels: overrides }: RaisedHandIndicatorProps) {
  const raised = useIsHandRaised(identity);
  const labels = useLabels(overrides, defaultHandsLabels);
  if (!raised) return null;
  return (
    <span className={cx('rk-indicator rk-hand-badge', className)} role="img" aria-label={labels.handRaised} data-hand-raised="">
      <HandIcon />
    </span>
  );
}
