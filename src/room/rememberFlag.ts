import type { Room } from 'livekit-client';
import { providedSessions } from './connection/sessionConnections.js';

/** @internal Whether RoomKit's components remember choices for `room` (RoomProvider's `rememberChoices`, default true). */
export function remembersChoices(room: Room): boolean {
  return providedSessions.get(room)?.props.rememberChoices ?? true;
}
