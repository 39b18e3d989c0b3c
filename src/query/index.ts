// `@roomkit/react/query`: fetching the connection from your backend with TanStack Query (react-query), the one
// part of RoomKit that needs it. Everything else runs without react-query installed.
export { connectionQueryOptions, connectionQueryKey } from '../room/connection/connectionQueryOptions.js';
export type {
  ConnectionQueryOptions,
  ConnectionQueryCommonOptions,
  ConnectionQueryEndpointOptions,
  ConnectionQueryFetchOptions,
  ConnectionQueryKey,
} from '../room/connection/connectionQueryOptions.js';
export { useConnection } from '../room/connection/useConnection.js';
export type { UseConnectionResult } from '../room/connection/useConnection.js';
