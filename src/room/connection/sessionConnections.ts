import type { Room } from 'livekit-client';
import { movedTokens } from './connectionLoop.js';
import type { ConnectionDetails } from './connectionResponse.js';
import type { ConnectionQueryState, RoomSessionOptions } from './session.js';

/**
 * @internal The latest options each `<RoomProvider>` gave its session, by Room. The connection test reads the
 * connection from them when it starts, so `PreJoin` inside `<RoomProvider connect={false}>` tests the very
 * connection it will join with, and `createRoomActions` sends the current token from them (a renewed one
 * included); the session itself knows nothing of either.
 */
export const sessionConnections = new WeakMap<Room, RoomSessionOptions>();

/**
 * @internal Each `<RoomProvider>`'s way to join again after a failed join (its session's `retry`), by Room, for the
 * prefabs' "Try again" button.
 */
export const sessionRetries = new WeakMap<Room, () => void>();

/** @internal The token and URL `options` would join with (as the session reads them), before any validation. */
export function connectionOf(options: RoomSessionOptions): ConnectionDetails | undefined {
  const given = options.connection;
  const details = given && 'status' in given ? (given as ConnectionQueryState).data : (given as ConnectionDetails | null | undefined);
  const token = details?.token ?? options.token;
  const url = details?.url ?? options.url;
  return token && url ? { token, url } : undefined;
}

/**
 * @internal The token a room action sends for `room`: while the session is in a room the server moved it to, that
 * room's token (the action is for the room the person is in now); else the latest connection `options` give.
 */
export function actionToken(room: Room, options: RoomSessionOptions | undefined): string | undefined {
  const moved = movedTokens.get(room);
  if (moved && moved.room === room.name) return moved.token;
  return options && connectionOf(options)?.token;
}
