import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import {
  connectionRetryDelay,
  requestConnection,
  retryConnection,
  type ConnectionEndpoint,
  type FetchConnection,
} from './connectionRequest.js';
import { connectionRefreshDelay, DEFAULT_REFRESH_MARGIN_MS, type ValidatedConnection } from './connectionResponse.js';
import { RoomKitError } from '../RoomKitError.js';

/** Options shared by both ways of getting a connection. */
export interface ConnectionQueryCommonOptions {
  /**
   * Refetch this long (milliseconds) before `expiresAt`; default 60 000. Short-lived tokens use at most 20 % of
   * their lifetime, so a 60 s token is refreshed after 48 s.
   */
  refreshMargin?: number;
  /** Tolerated difference between the response's `expiresAt` and the token's `exp`, in ms; default 60 000. */
  maxExpirySkew?: number;
  /** react-query's `enabled`: false waits (for example until your user has signed in). */
  enabled?: boolean;
  /** react-query's `retry`. Default {@link retryConnection}: 429, 5xx and network failures, 3 times. */
  retry?: UseQueryOptions<ValidatedConnection, RoomKitError>['retry'];
  /** react-query's `retryDelay`. Default {@link connectionRetryDelay}: backoff with jitter, honouring `Retry-After`. */
  retryDelay?: UseQueryOptions<ValidatedConnection, RoomKitError>['retryDelay'];
}

/** Get the connection from an endpoint of your own backend. */
export interface ConnectionQueryEndpointOptions extends ConnectionQueryCommonOptions, ConnectionEndpoint {
  /**
   * What identifies this connection in the query cache (the key's third part). Default
   * `{ endpoint, method, body }`; headers and credentials are not part of it.
   */
  key?: unknown;
  fetchConnection?: never;
}

/** Get the connection with your own function. */
export interface ConnectionQueryFetchOptions extends ConnectionQueryCommonOptions {
  /** Returns the `fetch` Response of your backend, or its parsed body. */
  fetchConnection: FetchConnection;
  /**
   * What identifies this connection in the query cache (the key's third part), for example
   * `{ room: 'standup', identity: user.id }`. Required: a function has no identity react-query could hash.
   */
  key: unknown;
  endpoint?: never;
}

/** The options of {@link connectionQueryOptions} and {@link useConnection}: an `endpoint` or a `fetchConnection`. */
export type ConnectionQueryOptions = ConnectionQueryEndpointOptions | ConnectionQueryFetchOptions;

/** The key of every RoomKit connection query: `['roomkit', 'connection', keyParts]`. */
export type ConnectionQueryKey = readonly ['roomkit', 'connection', unknown];

/**
 * The query key of a connection: `['roomkit', 'connection', keyParts]`. Without an argument, the prefix
 * `['roomkit', 'connection']` that matches every connection query, for `invalidateQueries` or `removeQueries`.
 */
export function connectionQueryKey(): readonly ['roomkit', 'connection'];
export function connectionQueryKey(keyParts: unknown): ConnectionQueryKey;
export function connectionQueryKey(...args: [] | [unknown]): readonly unknown[] {
  return args.length === 0 ? (['roomkit', 'connection'] as const) : (['roomkit', 'connection', args[0]] as const);
}

/**
 * react-query options for a connection `{ token, url, room, identity, expiresAt }` from your own backend,
 * validated against the Room API contract. Pass them to `useQuery`, `prefetchQuery`, `fetchQuery` or
 * `ensureQueryData` of your app's QueryClient; {@link useConnection} is `useQuery` on top.
 *
 * - Key: `['roomkit', 'connection', key ?? { endpoint, method, body }]` (see {@link connectionQueryKey}).
 * - Errors are {@link RoomKitError}s: `bad-request` (400), `unauthorized` (401/403), `room-not-found` (404),
 *   `rate-limited` (429, retried with backoff and `Retry-After`), `unreachable` (5xx or network, retried 3
 *   times), `invalid-connection-response`, `api-key-in-browser`. The error body is `details.body`.
 * - Refresh: `staleTime` and `refetchInterval` are computed from the data, so a fresh connection is fetched in the
 *   background `refreshMargin` before `expiresAt`. Focus, visibility and online state are react-query's own.
 * - Any other react-query option may be spread over the result: `useQuery({ ...connectionQueryOptions(o), gcTime: 0 })`.
 *
 * If you persist your query cache, leave out `['roomkit', 'connection']`: tokens do not belong in storage.
 *
 * @example
 * ```ts
 * const options = connectionQueryOptions({ endpoint: '/api/meeting-token', body: { room: 'standup' } });
 * await queryClient.prefetchQuery(options);           // e.g. on hover of the "Join" button
 * queryClient.invalidateQueries({ queryKey: connectionQueryKey() }); // fetch fresh connections now
 * ```
 *
 * @throws {RoomKitError} `missing-connection` when neither `endpoint` nor `fetchConnection` (with `key`) is given.
 */
export function connectionQueryOptions(options: ConnectionQueryOptions) {
  const { refreshMargin = DEFAULT_REFRESH_MARGIN_MS, maxExpirySkew, enabled } = options;
  let keyParts: unknown;
  let source: ConnectionEndpoint | { fetchConnection: FetchConnection };
  if (typeof options.fetchConnection === 'function') {
    if (options.key === undefined) {
      throw new RoomKitError(
        'missing-connection',
        'connectionQueryOptions({ fetchConnection }) needs a `key` naming the connection, e.g. { room, identity }, so that different connections are cached apart.',
      );
    }
    keyParts = options.key;
    source = { fetchConnection: options.fetchConnection };
  } else if (options.endpoint !== undefined && options.endpoint !== '') {
    const { endpoint, method, body, headers, credentials } = options;
    keyParts = options.key ?? { endpoint: String(endpoint), method: (method ?? 'POST').toUpperCase(), body };
    source = { endpoint, method, body, headers, credentials };
  } else {
    throw new RoomKitError(
      'missing-connection',
      "connectionQueryOptions needs the `endpoint` of your backend's token route (e.g. '/api/meeting-token') or a `fetchConnection` function.",
    );
  }

  const refreshDelay = (data: ValidatedConnection | undefined, receivedAt: number) =>
    data === undefined ? undefined : connectionRefreshDelay(data, receivedAt, refreshMargin);

  return queryOptions<ValidatedConnection, RoomKitError, ValidatedConnection, ConnectionQueryKey>({
    queryKey: connectionQueryKey(keyParts),
    queryFn: ({ signal }) => requestConnection(source, signal, maxExpirySkew === undefined ? {} : { maxExpirySkew }),
    retry: options.retry ?? retryConnection,
    retryDelay: options.retryDelay ?? connectionRetryDelay,
    // Fresh until the refresh deadline: a remount, a refocus or reconnecting to the network refetches only then.
    staleTime: (query) => refreshDelay(query.state.data, query.state.dataUpdatedAt) ?? 0,
    refetchInterval: (query) => refreshDelay(query.state.data, query.state.dataUpdatedAt) ?? false,
    ...(enabled !== undefined && { enabled }),
  });
}
