import { LocalTrackPublication, type Room } from 'livekit-client';
import { canPublishSource } from './grants.js';
import { refCounted } from '../refCounted.js';
import { getRoomStore } from './roomStore.js';
import { SOURCES, type TrackSourceName } from '../connection/token.js';

const holds = new WeakMap<Room, () => () => void>();

/**
 * @internal When the effective grants stop allowing a source (a revoked `canPublish`, a narrower
 * `canPublishSources`, becoming hidden), unpublish and stop the local tracks of that source at once.
 *
 * A feature that whoever publishes switches on (the session when it publishes, each track toggle while
 * mounted), so apps that never publish do not pay for it. Returns the release function; the room is watched
 * while anyone holds it.
 */
export function enforcePublishGrants(room: Room): () => void {
  let hold = holds.get(room);
  if (!hold) {
    hold = refCounted(() => watch(room));
    holds.set(room, hold);
  }
  return hold();
}

function watch(room: Room): () => void {
  const store = getRoomStore(room);
  let last = store.getState().grants;
  const check = () => {
    const { grants, local } = store.getState();
    if (grants === last) return;
    last = grants;
    for (const track of local.tracks) {
      if (!SOURCES.includes(track.source) || canPublishSource(grants, track.source as TrackSourceName)) continue;
      const publication = track.publication;
      if (publication instanceof LocalTrackPublication && publication.track) {
        void room.localParticipant.unpublishTrack(publication.track, true).catch(() => {
          /* the server may have unpublished it already */
        });
      }
    }
  };
  return store.subscribe(check);
}
