import { useRef, useState } from 'react';
import { useIsoLayoutEffect } from '../room/RoomContext.js';

export { useIsoLayoutEffect } from '../room/RoomContext.js';

/** @internal A content box size in CSS pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * @internal Tracks an element's content size with a `ResizeObserver`, `fallback` where it cannot be measured (the
 * server, jsdom, an element not laid out yet). State is set only on a real change: React keeps even an equal update
 * queued and renders the component once more for it the next time it renders. `enabled: false` stops measuring
 * (a caller given a fixed size).
 */
export function useElementSize<T extends HTMLElement>(fallback: Size, enabled = true) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    let last: Size = fallback;
    const measure = (width: number, height: number) => {
      if (width <= 0 || height <= 0 || (width === last.width && height === last.height)) return;
      last = { width, height };
      setSize(last);
    };
    // The elements measured here have no padding, so the border box read now and the content box the observer
    // reports agree.
    const rect = el.getBoundingClientRect();
    measure(rect.width, rect.height);
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) measure(box.width, box.height);
    });
    observer.observe(el);
    return () => observer.disconnect();
    // `fallback` is read once, as the initial state is.
  }, [enabled]);
  return [ref, size] as const;
}
