import { ConnectionError } from 'livekit-client';
import { RoomKitError } from './RoomKitError.js';

const CONNECTION_ERROR_REASON = {
  NotAllowed: 0,
  ServerUnreachable: 1,
  InternalError: 2,
  Cancelled: 3,
  LeaveRequest: 4,
  Timeout: 5,
  WebSocket: 6,
  ServiceNotFound: 7,
} as const;

/**
 * Turns anything thrown while connecting (livekit-client's `ConnectionError` included) into a
 * {@link RoomKitError} whose code says what to do about it.
 */
export function toRoomKitError(error: unknown): RoomKitError {
  if (error instanceof RoomKitError) return error;
  const e = (error ?? {}) as { name?: unknown; reason?: unknown; status?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  // Older livekit-client versions leave ConnectionError's name as "Error": recognise it by class too.
  if (e.name === 'ConnectionError' || error instanceof ConnectionError) {
    const status = typeof e.status === 'number' ? e.status : undefined;
    if (e.reason === CONNECTION_ERROR_REASON.NotAllowed || status === 401 || status === 403) {
      return new RoomKitError(
        'unauthorized',
        `The media server refused the connection token${status ? ` (HTTP ${status})` : ''}: ${message}. ` +
          'Check that your backend issues the token for this room and that it has not expired.',
        { cause: error, details: { status } },
      );
    }
    if (
      e.reason === CONNECTION_ERROR_REASON.ServerUnreachable ||
      e.reason === CONNECTION_ERROR_REASON.Timeout ||
      e.reason === CONNECTION_ERROR_REASON.WebSocket ||
      e.reason === CONNECTION_ERROR_REASON.ServiceNotFound
    ) {
      return new RoomKitError(
        'unreachable',
        `The media server could not be reached: ${message}. Check the \`url\` of the connection and your network.`,
        { cause: error, details: { status } },
      );
    }
    if (e.reason === CONNECTION_ERROR_REASON.LeaveRequest) {
      return new RoomKitError('disconnected', `The media server ended the session while joining: ${message}.`, {
        cause: error,
      });
    }
  }
  if (typeof e.name === 'string' && DEVICE_ERROR_NAMES.has(e.name)) return toDeviceError(error, undefined);
  return new RoomKitError('connect-failed', `Connecting to the room failed: ${message}.`, { cause: error });
}

/** Where a device failure happened: a microphone, a camera, or a screen (share). */
export type DeviceKind = 'audioinput' | 'videoinput' | 'screen';

/** The codes a device failure can have. */
export type DeviceErrorCode = 'permission-denied' | 'device-not-found' | 'device-in-use' | 'device-lost' | 'device-error';

/** Names only getUserMedia-style failures carry (not AbortError or SecurityError, which a cancelled fetch or a page's own code raise too). */
const DEVICE_ERROR_NAMES = new Set([
  'NotAllowedError',
  'PermissionDeniedError',
  'NotFoundError',
  'DevicesNotFoundError',
  'OverconstrainedError',
  'NotReadableError',
  'TrackStartError',
]);

const DEVICE_NAMES: Record<DeviceKind, string> = { audioinput: 'microphone', videoinput: 'camera', screen: 'screen' };

/** @internal The code for a getUserMedia / getDisplayMedia failure (the names livekit-client's `MediaDeviceFailure` reads, and a few more). */
export function deviceErrorCode(error: unknown): DeviceErrorCode {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'permission-denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'device-not-found';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'device-in-use';
  return 'device-error';
}

/**
 * @internal Turns a failure to open (or keep) a device into a {@link RoomKitError} whose message names the fix;
 * `details.kind` tells which device, where known.
 */
export function toDeviceError(error: unknown, kind: DeviceKind | undefined, code: DeviceErrorCode = deviceErrorCode(error)): RoomKitError {
  if (error instanceof RoomKitError && error.code === code) return error;
  const device = kind ? DEVICE_NAMES[kind] : 'camera, microphone or screen';
  const e = (error ?? {}) as { name?: unknown; message?: unknown };
  const cause = error === undefined ? '' : ` (${String(e.name ?? 'Error')}: ${typeof e.message === 'string' ? e.message : String(error)})`;
  const messages: Record<DeviceErrorCode, string> = {
    'permission-denied': `The ${device} is blocked${cause}. Allow it for this site in the browser's address bar (or the system's privacy settings), then try again.`,
    'device-not-found': `No ${device} was found${cause}. Connect one, or choose another device, then try again.`,
    'device-in-use': `The ${device} could not start${cause}: another app or tab is probably using it. Close that app, then try again.`,
    'device-lost': `The ${device} stopped${cause}: it was unplugged, turned off, or its permission was revoked. Reconnect it or choose another device, then try again.`,
    'device-error': `The ${device} could not be opened${cause}. Check the device and the browser's permission, then try again.`,
  };
  return new RoomKitError(code, messages[code], { cause: error, details: { kind } });
}
