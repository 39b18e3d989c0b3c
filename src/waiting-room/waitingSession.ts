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
import { sessionHooks } from '../room/connection/sessionFeatures.js';
import { sameSession, type Target } from '../room/connection/sessionTarget.js';
import type { LivePermissions } from '../room/state/grants.js';

/** The rights the server can change in a live session (LiveKit's `ParticipantPermission`). */
const LIVE_FIELDS = ['canPublish', 'canSubscribe', 'canPublishData'] as const;
type LiveRights = Pick<LivePermissions, (typeof LIVE_FIELDS)[number]>;

/** `target` without the rights the server can change live. */
const withoutLiveRights = ({ claims, ...target }: Target): Target => ({
  ...target,
  claims: { ...claims, video: { ...claims.video, canPublish: undefined, canSubscribe: undefined, canPublishData: undefined } },
});

/**
 * @internal True when `next` differs from `current` only in rights the server already gave this session live (`live`:
 * a waiting room's admit, or `UpdateParticipant`), as the token route answers once a guest was let in. An absent flag
 * is the media server's default: allowed.
 */
export function renewsLiveRights(current: Target, next: Target, live: LiveRights | undefined): boolean {
  return (
    live !== undefined &&
    LIVE_FIELDS.every((key) => (next.claims.video[key] ?? true) === live[key]) &&
    sameSession(withoutLiveRights(current), withoutLiveRights(next))
  );
}

/** @internal Adds the waiting room to every session (once). */
export function addWaitingRoomToSessions(): void {
  sessionHooks.renews = (current, next, room: Room) => renewsLiveRights(current, next, room.localParticipant.permissions);
  sessionHooks.hold = (room, store, publish) => {
    const { grants } = store.getState();
    if (grants.canPublish || grants.canSubscribe || grants.canPublishData) return undefined;
    // Joined with no rights: what was chosen publishes when the server grants them.
    return store.subscribe(() => void (store.getState().grants !== grants && room.state === ConnectionState.Connected && publish()));
  };
}
