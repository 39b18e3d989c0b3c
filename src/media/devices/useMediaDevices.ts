import { useCallback } from 'react';
import { getDeviceStore, type MediaDeviceKindName } from './deviceStore.js';
import { useRoomStore } from '../../room/RoomContext.js';
import type { RoomHookOptions } from '../../room/useRoom.js';
import { useStoreValue } from '../../room/useStoreValue.js';

/** What {@link useMediaDevices} returns. */
export interface MediaDevicesState {
  /** The devices of this kind; empty where the browser exposes none (or before permission). */
  devices: readonly MediaDeviceInfo[];
  /** The device the room uses now, if known. */
  activeDeviceId: string | undefined;
  /** Switches the room to a device. */
  setActiveDevice: (deviceId: string) => Promise<void>;
  /** The last enumeration failure, if any. */
  error: unknown;
  /**
   * The remembered device of this kind (`useUserChoices`) is not connected, so the default one is used. Cleared
   * when a device is chosen or the remembered one comes back.
   */
  usingFallback: boolean;
}

/** The microphones (`audioinput`), cameras (`videoinput`) or speakers (`audiooutput`), and the active one. */
export function useMediaDevices(kind: MediaDeviceKindName, options: RoomHookOptions = {}): MediaDevicesState {
  const { room } = useRoomStore('useMediaDevices', options.room);
  const devices = getDeviceStore(room);
  const subscribe = useCallback((listener: () => void) => devices.subscribe(kind, listener), [devices, kind]);
  const list = useStoreValue(subscribe, () => devices.getDevices(kind));
  const activeDeviceId = useStoreValue(subscribe, () => devices.getActiveDeviceId(kind));
  const error = useStoreValue(subscribe, () => devices.getError(kind));
  const usingFallback = useStoreValue(subscribe, () => devices.isFallback(kind));
  const setActiveDevice = useCallback((id: string) => devices.setActiveDevice(kind, id), [devices, kind]);
  return { devices: list, activeDeviceId, setActiveDevice, error, usingFallback };
}
