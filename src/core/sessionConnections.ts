import type { Room } from 'livekit-client';
import type { ConnectionDetails } from './connectionResponse.js';

/**
 * @internal The connection each session would join with now (validated; null or undefined while there is none),
 * registered by the session for its Room. The connection test reads it when it starts, so `PreJoin` inside
 * `<RoomProvider connect={false}>` tests the very connection it will join with, and the session imports nothing
 * of the test.
 */
export const sessionConnections = new WeakMap<Room, () => ConnectionDetails | null | undefined>();
