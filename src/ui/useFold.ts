import { useRef, useState } from 'react';
import { useIsoLayoutEffect } from './useElementSize.js';

/** @internal A bar control's width in CSS pixels with its label shown (`full`) and as its icon alone (`compact`). */
export interface FoldItem {
  id: string;
  full: number;
  compact: number;
}

/** @internal What a control bar shows: labels or icons alone (`compact`), and which controls sit in its More menu. */
export interface Fold {
  compact: boolean;
  folded: readonly string[];
}

/** @internal The bar's gap and the More button's width (a 44 px touch target), in CSS pixels. */
export const FOLD_GAP = 8;
const MORE_WIDTH = 44;
const NONE: Fold = { compact: false, folded: [] };

const total = (items: readonly FoldItem[], key: 'full' | 'compact') => items.reduce((sum, item) => sum + item[key] + FOLD_GAP, -FOLD_GAP);

/**
 * @internal Decides what a bar `width` CSS pixels wide shows, from its controls' widths (in bar order): everything
 * with labels while that fits in one row; else icons alone (each label a tooltip) on one row, and while even that does not fit, the controls named in `order` (least used first) move
 * into a More menu. Pure: the same width always gives the same answer, so resizing can never make the bar oscillate.
 * A width of 0 or less (not laid out) folds nothing.
 */
export function foldControls(width: number, items: readonly FoldItem[], order: readonly string[]): Fold {
  if (!(width > 0) || total(items, 'full') <= width) return NONE;
  let needed = total(items, 'compact');
  const folded: string[] = [];
  for (const id of order) {
    if (needed <= width) break;
    const item = items.find((i) => i.id === id);
    // A control that renders nothing here (e.g. picture-in-picture where the browser lacks it) stays put.
    if (!item || item.full === 0) continue;
    needed += (folded.length === 0 ? MORE_WIDTH + FOLD_GAP : 0) - item.compact - FOLD_GAP;
    folded.push(id);
  }
  return { compact: true, folded };
}

/** Width of a `display: contents` slot: the span of its children's boxes. */
function slotWidth(slot: Element) {
  let left = Infinity;
  let right = -Infinity;
  for (const child of Array.from(slot.children)) {
    const box = child.getBoundingClientRect();
    left = Math.min(left, box.left);
    right = Math.max(right, box.right);
  }
  return right > left ? right - left : 0;
}

/**
 * @internal Measures the bar (not the window: it may be embedded) with a `ResizeObserver` and folds its controls
 * through {@link foldControls}. `ids` are the controls present, in bar order; each one in the bar sits in a
 * `[data-control]` slot. Widths are measured with labels and without, once per bar size (a second report of the
 * same size is ignored; a new height at the same width means a control appeared or changed) and whenever the set
 * of controls changes; a folded control keeps its last measured width.
 */
export function useFold(ids: readonly string[], order: readonly string[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [fold, setFold] = useState<Fold>(NONE);
  const widths = useRef(new Map<string, FoldItem>());
  const current = useRef(ids);
  current.current = ids;
  const key = ids.join();

  useIsoLayoutEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    let lastWidth = -1;
    const measure = (width: number) => {
      lastWidth = width;
      const slots = Array.from(bar.querySelectorAll('[data-control]'));
      const read = (compact: boolean) => {
        bar.toggleAttribute('data-compact', compact);
        return slots.map(slotWidth);
      };
      const wasCompact = bar.hasAttribute('data-compact');
      const full = read(false);
      const compact = read(true);
      bar.toggleAttribute('data-compact', wasCompact);
      slots.forEach((slot, i) => {
        const id = slot.getAttribute('data-control')!;
        widths.current.set(id, { id, full: full[i]!, compact: compact[i]! });
      });
      const items = current.current.map((id) => widths.current.get(id) ?? { id, full: MORE_WIDTH, compact: MORE_WIDTH });
      const next = foldControls(width, items, order);
      setFold((prev) => (prev.compact === next.compact && prev.folded.join() === next.folded.join() ? prev : next));
    };
    const style = getComputedStyle(bar);
    measure(bar.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0));
    // A new height at the same width means a control changed size or appeared (a bar that wraps grows): measure
    // again. That settles at once: the same widths give the same fold.
    let lastHeight = -1;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (!box || (box.width === lastWidth && box.height === lastHeight)) return;
      lastHeight = box.height;
      measure(box.width);
    });
    observer.observe(bar);
    return () => observer.disconnect();
  }, [key, order]);

  return [ref, fold] as const;
}
