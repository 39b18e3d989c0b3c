import type { Room } from 'livekit-client';
import { createContext, useContext, useEffect, useLayoutEffect } from 'react';
import { RoomKitError } from './RoomKitError.js';
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

/** @internal The meeting's name as the app names it (RoomProvider's `meetingName`, else the room its connection asked for). */
export const MeetingNameContext = createContext<string | undefined>(undefined);

/** @internal The meeting's name as the app names it, if it names it (see {@link MeetingNameContext}). */
export function useMeetingName(): string | undefined {
  return useContext(MeetingNameContext);
}
