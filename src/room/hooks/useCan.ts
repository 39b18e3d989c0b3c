import { canPublishSource, type GrantName } from '../state/grants.js';
import type { TrackSourceName } from '../connection/token.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';
import { useStoreValue } from '../useStoreValue.js';

/** Options of {@link useCan}. */
export interface UseCanOptions extends RoomHookOptions {
  /** With `canPublish`: may this particular source be published (checks `canPublishSources`)? */
  source?: TrackSourceName;
}

/**
 * Whether the local participant may do something, from the effective grants. `canPublish` is false for a
 * hidden observer, and with `source` it also honours `canPublishSources`.
 *
 * @example
 * ```tsx
 * const canChat = useCan('canPublishData');
 * const canShare = useCan('canPublish', { source: 'screen_share' });
 * ```
 */
export function useCan(name: GrantName, options: UseCanOptions = {}): boolean {
  const store = useRoomStore('useCan', options.room);
  const { source } = options;
  return useStoreValue(store.subscribe, () => {
    const grants = store.getState().grants;
    if (name === 'canPublish') {
      return source ? canPublishSource(grants, source) : grants.canPublish && !grants.hidden;
    }
    return grants[name];
  });
}
