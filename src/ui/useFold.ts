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

/** The bar's content width: its inner width less its padding. */
function contentWidth(bar: HTMLElement) {
  const style = getComputedStyle(bar);
  return bar.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/**
 * How many times one change may measure and fold again before the bar stops for that change. Each pass measures the
 * controls a fold brought back into the bar, so a fold settles in two or three passes; the bound only keeps a
 * control whose width depends on where it sits (in the bar or the More menu) from looping.
 */
const MAX_PASSES = 8;

/**
 * @internal Measures the bar (not the window: it may be embedded) and folds its controls through
 * {@link foldControls}. `ids` are the controls present, in bar order; each one in the bar sits in a `[data-control]`
 * slot. A `ResizeObserver` watches the bar and each control in it, so the bar measures again when it is resized and
 * when a control in it changes size (a device list arriving, a count growing). A folded control cannot be measured
 * (it is not in the bar), so its last width may be wrong either way: too small, and the bar would bring it back into
 * a row it does not fit; too large, and it would stay in More with room to spare. So each report of the observer
 * first forgets the folded controls' widths, and every fold React commits is measured again in its layout effect,
 * before the browser paints: a control tried back in the bar is measured there and folded again at once if it does
 * not fit, unseen. The bar settles in one row, showing all that fits, within a frame or two of any change.
 */
export function useFold(ids: readonly string[], order: readonly string[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [fold, setFold] = useState<Fold>(NONE);
  const widths = useRef(new Map<string, FoldItem>());
  const current = useRef(ids);
  current.current = ids;
  const key = ids.join();
  /** Measures and folds; set while the bar is mounted. */
  const measureRef = useRef<((retry: boolean) => void) | null>(null);
  /** The controls folded now, as last committed. */
  const folded = useRef<readonly string[]>([]);
  /** Starts observing controls that are new in the bar; set while the bar is mounted. */
  const watchRef = useRef<(() => void) | null>(null);
  const passes = useRef(0);

  useIsoLayoutEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    /** `retry`: the folded controls' widths are forgotten first, so each is tried in the bar again (see below). */
    const measure = (retry: boolean) => {
      if (retry) for (const id of folded.current) widths.current.delete(id);
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
      const next = foldControls(contentWidth(bar), items, order);
      setFold((prev) => (prev.compact === next.compact && prev.folded.join() === next.folded.join() ? prev : next));
    };
    const watched = new Set<Element>();
    const observer = new ResizeObserver(() => {
      passes.current = 0;
      measure(true);
    });
    /** The bar and every control now in it (a control's element changes when it folds or comes back). */
    const watch = () => {
      const now = new Set<Element>([bar]);
      bar.querySelectorAll('[data-control]').forEach((slot) => Array.from(slot.children).forEach((child) => now.add(child)));
      for (const el of watched) {
        if (now.has(el)) continue;
        observer.unobserve(el);
        watched.delete(el);
      }
      for (const el of now) {
        if (watched.has(el)) continue;
        observer.observe(el);
        watched.add(el);
      }
    };
    measureRef.current = measure;
    watchRef.current = watch;
    passes.current = 0;
    measure(false);
    watch();
    return () => {
      observer.disconnect();
      measureRef.current = null;
      watchRef.current = null;
    };
  }, [key, order]);

  // A new fold is in the DOM: measure what it brought back into the bar before the browser paints it.
  useIsoLayoutEffect(() => {
    watchRef.current?.();
    folded.current = fold.folded;
    if (passes.current++ < MAX_PASSES) measureRef.current?.(false);
  }, [fold]);

  return [ref, fold] as const;
}
