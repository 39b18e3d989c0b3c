import type { Room } from 'livekit-client';

/**
 * @internal The connection token each session holds for its Room: the latest one its connection gave (a renewed
 * token replaces it without a reconnect). The session writes it; `createRoomActions` reads it, so every room action
 * carries the session's current token and the session never imports the actions client.
 */
export const sessionTokens = new WeakMap<Room, string>();
