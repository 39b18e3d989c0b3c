import type { Room } from 'livekit-client';
import { useContext, useMemo } from 'react';
import { getBrowserSupport, serverBrowserSupport, serverSupportOf, supportOf, type BrowserSupport, type Support } from '../browserSupport.js';
import { RoomStoreContext } from '../RoomContext.js';
import { useClientValue } from '../useClientValue.js';
import type { RoomHookOptions } from '../useRoom.js';

const inClient = () => true;

/**
 * What this browser can do ({@link BrowserSupport}), for rendering: on the server and in the render that hydrates
 * its HTML every key is `'unknown'` (so the markup is the same on both sides), then the browser's answer, read once
 * per component. A client-only render has the browser's answer from its first render. Works inside and outside
 * `<RoomProvider>`; for a room of the testing kit (`options.room`, else the provider's), its simulated browser's answer
 * where it gives one.
 *
 * @example
 * ```tsx
 * import { useBrowserSupport } from '@roomkit/react';
 *
 * function ShareHint() {
 *   const support = useBrowserSupport();
 *   if (support.screenShare !== 'no') return null;
 *   return <p>Screen sharing needs a computer: this browser cannot share a screen.</p>;
 * }
 * ```
 */
export function useBrowserSupport(options: RoomHookOptions = {}): BrowserSupport {
  const fromContext = useContext(RoomStoreContext)?.room;
  const room = options.room ?? fromContext;
  const client = useClientValue(inClient, false);
  return useMemo(() => (client ? getBrowserSupport(room) : serverBrowserSupport(room)), [client, room]);
}

/**
 * @internal One key of {@link useBrowserSupport}, asked with its own `detect` (so a component carries only the checks
 * it needs): `'unknown'` on the server and while hydrating, unless `room`'s (or the provider's) simulated browser says.
 */
export function useSupport(key: keyof BrowserSupport, detect: () => Support, room?: Room): Support {
  const fromContext = useContext(RoomStoreContext)?.room;
  const r = room ?? fromContext;
  return useClientValue(() => supportOf(key, detect, r), serverSupportOf(key, r));
}
