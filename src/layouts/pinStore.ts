import { Track, type Room } from 'livekit-client';
import { getRoomStore } from '../room/state/roomStore.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';

/** A tile someone pinned: a participant's camera or screen share. */
export interface PinnedTile {
  readonly identity: string;
  readonly source: Track.Source.Camera | Track.Source.ScreenShare;
}

/**
 * @internal Which tile this session's user pinned, shared by the tiles' pin buttons, the layouts and `usePinned()`.
 * Per room, like the room store. A pin ends when its participant leaves or stops sharing the pinned screen.
 */
export interface PinStore {
  subscribe(listener: () => void): () => void;
  get(): PinnedTile | null;
  set(tile: PinnedTile | null): void;
}

const stores = new WeakMap<Room, PinStore>();

/** @internal */
export function getPinStore(room: Room): PinStore {
  let store = stores.get(room);
  if (store) return store;
  const roomStore = getRoomStore(room);
  const listeners = new Set<() => void>();
  let pinned: PinnedTile | null = null;

  const notify = () => listeners.forEach((l) => l());
  /** The pinned tile is still there: its participant is visible and, for a screen share, still sharing. */
  const present = (tile: PinnedTile) => {
    const p = roomStore.getParticipant(tile.identity);
    if (!p || p.hidden) return false;
    return tile.source === Track.Source.Camera || p.tracks.some((t) => t.source === tile.source);
  };
  const check = () => {
    if (pinned && !present(pinned)) {
      pinned = null;
      notify();
    }
  };

  // While anyone listens, a pin ends by itself when its tile goes away.
  const watch = refCounted(() => {
    const stop = roomStore.subscribe(check);
    check();
    return stop;
  });

  store = {
    subscribe: (listener) => listenWhileHeld(listeners, listener, watch),
    get: () => pinned,
    set(tile) {
      const next = tile && present(tile) ? { identity: tile.identity, source: tile.source } : null;
      if (next?.identity === pinned?.identity && next?.source === pinned?.source) return;
      pinned = next;
      notify();
    },
  };
  stores.set(room, store);
  return store;
}
