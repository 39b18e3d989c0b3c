import { ConnectionError } from 'livekit-client';
import { RoomKitError } from './RoomKitError.js';

/**
 * livekit-client's `ConnectionErrorReason` numbers (a const enum in older versions, so not importable at runtime):
 * NotAllowed 0, ServerUnreachable 1, LeaveRequest 4, Timeout 5, WebSocket 6, ServiceNotFound 7.
 */
const NOT_ALLOWED = 0;
const LEAVE_REQUEST = 4;
/** ServerUnreachable, Timeout, WebSocket, ServiceNotFound: the server could not be reached. */
const UNREACHABLE: readonly unknown[] = [1, 5, 6, 7];

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
    if (e.reason === NOT_ALLOWED || status === 401 || status === 403) {
      return new RoomKitError(
        'unauthorized',
        `The media server refused the connection token${status ? ` (HTTP ${status})` : ''}: ${message}. ` +
          'Check that your backend issues the token for this room and that it has not expired.',
        { cause: error, details: { status } },
      );
    }
    if (UNREACHABLE.includes(e.reason)) {
      return new RoomKitError(
        'unreachable',
        `The media server could not be reached: ${message}. Check the \`url\` of the connection and your network.`,
        { cause: error, details: { status } },
      );
    }
    if (e.reason === LEAVE_REQUEST) {
      return new RoomKitError('disconnected', `The media server ended the session while joining: ${message}.`, {
        cause: error,
      });
    }
  }
  // A device failure (not AbortError or SecurityError here: a cancelled fetch or a page's own code raise them too).
  const code = mediaFailureCode(e.name);
  if (code !== 'device-error') {
    return new RoomKitError(
      code,
      `A camera, microphone or screen could not be opened (${String(e.name)}): ${message}. Allow it in the browser, connect it, or close the app using it, then try again.`,
      { cause: error, details: { kind: undefined } },
    );
  }
  return new RoomKitError('connect-failed', `Connecting to the room failed: ${message}.`, { cause: error });
}

/** The codes a device failure can have. */
export type DeviceErrorCode = 'permission-denied' | 'device-not-found' | 'device-in-use' | 'device-lost' | 'device-error';

/** The code of a failure only a device raises: livekit-client's `MediaDeviceFailure` names, and OverconstrainedError. */
function mediaFailureCode(name: unknown): DeviceErrorCode {
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return 'permission-denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'device-not-found';
  if (name === 'NotReadableError' || name === 'TrackStartError') return 'device-in-use';
  return 'device-error';
}

/**
 * @internal The code for a getUserMedia / getDisplayMedia failure: {@link mediaFailureCode}'s, and SecurityError
 * (permission-denied) and AbortError (device-in-use), which opening a device raises too.
 */
export function deviceErrorCode(error: unknown): DeviceErrorCode {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'SecurityError' ? 'permission-denied' : name === 'AbortError' ? 'device-in-use' : mediaFailureCode(name);
}
