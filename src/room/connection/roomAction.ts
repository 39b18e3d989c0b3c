/**
 * The room actions route's wire format, shared by its two ends: the browser's `createRoomActions` posts one of these
 * bodies, and `createRoomActionsHandler` (`@roomkit/react/server`) performs it. Types only, and the grant each
 * action needs; the server validates a body (`src/server/roomActionBody.ts`).
 */

/**
 * One room action, the JSON body of a `POST` to your room actions route. The room is never part of it: the route
 * acts in the caller's own room (the room of the connection token it sends, or the room your `authorize` returns).
 *
 * - `mute`: mutes `identity`'s track `trackSid`, or their microphone when no `trackSid` is given.
 * - `remove`: removes `identity` from the room.
 * - `update-permissions`: allows (`true`) or revokes (`false`) publishing for `identity`; their other permissions stay.
 * - `lower-hand`: asks `identity`'s client to lower its raised hand.
 * - `spotlight`: puts `identity` in the room's spotlight for everyone (`on: true`) or takes them out (`on: false`):
 *   the `roomkit.spotlight` participant attribute (`SPOTLIGHT_ATTRIBUTE`).
 * - `admit`: lets `identity` in from the waiting room, with the rights of their role (the token route recorded them).
 * - `admit-all`: lets everyone waiting in.
 * - `deny`: turns `identity` away from the waiting room (they are told, and disconnected; a new knock waits again).
 * - `start-recording`: starts recording the room (a room composite egress) in `layout`, or the route's default.
 * - `stop-recording`: stops every recording of the room.
 * - `set-recording-layout`: switches the room's running recording to `layout`.
 */
export type RoomAction =
  | { type: 'mute'; identity: string; trackSid?: string }
  | { type: 'remove'; identity: string }
  | { type: 'update-permissions'; identity: string; permissions: { canPublish: boolean } }
  | { type: 'lower-hand'; identity: string }
  | { type: 'spotlight'; identity: string; on: boolean }
  | { type: 'admit'; identity: string }
  | { type: 'admit-all' }
  | { type: 'deny'; identity: string }
  | { type: 'start-recording'; layout?: string }
  | { type: 'stop-recording' }
  | { type: 'set-recording-layout'; layout: string };

/** The `type` of a {@link RoomAction}. */
export type RoomActionType = RoomAction['type'];

/** Every action, by the grant it needs. */
const RECORDING: ReadonlySet<RoomActionType> = new Set(['start-recording', 'stop-recording', 'set-recording-layout']);

/**
 * The grant of the caller's connection token an action needs: `roomRecord` for the recording actions, `roomAdmin`
 * for the others.
 */
export function grantFor(type: RoomActionType): 'roomAdmin' | 'roomRecord' {
  return RECORDING.has(type) ? 'roomRecord' : 'roomAdmin';
}

/** The answer of the room actions route to a performed action (HTTP 200). */
export interface RoomActionResult {
  /** The action performed. */
  type: RoomActionType;
  /** `mute`: the track that was muted. */
  trackSid?: string;
  /** The recording actions: the egresses started, stopped or switched (LiveKit egress ids, `EG_…`). */
  egressIds?: string[];
  /** `admit` and `admit-all`: who was let in (empty when nobody waited). */
  admitted?: string[];
}
