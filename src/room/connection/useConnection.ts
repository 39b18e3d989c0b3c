import { onlineManager, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ValidatedConnection } from './connectionResponse.js';
import type { RoomKitError } from '../RoomKitError.js';
import { querySignals } from './online.js';
import { connectionQueryOptions, type ConnectionQueryOptions } from './connectionQueryOptions.js';
import { askedRooms } from '../meetingName.js';

/** What {@link useConnection} returns: react-query's result for a validated connection. */
export type UseConnectionResult = UseQueryResult<ValidatedConnection, RoomKitError>;

/** The room `options` ask for, as the app names it: the request body's `room`, or the `key`'s with `fetchConnection`. */
function roomAskedFor(options: ConnectionQueryOptions): string | undefined {
  const request = typeof options.fetchConnection === 'function' ? options.key : options.body;
  const room = typeof request === 'object' && request !== null ? (request as { room?: unknown }).room : undefined;
  return typeof room === 'string' && room.trim() !== '' ? room : undefined;
}

/**
 * Fetches a connection from your backend with your app's QueryClient (from `<QueryClientProvider>`, or the
 * one given) and keeps it fresh: `useQuery(connectionQueryOptions(options))`. Pass the result to
 * `<RoomProvider connection={…}>`, which waits while it loads, reports its errors, and uses each refreshed
 * token for the next join without disconnecting a live session.
 *
 * An inline `fetchConnection` is fine: react-query calls the latest one, and only `key` identifies the query.
 *
 * The `room` it asks for (`body.room`, or `key.room` with `fetchConnection`) is the meeting's name in RoomKit's words
 * (a waiting room's "Waiting for the host to let you in to standup."), unless RoomProvider's `meetingName` says
 * otherwise; the `room` the response carries is the media server's (the Room API's slug) and is never shown.
 *
 * @example
 * ```tsx
 * const connection = useConnection({ endpoint: '/api/meeting-token', body: { room: 'standup' } });
 * return <RoomProvider connection={connection} audio video><Meeting /></RoomProvider>;
 * ```
 */
export function useConnection(options: ConnectionQueryOptions, queryClient?: QueryClient): UseConnectionResult {
  const result = useQuery(connectionQueryOptions(options), queryClient);
  // The session re-joins after a network loss when react-query's online manager says the network is back.
  querySignals.set(result.refetch, onlineManager);
  const room = roomAskedFor(options);
  if (room === undefined) askedRooms.delete(result.refetch);
  else askedRooms.set(result.refetch, room);
  return result;
}
