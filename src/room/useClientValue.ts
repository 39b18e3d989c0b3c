import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * @internal What the browser offers, read so that hydration never mismatches: `serverValue` on the server and
 * during the first client render of server-rendered markup (the render that must reproduce the server's HTML),
 * then `read()` right after hydration; a client-only render (`createRoot`) reads the browser from its first render.
 * For facts that do not change while the page lives (feature support): `read` must return the same value each call.
 *
 * This is `useSyncExternalStore` with a server snapshot, as React Aria's `useIsSSR` and React's own docs advise:
 * an effect that sets state would flash the server value on every client-only render too.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribeNever, read, () => serverValue);
}
