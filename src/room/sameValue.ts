/**
 * @internal Structural equality of plain data (objects, arrays, primitives), as token claims and participant
 * attributes are: same keys, same values, at every depth.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * @internal `prev` when each field of `next` holds the very same value (`===`) there, else `next`: a snapshot keeps
 * its identity while nothing in it changed.
 */
export function keep<T extends object>(prev: T | undefined, next: T): T {
  return prev && (Object.keys(next) as (keyof T)[]).every((key) => next[key] === prev[key]) ? prev : next;
}
