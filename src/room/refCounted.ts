/**
 * @internal One resource shared by holders: `start` runs when the first holder arrives, and the stop function it
 * returns when the last one leaves. Each hold returns its own release, which acts once however often it is called
 * (React StrictMode and unmount paths may call it twice).
 */
export function refCounted(start: () => () => void): () => () => void {
  let count = 0;
  let stop: (() => void) | undefined;
  return () => {
    if (count++ === 0) stop = start();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--count === 0) {
        const stopping = stop;
        stop = undefined;
        stopping?.();
      }
    };
  };
}

/**
 * @internal Adds `listener` to `listeners` and holds `hold` (a {@link refCounted} resource) while it is there;
 * returns the function that removes it and releases the hold.
 */
export function listenWhileHeld<T>(listeners: Set<T>, listener: T, hold: () => () => void): () => void {
  listeners.add(listener);
  const release = hold();
  return () => {
    listeners.delete(listener);
    release();
  };
}
