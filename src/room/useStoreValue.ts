import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * @internal Subscribes to a store and returns `select()`; re-renders only when the selected value changes
 * (by `isEqual`, default `Object.is`). Equal values keep the previous reference.
 */
export function useStoreValue<T>(
  subscribe: (listener: () => void) => () => void,
  select: () => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ value: T } | null>(null);
  const selectRef = useRef(select);
  selectRef.current = select;
  const isEqualRef = useRef(isEqual);
  isEqualRef.current = isEqual;
  const getSnapshot = useCallback(() => {
    const next = selectRef.current();
    const prev = last.current;
    if (prev && isEqualRef.current(prev.value, next)) return prev.value;
    last.current = { value: next };
    return next;
  }, []);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** @internal Element-wise identity equality for arrays (the store's own `sameItems`). */
export { sameItems as shallowArrayEqual } from './state/participantState.js';
