/** Whether the network is up: what a session waits for before re-joining after a network loss. */

/** Tells a session whether the network is up, and when that changes. react-query's `onlineManager` is one. */
export interface OnlineSignal {
  isOnline(): boolean;
  /** Calls `listener` when the network comes or goes; returns the function that stops listening. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/**
 * The online signal of a connection query, registered by the hook that made it (`useConnection` registers
 * react-query's `onlineManager` under its `refetch`), so that the session needs no import of react-query.
 * @internal
 */
export const querySignals = new WeakMap<object, OnlineSignal>();

/** The browser's own signal: `navigator.onLine` and the `online`/`offline` events; always online elsewhere. */
export const browserOnline: OnlineSignal = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => {};
    const changed = (event: Event) => listener(event.type === 'online');
    window.addEventListener('online', changed);
    window.addEventListener('offline', changed);
    return () => {
      window.removeEventListener('online', changed);
      window.removeEventListener('offline', changed);
    };
  },
};

