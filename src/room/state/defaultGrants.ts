// No livekit-client import here: the server entry exports these, and must run without it.
import type { TrackSourceName } from '../connection/token.js';

/**
 * What the local participant may do in the room, as RoomKit enforces it in the UI.
 *
 * Computed once by the room store from the token's video grant, then overridden by the server's live
 * participant permissions for the fields those carry. Read it with `useGrants()` or `useCan()`.
 */
export interface Grants {
  /** May publish media (camera, microphone, screen). */
  readonly canPublish: boolean;
  /** May receive other participants' media. */
  readonly canSubscribe: boolean;
  /** May send data messages and chat. */
  readonly canPublishData: boolean;
  /** The sources publishing is limited to; `undefined` means every source. */
  readonly canPublishSources: readonly TrackSourceName[] | undefined;
  /** Joins as an invisible observer. */
  readonly hidden: boolean;
  /** May administer the room (mute or remove participants, change permissions). From the token only. */
  readonly roomAdmin: boolean;
  /** May start and stop recording. From the token only. */
  readonly roomRecord: boolean;
}

/** A boolean grant name, for `useCan()`. */
export type GrantName = 'canPublish' | 'canSubscribe' | 'canPublishData' | 'hidden' | 'roomAdmin' | 'roomRecord';

/**
 * Grants before anything is known: the media server's defaults (publish, subscribe and data allowed;
 * hidden, admin and record not).
 */
export const DEFAULT_GRANTS: Grants = Object.freeze({
  canPublish: true,
  canSubscribe: true,
  canPublishData: true,
  canPublishSources: undefined,
  hidden: false,
  roomAdmin: false,
  roomRecord: false,
});
