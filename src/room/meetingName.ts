/**
 * @internal The room each connection query asked for, by the query's `refetch` (the same function on every render),
 * registered by `useConnection` as it sees its options: RoomProvider then names the meeting as the app asked for it
 * without importing react-query.
 */
export const askedRooms = new WeakMap<object, string>();

/** @internal The room the app asked `connection` for, when it is a connection query from `useConnection`. */
export function askedRoom(connection: unknown): string | undefined {
  const refetch = (connection as { refetch?: unknown } | null | undefined)?.refetch;
  return typeof refetch === 'function' ? askedRooms.get(refetch) : undefined;
}
