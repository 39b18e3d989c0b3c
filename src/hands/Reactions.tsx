import type { KeyboardEvent } from 'react';
import { useSendReaction } from './useSendReaction.js';
import { cx, DEV, devWarn, flag } from '../ui/dev.js';
import { ReactionGlyph, SmileIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { useMenu } from '../ui/useMenu.js';
import { defaultHandsLabels } from './handsLabels.js';



/** Props of {@link ReactionsMenu}. */
export interface ReactionsMenuProps {
  labels?: Partial<RoomKitLabels>;
  className?: string;
  /** Close the picker after a reaction is sent (default false: several in a row are one click each). */
  closeOnSend?: boolean;
}

/**
 * A "Reactions" button that opens a row of emoji buttons; each sends its reaction to everyone. Absent without
 * `canPublishData` and for a hidden observer. While the sender's rate limit holds, the emoji buttons are `aria-disabled` (focus stays) and a
 * status says to wait; `data-limited` is present on the root. Escape closes the picker and returns focus.
 */
export function ReactionsMenu({ labels: overrides, className, closeOnSend = false }: ReactionsMenuProps) {
  const labels = useLabels(overrides, defaultHandsLabels);
  const { allowed, limited, emojis, send } = useSendReaction();
  const { open, setOpen, close, triggerProps, panelProps } = useMenu('button');

  if (!allowed) return null;
  const onKey = (event: KeyboardEvent) => {
    // Only an open picker takes Escape; otherwise it is left to an enclosing popup (the control bar's More menu).
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close(true);
  };
  return (
    <span className={cx('rk-reactions', className)} data-limited={flag(limited)} onKeyDown={onKey}>
      <button
        {...triggerProps}
        className="rk-button rk-reactions-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <SmileIcon />
        <span className="rk-button-label">{labels.reactions}</span>
      </button>
      {open ? (
        <div {...panelProps} role="group" aria-label={labels.reactions} className="rk-reactions-panel">
          {emojis.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="rk-button rk-reaction-button"
              aria-label={labels.reactionName(emoji)}
              aria-disabled={limited || undefined}
              data-emoji={emoji}
              onClick={() => {
                if (limited) return;
                send(emoji).catch((error: unknown) => DEV && devWarn(`Reaction not sent: ${String(error)}`));
                if (closeOnSend) setOpen(false);
              }}
            >
              <ReactionGlyph emoji={emoji} />
            </button>
          ))}
          {limited ? (
            <span role="status" className="rk-reactions-limited">
              {labels.reactionsLimited}
            </span>
          ) : null}
        </div>
      ) : null}
    </span>
  );
}
