import type { Room } from 'livekit-client';
import { useRoomStore } from './RoomContext.js';

/** Options every RoomKit hook accepts. */
export interface RoomHookOptions {
  /** Read this room instead of the nearest `<RoomProvider>`'s. */
  room?: Room | undefined;
}

/** The livekit-client Room of the nearest `<RoomProvider>` (or `options.room`). Never re-renders. */
export function useRoom(options: RoomHookOptions = {}): Room {
  return useRoomStore('useRoom', options.room).room;
}
