import { useCallback } from 'react';
import { facingOf, type CameraFacing } from './facing.js';
import type { RoomHookOptions } from '../../room/useRoom.js';
import { useMediaDevices } from './useMediaDevices.js';

/** What {@link useCameraFlip} returns. */
export interface CameraFlipState {
  /** The device has both a front and a back camera. */
  canFlip: boolean;
  /** Which way the camera in use faces, when the device says. */
  facing: CameraFacing | undefined;
  /** Switches to the camera facing the other way (the back one when it is not known which way this one faces). */
  flip: () => Promise<void>;
}

/**
 * Front and back cameras, as on a phone: whether both exist, which one is in use, and a flip between them. It
 * switches the room's camera device (the published camera, or the preview before joining), so the device selects
 * follow.
 */
export function useCameraFlip(options: RoomHookOptions = {}): CameraFlipState {
  const { devices, activeDeviceId, setActiveDevice } = useMediaDevices('videoinput', options);
  const front = devices.find((d) => facingOf(d) === 'user');
  const back = devices.find((d) => facingOf(d) === 'environment');
  const active = devices.find((d) => d.deviceId === activeDeviceId) ?? devices[0];
  const facing = active && facingOf(active);
  const target = facing === 'environment' ? front : back;
  const targetId = target?.deviceId;
  const flip = useCallback(() => (targetId ? setActiveDevice(targetId) : Promise.resolve()), [targetId, setActiveDevice]);
  return { canFlip: !!front && !!back, facing, flip };
}
