import { Track } from 'livekit-client';
import { useRoomStore } from '../room/RoomContext.js';
import { shallowArrayEqual, useStoreValue } from '../room/useStoreValue.js';

/** One tile of a layout: a participant's camera or screen share. */
export interface TileDescriptor {
  identity: string;
  source: Track.Source.Camera | Track.Source.ScreenShare;
}

const SEP = '\u0000';

/**
 * @internal The tiles of the visible participants (local first, unless a hidden observer or not known yet): one camera tile
 * each, plus one per screen share. Stable while nobody joins, leaves or starts or stops sharing, so layouts
 * do not re-render when someone speaks or mutes.
 */
export function useTileKeys(): readonly string[] {
  const store = useRoomStore('useTileKeys');
  return useStoreValue(
    store.subscribe,
    () => {
      const { local } = store.getState();
      // No tile for a local participant without an identity: that is a room not joined, not a person.
      const people = local.hidden || !local.identity ? store.getRemoteParticipants() : [local, ...store.getRemoteParticipants()];
      const keys: string[] = [];
      const shares: string[] = [];
      for (const p of people) {
        keys.push(p.identity + SEP + Track.Source.Camera);
        if (p.tracks.some((t) => t.source === Track.Source.ScreenShare)) shares.push(p.identity + SEP + Track.Source.ScreenShare);
      }
      return shares.length ? [...shares, ...keys] : keys;
    },
    shallowArrayEqual,
  );
}

/** @internal */
export function parseTileKey(key: string): TileDescriptor {
  const [identity, source] = key.split(SEP) as [string, TileDescriptor['source']];
  return { identity, source };
}

/** @internal Columns that give the largest tiles of `aspect` for `count` tiles in `width` × `height`. */
export function bestColumns(count: number, width: number, height: number, aspect: number): number {
  let best = 1;
  let bestWidth = 0;
  for (let cols = 1; cols <= Math.max(1, count); cols++) {
    const rows = Math.ceil(count / cols);
    const tileWidth = Math.min(width / cols, (height / rows) * aspect);
    if (tileWidth > bestWidth + 0.5) {
      best = cols;
      bestWidth = tileWidth;
    }
  }
  return best;
}

/** @internal How many tiles fit on one page without any tile falling below the minimum size. */
export function pageSize(width: number, height: number, minWidth: number, minHeight: number, max: number): number {
  const cols = Math.max(1, Math.floor(width / minWidth));
  const rows = Math.max(1, Math.floor(height / minHeight));
  return Math.max(1, Math.min(max, cols * rows));
}
