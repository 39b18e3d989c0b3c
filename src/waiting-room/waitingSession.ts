/**
 * The waiting room's part of the session (sessionFeatures.ts), added by the modules an app uses the waiting room
 * through (`useWaitingRoom.ts`, so `useWaitingRoom`, `VideoConference`, `AudioConference` and `ParticipantList`'s
 * queue). A guest joins without rights (the token route's `wait: true`); a host's admit gives them live, in the same
 * connection:
 * - the guest's choices (`audio`, `video`) wait for the rights, then publish, without joining again. A session that
 *   could already take part (a listener brought on stage) gets controls from a later grant, never an open microphone;
 * - the token route's next token carries the role's grants, which the server already gave live: a renewal, not a
 *   second join.
 */
import { ConnectionState, type Room } from 'livekit-client';
import { addSessionFeature } from '../room/connection/sessionFeatures.js';
import type { Target } from '../room/connection/sessionTarget.js';
import type { LivePermissions } from '../room/state/grants.js';
import { sameValue } from '../room/sameValue.js';

/** The rights the server can change in a live session (LiveKit's `ParticipantPermission`). */
const LIVE_FIELDS = ['canPublish', 'canSubscribe', 'canPublishData'] as const;

/**
 * @internal True when `next` differs from `current` only in rights the server already gave this session live (`live`:
 * a waiting room's admit, or `UpdateParticipant`), as the token route answers once a guest was let in. An absent flag
 * is the media server's default: allowed.
 */
export function renewsLiveRights(current: Target, next: Target, live: Pick<LivePermissions, (typeof LIVE_FIELDS)[number]> | undefined): boolean {
  const { expiresAt: _ea, notBefore: _na, video: videoA, ...claimsA } = current.claims;
  const { expiresAt: _eb, notBefore: _nb, video: videoB, ...claimsB } = next.claims;
  if (!live || current.url !== next.url || !sameValue(claimsA, claimsB)) return false;
  const rest = (video: typeof videoA) => Object.fromEntries(Object.entries(video).filter(([key]) => !(LIVE_FIELDS as readonly string[]).includes(key)));
  return sameValue(rest(videoA), rest(videoB)) && LIVE_FIELDS.every((key) => (videoB[key] ?? true) === live[key]);
}

/** @internal Adds the waiting room to every session (once). */
export function addWaitingRoomToSessions(): void {
  addSessionFeature({
    name: 'waiting-room',
    renews: (current, next, room: Room) => renewsLiveRights(current, next, room.localParticipant.permissions),
    hold(room, store, publish) {
      const { grants } = store.getState();
      if (grants.canPublish || grants.canSubscribe || grants.canPublishData) return undefined;
      // Joined with no rights: what was chosen publishes when the server grants them.
      return store.subscribe(() => void (store.getState().grants !== grants && room.state === ConnectionState.Connected && publish()));
    },
  });
}
