import { RoomKitError } from '../../room/RoomKitError.js';
import { deviceErrorCode, type DeviceErrorCode } from '../../room/toRoomKitError.js';

/** Where a device failure happened: a microphone, a camera, or a screen (share). */
export type DeviceKind = 'audioinput' | 'videoinput' | 'screen';

const DEVICE_NAMES: Record<DeviceKind, string> = { audioinput: 'microphone', videoinput: 'camera', screen: 'screen' };

/** What happened, and the fix. */
const MESSAGES: Record<DeviceErrorCode, [string, string]> = {
  'permission-denied': ['is blocked', "allow it for this site in the browser's address bar (or the system's privacy settings)"],
  'device-not-found': ['was not found', 'connect one or choose another device'],
  'device-in-use': ['could not start, probably held by another app or tab', 'close that app'],
  'device-lost': ['stopped (unplugged, switched off, or its permission revoked)', 'reconnect it or choose another device'],
  'device-error': ['could not be opened', "check the device and the browser's permission"],
};

/**
 * @internal Turns a failure to open (or keep) a device into a {@link RoomKitError} whose message names the fix;
 * `details.kind` tells which device, where known.
 */
export function toDeviceError(error: unknown, kind: DeviceKind | undefined, code: DeviceErrorCode = deviceErrorCode(error)): RoomKitError {
  if (error instanceof RoomKitError && error.code === code) return error;
  const device = kind ? DEVICE_NAMES[kind] : 'camera, microphone or screen';
  const e = (error ?? {}) as { name?: unknown; message?: unknown };
  const cause = error === undefined ? '' : ` (${String(e.name ?? 'Error')}: ${typeof e.message === 'string' ? e.message : String(error)})`;
  const [what, fix] = MESSAGES[code];
  return new RoomKitError(code, `The ${device} ${what}${cause}: ${fix}, then try again.`, { cause: error, details: { kind } });
}
