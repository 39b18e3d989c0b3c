import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { useRoom } from './useRoom.js';
import { cx } from '../ui/dev.js';
import { LeaveIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { Slot } from '../ui/Slot.js';

/** Props of {@link LeaveButton}. */
export interface LeaveButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Called after the room disconnected. */
  onLeave?: (() => void) | undefined;
  labels?: Partial<RoomKitLabels>;
  asChild?: boolean;
}

/** Disconnects the room. Call `event.preventDefault()` in your `onClick` to leave in your own way. */
export const LeaveButton = forwardRef<HTMLButtonElement, LeaveButtonProps>(function LeaveButton(
  { onLeave, labels: overrides, asChild, className, onClick, children, ...rest },
  ref,
) {
  const room = useRoom();
  const labels = useLabels(overrides);
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      {...rest}
      ref={ref}
      className={cx('rk-button rk-leave', className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        void room.disconnect().then(() => onLeave?.());
      }}
    >
      {children ?? (
        <>
          <LeaveIcon />
          <span className="rk-button-label">{labels.leave}</span>
        </>
      )}
    </Component>
  );
});
