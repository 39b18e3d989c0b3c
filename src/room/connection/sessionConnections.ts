import type { Room } from 'livekit-client';
import { movedTokens } from './connectionLoop.js';
import type { ConnectionDetails } from './connectionResponse.js';
import type { ConnectionQueryState, RoomSession, RoomSessionOptions } from './session.js';

/** @internal What a `<RoomProvider>` shares of its session (see {@link providedSessions}). */
export interface ProvidedSession {
  /** Its session: `retry` is the prefabs' "Try again" after a failed join. */
  readonly session: RoomSession;
  /** Its latest props: the session's options, and `rememberChoices`. */
  props: RoomSessionOptions & { rememberChoices?: boolean | undefined };
}

/**
 * @internal What each `<RoomProvider>` shares of its session, by Room, from its first render: the connection test
 * reads the connection from its props when it starts, so `PreJoin` inside `<RoomProvider connect={false}>` tests the
 * very connection it will join with; `createRoomActions` sends the current token from them (a renewed one
 * included); the device choices read `rememberChoices`; the prefabs' "Try again" calls the session's `retry`. The
 * session itself knows nothing of any of them.
 */
export const providedSessions = new WeakMap<Room, ProvidedSession>();

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
