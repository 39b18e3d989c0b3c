import { onlineManager, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ValidatedConnection } from './connectionResponse.js';
import type { RoomKitError } from '../RoomKitError.js';
import { querySignals } from './online.js';
import { connectionQueryOptions, type ConnectionQueryOptions } from './connectionQueryOptions.js';

/** What {@link useConnection} returns: react-query's result for a validated connection. */
export type UseConnectionResult = UseQueryResult<ValidatedConnection, RoomKitError>;

/**
 * Fetches a connection from your backend with your app's QueryClient (from `<QueryClientProvider>`, or the
 * one given) and keeps it fresh: `useQuery(connectionQueryOptions(options))`. Pass the result to
 * `<RoomProvider connection={…}>`, which waits while it loads, reports its errors, and uses each refreshed
 * token for the next join without disconnecting a live session.
 *
 * An inline `fetchConnection` is fine: react-query calls the latest one, and only `key` identifies the query.
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
  return result;
}
