import { Track } from 'livekit-client';
import { useMemo } from 'react';
import { listedIdentities } from '../people/index.js';
import { hasLiveVideo, tileTrack } from './pictureInPictureStore.js';
import { type PinnedTile, usePinned, useSpeakerOrder } from '../layouts/index.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/** Options of {@link usePictureInPictureTarget}. */
export interface UsePictureInPictureTargetOptions extends RoomHookOptions {
  /** Only a tile whose video plays now will do (the video fallback shows nothing else). */
  requireVideo?: boolean;
}

/**
 * @internal The tile picture-in-picture shows: the pinned tile, else the speaker view's main speaker (the last
 * to speak for a while, a remote one while any), else the first remote participant with video, else the local
 * participant (never a hidden one). With `requireVideo`, the first of these whose video plays.
 * Re-renders only when the answer changes.
 */
export function usePictureInPictureTarget(options: UsePictureInPictureTargetOptions = {}): PinnedTile | null {
  const store = useRoomStore('usePictureInPictureTarget', options.room);
  const [pinned] = usePinned(options);
  const { main } = useSpeakerOrder({ stripSize: 1, ...(options.room ? { room: options.room } : {}) });
  const requireVideo = !!options.requireVideo;
  const key = useStoreValue(store.subscribe, () => {
    const hasVideo = (identity: string, source: PinnedTile['source']) => hasLiveVideo(tileTrack(store, { identity, source }));
    const ok = (identity: string, source: PinnedTile['source']) => !requireVideo || hasVideo(identity, source);
    if (pinned && ok(pinned.identity, pinned.source)) return `${pinned.source}:${pinned.identity}`;
    if (main !== null && ok(main, Track.Source.Camera)) return `${Track.Source.Camera}:${main}`;
    const listed = listedIdentities(store);
    const local = store.getState().local.identity;
    const remote = listed.find((id) => id !== local && hasVideo(id, Track.Source.Camera));
    if (remote !== undefined) return `${Track.Source.Camera}:${remote}`;
    if (listed.includes(local) && ok(local, Track.Source.Camera)) return `${Track.Source.Camera}:${local}`;
    return null;
  });
  return useMemo(() => {
    if (key === null) return null;
    const at = key.indexOf(':');
    return { source: key.slice(0, at) as PinnedTile['source'], identity: key.slice(at + 1) };
  }, [key]);
}
