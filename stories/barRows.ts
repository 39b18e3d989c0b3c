/** Whether every control of a control bar (its More button included) sits in one row. */
export function inOneRow(bar: Element) {
  const tops = [...bar.querySelectorAll<HTMLElement>('[data-control] > *, .rk-more-toggle')].map((el) => Math.round(el.getBoundingClientRect().top));
  return tops.length > 0 && new Set(tops).size === 1;
}

/**
 * How many animation frames a bar may take to answer a change of its size or of a control's: the frame that lays
 * the change out runs its ResizeObserver, React commits the fold in a task after it, and a fold that brought a
 * control back measures it again in that commit. A count of frames, not a time: a loaded machine draws frames
 * later, not fewer of them.
 */
export const BAR_SETTLE_FRAMES = 10;

/** Waits, at most {@link BAR_SETTLE_FRAMES} animation frames, for `bar` to be one row; returns the frames it took, or -1. */
export async function framesToOneRow(bar: Element) {
  for (let frame = 0; frame <= BAR_SETTLE_FRAMES; frame++) {
    if (inOneRow(bar)) return frame;
    await new Promise(requestAnimationFrame);
  }
  return -1;
}
