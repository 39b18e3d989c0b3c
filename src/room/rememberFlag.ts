import type { Room } from 'livekit-client';

const remembering = new WeakMap<Room, boolean>();

/** @internal Whether RoomKit's components remember choices for `room` (RoomProvider's `rememberChoices`, default true). */
export function remembersChoices(room: Room): boolean {
  return remembering.get(room) ?? true;
}

/** @internal */
export function setRemembersChoices(room: Room, remember: boolean): void {
  remembering.set(room, remember);
}
