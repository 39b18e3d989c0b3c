import type { RoomActionCallbacks, RoomActions } from '../connection/roomActions.js';
import { useRoomStore } from '../RoomContext.js';
import type { RoomHookOptions } from '../useRoom.js';

/**
 * The room actions callbacks of the current room, for your own layout: `admin` for `ParticipantList` and
 * `ParticipantAdminMenu`, `recording` for `RecordingControl`. The same object on every render.
 *
 * @example
 * ```tsx
 * const roomActions = createRoomActions({ endpoint: '/api/room-actions' });
 *
 * function Sidebar() {
 *   const { admin, recording } = useRoomActions(roomActions);
 *   return (
 *     <>
 *       <RecordingControl {...recording} />
 *       <ParticipantList {...admin} />
 *     </>
 *   );
 * }
 * ```
 */
export function useRoomActions(actions: RoomActions, options: RoomHookOptions = {}): RoomActionCallbacks {
  return actions.forRoom(useRoomStore('useRoomActions', options.room).room);
}
