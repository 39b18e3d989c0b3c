import { useCallback, useState, type FocusEvent, type UIEvent } from 'react';
import { useElementSize } from './useElementSize.js';

const FALLBACK_SIZE = { width: 320, height: 480 };

/** @internal What {@link useVirtualRows} needs: the rows' fixed height, the viewport's height if fixed, the overscan. */
export interface VirtualRowsOptions {
  rowHeight: number;
  /** Height of the scrolling element in CSS pixels; undefined measures it (480 where nothing can be measured). */
  viewportHeight: number | undefined;
  /** Rows mounted beyond each edge of the viewport. */
  overscan: number;
}

/**
 * @internal A virtualized list of fixed-height rows, one per identity: which rows to mount (those in view plus
 * `overscan` each side, and the row holding focus while it is scrolled away, so focus never drops to the page), and
 * the handlers that keep that up to date. Rows are `li[data-identity]`; the scrolling element takes `viewportRef`
 * and `onScroll`, the list `onFocus` and `onBlur`. `toTop` scrolls back to the first row (a new search).
 */
export function useVirtualRows(identities: readonly string[], { rowHeight, viewportHeight, overscan }: VirtualRowsOptions) {
  const [viewportRef, measured] = useElementSize<HTMLDivElement>(FALLBACK_SIZE, viewportHeight === undefined);
  const height = viewportHeight ?? measured.height;
  const [first, setFirst] = useState(0);
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const count = identities.length;
  const perView = Math.max(1, Math.ceil(height / rowHeight));
  const top = Math.min(first, Math.max(0, count - perView));
  const start = Math.max(0, top - overscan);
  const end = Math.min(count, top + perView + overscan);

  const toTop = useCallback(() => {
    const el = viewportRef.current;
    if (el) el.scrollTop = 0;
    setFirst(0);
  }, [viewportRef]);

  const indices: number[] = [];
  const focusedIndex = focused === undefined ? -1 : identities.indexOf(focused);
  if (focusedIndex >= 0 && focusedIndex < start) indices.push(focusedIndex);
  for (let i = start; i < end; i++) indices.push(i);
  if (focusedIndex >= end) indices.push(focusedIndex);

  return {
    viewportRef,
    height,
    indices,
    onScroll(event: UIEvent<HTMLDivElement>) {
      const next = Math.max(0, Math.floor(event.currentTarget.scrollTop / rowHeight));
      if (next !== first) setFirst(next);
    },
    onFocus(event: FocusEvent<HTMLUListElement>) {
      const identity = (event.target as Element).closest('li[data-identity]')?.getAttribute('data-identity') ?? undefined;
      if (identity !== focused) setFocused(identity);
    },
    onBlur(event: FocusEvent<HTMLUListElement>) {
      if (focused !== undefined && !event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(undefined);
    },
    toTop,
  };
}
