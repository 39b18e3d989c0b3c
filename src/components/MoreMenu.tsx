import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { MoreIcon } from './icons.js';
import type { RoomKitLabels } from './labels.js';

const ITEMS = ':is(button, select, input):not(:disabled)';

/**
 * @internal The control bar's "More" button and the panel of the controls folded into it (the controls themselves,
 * so they keep their names, states and grants). Enter, Space or ArrowDown open it on its first control, ArrowUp on
 * its last; ArrowUp, ArrowDown, Home and End move between its controls (a select keeps its own arrow keys); Escape
 * closes it and returns focus to the button; a click outside or Tab out of it closes it.
 */
export function MoreMenu({ labels, children }: { labels: RoomKitLabels; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const focusItem = (index: number) => {
    const all = panel.current?.querySelectorAll<HTMLElement>(ITEMS);
    if (all?.length) all[((index % all.length) + all.length) % all.length]?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };
  const onTriggerKey = (event: KeyboardEvent) => {
    const at = { ArrowDown: 0, Enter: 0, ' ': 0, ArrowUp: -1 }[event.key];
    if (at === undefined) return;
    event.preventDefault();
    openAt(at);
  };
  const onPanelKey = (event: KeyboardEvent) => {
    // An inner popup (the reactions picker) handles its own Escape first.
    if (event.defaultPrevented) return;
    const all = Array.from(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const inSelect = (event.target as HTMLElement).tagName === 'SELECT';
    const move = {
      Escape: () => {
        setOpen(false);
        trigger.current?.focus();
      },
      ArrowDown: inSelect ? undefined : () => focusItem(index + 1),
      ArrowUp: inSelect ? undefined : () => focusItem(index - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
    }[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const onBlur = (event: FocusEvent) => {
    if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
  };

  return (
    <span ref={root} className="rk-more" onBlur={onBlur}>
      <button
        ref={trigger}
        type="button"
        className="rk-button rk-more-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onTriggerKey}
      >
        <MoreIcon />
        <span className="rk-button-label">{labels.moreControls}</span>
      </button>
      {open ? (
        <div ref={panel} id={panelId} role="dialog" aria-label={labels.moreControls} className="rk-menu rk-more-panel" onKeyDown={onPanelKey}>
          {children}
        </div>
      ) : null}
    </span>
  );
}
