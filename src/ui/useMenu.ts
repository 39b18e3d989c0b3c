import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIsoLayoutEffect } from './useElementSize.js';

/**
 * @internal The popup state and keyboard of a button that opens a panel (the More menu, the reactions picker, the
 * admin menu). A press outside the button and the panel closes it. `items` selects the panel's focusable items:
 * `openAt(0)` / `openAt(-1)` open it on the first / last; `onTriggerKey` opens it with Enter, Space or ArrowDown
 * (first) and ArrowUp (last); `onPanelKey` moves with ArrowUp, ArrowDown (not inside a select, which keeps its own
 * arrows), Home and End, and closes with Escape, returning focus to the button (unless an inner popup handled it).
 */
export function useMenu(items: string) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  // The item to focus once the panel is shown: set by openAt, taken by the layout effect of that commit.
  const focusOnOpen = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const all = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(items) ?? []);
  const focusItem = (index: number) => {
    const list = all();
    if (list.length) list[((index % list.length) + list.length) % list.length]?.focus();
  };
  useIsoLayoutEffect(() => {
    const index = focusOnOpen.current;
    focusOnOpen.current = null;
    if (open && index !== null) focusItem(index);
  }, [open]);
  const openAt = (index: number) => {
    if (open) return focusItem(index);
    focusOnOpen.current = index;
    setOpen(true);
  };
  const close = (returnFocus?: boolean) => {
    focusOnOpen.current = null;
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };
  const handle = (event: KeyboardEvent, act: (() => void) | undefined) => {
    if (!act) return;
    event.preventDefault();
    act();
  };
  const onTriggerKey = (event: KeyboardEvent) => {
    const at = { ArrowDown: 0, Enter: 0, ' ': 0, ArrowUp: -1 }[event.key];
    handle(event, at === undefined ? undefined : () => openAt(at));
  };
  const onPanelKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const index = all().indexOf(document.activeElement as HTMLElement);
    const arrows = (event.target as HTMLElement).tagName !== 'SELECT';
    handle(
      event,
      {
        Escape: () => close(true),
        ArrowDown: arrows ? () => focusItem(index + 1) : undefined,
        ArrowUp: arrows ? () => focusItem(index - 1) : undefined,
        Home: () => focusItem(0),
        End: () => focusItem(-1),
      }[event.key],
    );
  };
  return {
    open,
    setOpen,
    close,
    openAt,
    onTriggerKey,
    onPanelKey,
    /** The button's ref, type and popup state (`aria-expanded`, `aria-controls` while open). */
    triggerProps: { ref: trigger, type: 'button', 'aria-expanded': open, 'aria-controls': open ? id : undefined } as const,
    /** The panel's ref and id. */
    panelProps: { ref: panel, id },
  };
}
