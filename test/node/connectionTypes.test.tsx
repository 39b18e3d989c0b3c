// Type tests for the public connection API: `npm run typecheck` fails when they break.
import { QueryClient, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { RoomProvider, type ConnectionErrorDetails, type RoomKitError, type ValidatedConnection } from '../../src/index';
import { connectionQueryOptions, useConnection, type UseConnectionResult } from '../../src/query/index';

test('the public connection types', () => {
  const options = connectionQueryOptions({ endpoint: '/api/meeting-token', body: { room: 'standup' } });
  const client = new QueryClient();
  // The key carries the data type: the cache is typed without a cast.
  expectTypeOf(client.getQueryData(options.queryKey)).toEqualTypeOf<ValidatedConnection | undefined>();
  expectTypeOf(options.queryKey).toMatchTypeOf<readonly ['roomkit', 'connection', unknown]>();
  expectTypeOf<UseConnectionResult>().toEqualTypeOf<UseQueryResult<ValidatedConnection, RoomKitError>>();
  expectTypeOf(useConnection).returns.toEqualTypeOf<UseConnectionResult>();
  expectTypeOf<ConnectionErrorDetails['retryAfter']>().toEqualTypeOf<number | undefined>();

  // A fetch function needs a key; an endpoint does not; never both.
  // @ts-expect-error `key` is required with `fetchConnection`
  void (() => connectionQueryOptions({ fetchConnection: async () => ({}) }));
  // @ts-expect-error `endpoint` and `fetchConnection` exclude each other
  void (() => connectionQueryOptions({ endpoint: '/x', fetchConnection: async () => ({}), key: 'k' }));
  void (() => connectionQueryOptions({ fetchConnection: async ({ signal }) => fetch('/x', { signal }), key: { room: 'r' } }));

  // RoomProvider takes useConnection()'s result, a plain useQuery over the options, or a plain response.
  function App() {
    const viaHook = useConnection({ endpoint: '/api/meeting-token' });
    const viaQuery = useQuery({ ...connectionQueryOptions({ endpoint: '/api/meeting-token' }), gcTime: 0 });
    return (
      <>
        <RoomProvider connection={viaHook} />
        <RoomProvider connection={viaQuery} />
        <RoomProvider connection={viaHook.data} />
        <RoomProvider connection={{ token: 't', url: 'wss://m' }} />
      </>
    );
  }
  expectTypeOf(App).toBeFunction();
});
