import { useCallback, useRef, useState } from 'react';

/**
 * @internal Controlled when `value` is defined, else uncontrolled from `defaultValue`; `onChange` is called
 * either way and may be an inline function.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((next: T) => void) | undefined,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const currentRef = useRef(current);
  currentRef.current = current;
  const set = useCallback(
    (next: T) => {
      if (Object.is(next, currentRef.current)) return;
      if (!controlled) setOwn(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [current, set];
}
