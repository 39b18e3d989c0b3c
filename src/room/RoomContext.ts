import type { Room } from 'livekit-client';
import { createContext, useContext } from 'react';
import { RoomKitError } from './RoomKitError.js';
import { getRoomStore, type RoomStore } from './state/roomStore.js';

/** @internal The provider's room store. */
export const RoomStoreContext = createContext<RoomStore | null>(null);

/** @internal The store of an explicit room, else of the nearest `<RoomProvider>`; throws outside one. */
export function useRoomStore(hookName: string, room?: Room): RoomStore {
  const fromContext = useContext(RoomStoreContext);
  if (room) return getRoomStore(room);
  if (!fromContext) {
    throw new RoomKitError(
      'missing-provider',
      `\`${hookName}\` must be used within <RoomProvider>, or be given a room: ${hookName}(…, { room }).`,
    );
  }
  return fromContext;
}

/** @internal The meeting's name as the app names it (RoomProvider's `meetingName`, else the room its connection asked for). */
export const MeetingNameContext = createContext<string | undefined>(undefined);

/** @internal The meeting's name as the app names it, if it names it (see {@link MeetingNameContext}). */
export function useMeetingName(): string | undefined {
  return useContext(MeetingNameContext);
}
