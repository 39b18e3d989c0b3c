import type { FocusEvent, ReactNode } from 'react';
import { MoreIcon } from './icons.js';
import type { CommonLabels } from './labels.js';
import { useMenu } from './useMenu.js';

const ITEMS = ':is(button, select, input):not(:disabled)';

/**
 * @internal The control bar's "More" button and the panel of the controls folded into it (the controls themselves,
 * so they keep their names, states and grants). Enter, Space or ArrowDown open it on its first control, ArrowUp on
 * its last; ArrowUp, ArrowDown, Home and End move between its controls (a select keeps its own arrow keys); Escape
 * closes it and returns focus to the button; a click outside or Tab out of it closes it.
 */
export function MoreMenu({ labels, children }: { labels: CommonLabels; children: ReactNode }) {
  const { open, close, openAt, onTriggerKey, onPanelKey, triggerProps, panelProps } = useMenu(ITEMS);
  const onBlur = (event: FocusEvent) => {
    if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) close();
  };

  return (
    <span className="rk-more" onBlur={onBlur}>
      <button
        {...triggerProps}
        className="rk-button rk-more-toggle"
        aria-haspopup="dialog"
        onClick={() => (open ? close() : openAt(0))}
        onKeyDown={onTriggerKey}
      >
        <MoreIcon />
        <span className="rk-button-label">{labels.moreControls}</span>
      </button>
      {open ? (
        // An inner popup (the reactions picker) handles its own Escape first.
        <div {...panelProps} role="dialog" aria-label={labels.moreControls} className="rk-menu rk-more-panel" onKeyDown={onPanelKey}>
          {children}
        </div>
      ) : null}
    </span>
  );
}
