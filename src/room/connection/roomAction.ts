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
 * - `open-breakouts`: creates the breakout `rooms` (through the Room API, one slug each) and moves each person named
 *   there into theirs, with their camera and microphone (LiveKit's MoveParticipant where the server has it, else their
 *   client joins the new room afresh). Needs the route's `breakouts` store and `roomApiUrl`.
 * - `move`: moves `identity` into the breakout room `room` (a slug of the open ones), or back to the main room (`null`).
 *   A host visits a room by moving themselves.
 * - `broadcast`: sends `message` to the main room and every breakout room (the `roomkit.breakout` data topic).
 * - `close-breakouts`: everyone returns to the main room after `countdownSeconds` (0 to 600; each room shows the countdown).
 * - `list-breakouts`: the open breakout rooms and who is assigned where (`breakouts` of the result).
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
  | { type: 'set-recording-layout'; layout: string }
  | { type: 'open-breakouts'; rooms: readonly BreakoutRoomRequest[] }
  | { type: 'move'; identity: string; room: string | null }
  | { type: 'broadcast'; message: string }
  | { type: 'close-breakouts'; countdownSeconds: number }
  | { type: 'list-breakouts' };

/** One breakout room `open-breakouts` creates: its name, and who goes there (identities in the main room). */
export interface BreakoutRoomRequest {
  name: string;
  identities: readonly string[];
}

/** The breakout rooms of a main room, as the route answers them: each room's slug, name and who is assigned there. */
export interface BreakoutsInfo {
  /** The main room's slug. */
  mainRoom: string;
  rooms: { slug: string; name: string; identities: string[] }[];
  /** When everyone returns to the main room (epoch milliseconds, the server's clock), once `close-breakouts` ran. */
  closesAt?: number;
}

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
  /** The breakout actions: the breakout rooms after the action (`null` when none are open). */
  breakouts?: BreakoutsInfo | null;
  /** `open-breakouts` and `move`: who the server moved at once (LiveKit's MoveParticipant). */
  moved?: string[];
  /** `open-breakouts` and `move`: who was asked to join their room afresh (a server without MoveParticipant, or an older client). */
  asked?: string[];
}
