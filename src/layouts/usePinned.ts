import { useCallback, useMemo } from 'react';
import { getPinStore, type PinnedTile } from './pinStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

export type { PinnedTile } from './pinStore.js';

/**
 * The tile this user pinned, and the function that pins another or unpins (`null`). Shared by the tiles' pin
 * buttons, `FocusLayout` (a pinned tile is its large one) and `VideoConference` (a pin switches to the focus
 * layout). A pin ends by itself when its participant leaves or stops sharing the pinned screen.
 * Re-renders only when the pin changes.
 *
 * @example
 * ```tsx
 * const [pinned, setPinned] = usePinned();
 * <button onClick={() => setPinned(pinned ? null : { identity: 'ada', source: Track.Source.Camera })}>Pin Ada</button>
 * ```
 */
export function usePinned(options: RoomHookOptions = {}): readonly [PinnedTile | null, (tile: PinnedTile | null) => void] {
  const pins = getPinStore(useRoomStore('usePinned', options.room).room);
  const pinned = useStoreValue(pins.subscribe, pins.get);
  const set = useCallback((tile: PinnedTile | null) => pins.set(tile), [pins]);
  return useMemo(() => [pinned, set] as const, [pinned, set]);
}

/** @internal Whether this tile is the pinned one; re-renders only when that answer changes. */
export function useIsPinned(identity: string, source: PinnedTile['source'], options: RoomHookOptions = {}): boolean {
  const pins = getPinStore(useRoomStore('useIsPinned', options.room).room);
  return useStoreValue(pins.subscribe, () => {
    const p = pins.get();
    return p !== null && p.identity === identity && p.source === source;
  });
}
