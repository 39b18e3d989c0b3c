
/**
 * Every failure RoomKit reports has one of these codes. Match on `code`, not on the message:
 * messages explain the fix in English and may be reworded.
 */
export type RoomKitErrorCode =
  /**
   * A secret API key (`lk_<id>.<secret>`) reached the browser: as the token, in the request to your token route, or
   * anywhere in its answer (an error answer too, at any depth). The answer is left out of the error. Revoke the key,
   * keep its replacement on your backend, and ask your backend for a connection token.
   */
  | 'api-key-in-browser'
  /** The token is not a well-formed JWT. */
  | 'invalid-token'
  /** The token's `exp` lies in the past. */
  | 'token-expired'
  /** The media URL is not `wss://` (plain `ws://` is allowed for localhost only). */
  | 'insecure-url'
  /** The media URL cannot be parsed. */
  | 'invalid-url'
  /** Neither a connection, a token and URL, nor a room was given. */
  | 'missing-connection'
  /** The media server or the token endpoint refused the credentials (HTTP 401/403). */
  | 'unauthorized'
  /** The media server or the token endpoint could not be reached. */
  | 'unreachable'
  /** The session ended; `details.reason` carries livekit-client's `DisconnectReason`. */
  | 'disconnected'
  /** The effective grants forbid the operation (for example publishing without `canPublish`). */
  | 'not-permitted'
  /** The operation needs a connected room. */
  | 'not-connected'
  /**
   * A message that cannot be sent, so nothing was: `useChat().send` or `edit` got a text that is not a string, or is
   * empty or white space only; `useDataChannel().send` got something that is neither a `Uint8Array` nor a string.
   * The message names what it got.
   */
  | 'invalid-message'
  /**
   * A camera, microphone or screen could not be opened for a reason none of the codes below names.
   * `details.kind` is `'audioinput'`, `'videoinput'` or `'screen'` where known.
   */
  | 'device-error'
  /**
   * The browser or the person refused the camera or microphone (`NotAllowedError`, `SecurityError`). Allow it in
   * the address bar (site settings) or the system's privacy settings, then try again. `details.kind` names it.
   * A person cancelling the screen-share picker is not reported at all.
   */
  | 'permission-denied'
  /** No such device (`NotFoundError`, or `OverconstrainedError` for a device id that is gone). `details.kind` names it. */
  | 'device-not-found'
  /** The device exists but could not start, usually because another app holds it (`NotReadableError`, `AbortError`). */
  | 'device-in-use'
  /**
   * A published camera or microphone stopped on its own (its `MediaStreamTrack` ended: unplugged, turned off, or its
   * permission revoked). `details.kind` names it.
   */
  | 'device-lost'
  /** The backend's connection response does not match the contract; the message and `details.field` name the field. */
  | 'invalid-connection-response'
  /** The token endpoint answered 400 (or another unexpected 4xx); `details` holds `status` and the error `body`. */
  | 'bad-request'
  /** The token endpoint answered 404: the room does not exist or belongs to another application. */
  | 'room-not-found'
  /** The token endpoint answered 429 and retries were exhausted; `details.retryAfter` is the server's wait in ms. */
  | 'rate-limited'
  /** A hook was used outside `<RoomProvider>` without an explicit room. */
  | 'missing-provider'
  /**
   * A keyboard shortcut cannot be read (`parseShortcut`, a `shortcuts` option or prop): nothing after the last `+`,
   * no key, a key RoomKit does not know, two keys, a modifier named twice, or two actions given the same keys. The
   * message names which; `details.combo` holds the text.
   */
  | 'invalid-shortcut'
  /**
   * A background effect or the noise filter cannot run: no effects configuration, `@livekit/track-processors`
   * not installed (`npm i @livekit/track-processors`), an unsupported browser, or its assets failed to load.
   */
  | 'effects-unavailable'
  /**
   * End-to-end encryption was asked for (`e2ee`) but cannot run here: the browser lacks encoded transforms
   * (RTCRtpScriptTransform or insertable streams), the encryption worker could not start or failed, `e2ee` came
   * with your own `room` (set encryption up on that Room's options instead), or `e2ee` was not made by
   * `createEncryption`. The session does not join unencrypted.
   */
  | 'encryption-unsupported'
  /**
   * Media from a participant cannot be decrypted: it is encrypted with a key this session does not have (a different
   * passphrase). `details.identity` names the participant; its tile shows it.
   */
  | 'decryption-failed'
  /**
   * No agent joined an agent conversation within its timeout (`AgentConversation`'s or `useAgentConversation`'s
   * `agentTimeout`, counted from the moment the room connected). `details.timeoutMs` holds the timeout. The agent
   * worker is down, busy, or not dispatched to this room.
   */
  | 'agent-unavailable'
  /** The installed livekit-client lacks something RoomKit needs. */
  | 'unsupported-livekit-version'
  /** Any other failure while connecting; `cause` holds the original error. */
  | 'connect-failed'
  /**
   * This browser cannot join calls: it has no WebRTC (`RTCPeerConnection`), as Debian's WebKitGTK, some in-app
   * browsers and locked-down WebViews (`getBrowserSupport().join === 'no'`). The session does not try to connect,
   * and trying again cannot succeed: the prefabs' failure screen says so and offers no "Try again". The person
   * needs a current Chromium-based browser (Chrome, Edge), Firefox or Safari.
   */
  | 'browser-unsupported'
  /**
   * A room action failed: your room actions route (`createRoomActions`) answered an error other than 401 and 403
   * (400 for a malformed action, 404 for a participant who left, 409 for a recording already running or not
   * running, 5xx when the media server failed), or, on the server, the media server refused an action
   * (`createRoomActionsHandler`'s `onError`). The message is the route's own; `details` holds `status` and the
   * route's error `code`.
   */
  | 'room-action-failed'
  /**
   * `createConnectionHandler` or `createRoomActionsHandler` (from `@roomkit/react/server`) was called in a browser.
   * It holds the Room API key, so it runs only on your server: import `@roomkit/react/server` from a route handler
   * or API route, never from client code.
   */
  | 'server-in-browser'
  /**
   * A server route's configuration is missing or invalid: `ROOM_API_KEY` / `ROOM_API_URL` (or the `apiKey` /
   * `roomApiUrl` options) for the token route, `ROOM_API_KEY` / `ROOM_MEDIA_URL` (or `apiKey` / `mediaUrl`) and
   * `recording` for the room actions route, a bad option, `authenticate` or `authorize` returning something that is
   * not a participant or a room, or a key the media server refuses. The message names which; fix it on your server.
   */
  | 'server-misconfigured';

/** Options for {@link RoomKitError}. */
export interface RoomKitErrorOptions {
  /** The underlying error, when one exists. */
  cause?: unknown;
  /** Structured data about the failure, such as an HTTP error body or a disconnect reason. */
  details?: unknown;
}

/**
 * The one error type RoomKit throws, rejects with, or reports to `onError` / `useRoomError()`.
 *
 * @example
 * ```ts
 * if (isRoomKitError(error) && error.code === 'token-expired') refetchToken();
 * ```
 */
export class RoomKitError extends Error {
  override readonly name = 'RoomKitError';
  // Declared only: the constructor sets both (no class field that first defines them undefined).
  /** A stable, machine-readable code. */
  declare readonly code: RoomKitErrorCode;
  /** Structured data about the failure, if any. */
  declare readonly details: unknown;

  constructor(code: RoomKitErrorCode, message: string, options: RoomKitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}

/** True when `value` is a {@link RoomKitError}, optionally with the given code. */
export function isRoomKitError(value: unknown, code?: RoomKitErrorCode): value is RoomKitError {
  return value instanceof RoomKitError && (code === undefined || value.code === code);
}
