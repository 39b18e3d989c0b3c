import type { Room } from 'livekit-client';
import { createContext, useContext, useEffect, useLayoutEffect } from 'react';
import { RoomKitError } from './RoomKitError.js';
import { providedSessions } from './connection/sessionConnections.js';
import { askedRoom } from './meetingName.js';
import { getRoomStore, type RoomStore } from './state/roomStore.js';

/**
 * @internal A layout effect in the browser, a plain effect on the server (where layout effects warn). Here, with the
 * provider's contexts, as `RoomProvider` uses it.
 */
export const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

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

/**
 * @internal The provider's label overrides, a `Partial<RoomKitLabels>` (only those: apps that render no RoomKit
 * component do not pull in the defaults, which `useLabels` in ui/labels.ts merges). Here, beside the provider's
 * other contexts, so that `RoomProvider` imports nothing of the labels module (which imports this one).
 */
export const LabelsContext = createContext<object | undefined>(undefined);

/** @internal RoomProvider's `meetingName`, when it gives one (see {@link useMeetingName}). */
export const MeetingNameContext = createContext<string | undefined>(undefined);

/**
 * @internal The meeting's name as the app names it, if it names it: RoomProvider's `meetingName`, else the room the
 * connection query of `room`'s provider asked for (`useConnection`'s `body.room` or `key.room`). The default is
 * looked up here, by the waiting room's words that show it, so a provider carries none of it.
 */
export function useMeetingName(room: Room): string | undefined {
  return useContext(MeetingNameContext) ?? askedRoom(providedSessions.get(room)?.props.connection);
}
