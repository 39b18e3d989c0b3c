import type { RoomKitErrorCode } from '../../src/room/RoomKitError.js';

/**
 * What to do about each error code. The cause is the code's TSDoc in `src/room/RoomKitError.ts`; the "Error codes"
 * docs page shows both. Typed against the union, so a new code fails the type check until it has a fix here.
 */
export const errorFixes: Record<RoomKitErrorCode, string> = {
  'api-key-in-browser':
    'Revoke the key: it has been seen by a browser. Keep its replacement on your server; the browser posts to your backend, which asks the Room API for a connection token and relays `{ token, url }`, and answers errors without echoing the key.',
  'invalid-token': 'Pass the `token` field of the Room API response unchanged (no quotes, no `Bearer ` prefix, not truncated).',
  'token-expired': 'Fetch a fresh token: `useConnection` refreshes before expiry; if you pass tokens yourself, request a new one before joining.',
  'insecure-url': 'Use the `wss://` URL the Room API returns. `ws://` is accepted only for localhost during development.',
  'invalid-url': 'Pass the `url` field of the Room API response unchanged; it must be an absolute `wss://` URL.',
  'missing-connection': 'Give `<RoomProvider>` exactly one of `connection`, `token` and `url`, or `room`.',
  unauthorized:
    'Check the API key your backend sends (`ROOM_API_KEY`), that the token is for this room, and that your endpoint authenticates the user before answering.',
  unreachable: 'Check the media `url` and the network (firewall, proxy, VPN); for the token endpoint, check that your backend is up.',
  disconnected: 'Read `details.reason`: offer to re-join for a network drop; a removal or a duplicate identity needs no retry.',
  'not-permitted': 'Hide or disable the control with `useCan`, or issue a token with the grant the user needs.',
  'not-connected': 'Wait for `useConnectionState()` to be `connected` before publishing, sending data or chatting.',
  'invalid-message':
    'Send chat text only once it holds more than white space (trim what the person typed; `<Chat>` disables its button until then). Send data as a `Uint8Array` or a string: encode anything else first, e.g. `new TextEncoder().encode(JSON.stringify(value))`.',
  'device-error': 'Ask the user to allow camera/microphone access in the browser, close other apps using the device, or pick another device.',
  'effects-unavailable': 'Pass `config` with `load: () => import(\'@livekit/track-processors\')` (after `npm i @livekit/track-processors`), `wasmUrl` and `modelUrl` served by your app; check the browser supports WebGL2 and VideoFrame.',
  'permission-denied': 'Ask the user to allow the camera or microphone for this site (address bar or system privacy settings), then press the toggle again. `<TrackToggle>` and `PreJoin` show this in words.',
  'device-not-found': 'Ask the user to connect a device or pick another one with `<MediaDeviceSelect>`, then try again.',
  'device-in-use': 'Ask the user to close the other app or tab that holds the device, then press the toggle again.',
  'device-lost': 'The device was unplugged or switched off mid-call. Pressing the toggle again switches to another device of that kind when one is connected.',
  'invalid-connection-response':
    'Make your backend relay the Room API answer unchanged: `{ token, url, room, identity, expiresAt }` with status 200 and JSON content type.',
  'bad-request': 'Read `details.body`: the Room API names the field it rejected (for example an invalid room name or grant).',
  'agent-unavailable':
    'Check that your agent worker is running and dispatched to this room (automatic dispatch, or explicit dispatch from your backend when it creates the room). Raise `agentTimeout` if your agent takes longer to start; offer the person to try again.',
  'room-not-found': 'Create the room first (or let your backend create it) and check that the API key belongs to the same application.',
  'rate-limited': 'Back off: wait `details.retryAfter` ms before asking again, and avoid fetching a token on every render.',
  'invalid-shortcut': 'Write modifiers and one key joined by `+` (`"Alt+Shift+M"`), give each action keys of its own, and check combos your users type with `parseShortcut` before you pass them on.',
  'missing-provider': 'Render the component inside `<RoomProvider>`, or pass `{ room }` (a `Room` or test room) to the hook.',
  'unsupported-livekit-version': 'Install a `livekit-client` 2.x release that satisfies the peer dependency range of `@roomkit/react`.',
  'connect-failed': 'Read `cause` for the original error; check the media server logs for the same time.',
  'room-action-failed':
    'Show the message (the admin menu and RecordingControl do); for 404 the participant left, for 409 read the room\'s recording state again. On the server, read `onError`: the media server says what it refused.',
  'server-in-browser':
    'Import `@roomkit/react/server` only from server code (a route handler, API route or Node server); the browser calls that route through `useConnection({ endpoint })` (the token route) or `createRoomActions({ endpoint })` (the room actions route).',
  'server-misconfigured':
    'Read the message: set `ROOM_API_KEY` and `ROOM_API_URL` (or `apiKey` / `roomApiUrl`) for the token route, `ROOM_API_KEY` and `ROOM_MEDIA_URL` (or `apiKey` / `mediaUrl`) and `recording` for the room actions route, fix the named option, or return `{ identity, name?, grants }` or `null` from `authenticate` (`{ room }` or `null` from `authorize`).',
  'browser-unsupported':
    'Ask the person to open the page in a current Chromium-based browser (Chrome, Edge), Firefox or Safari (Docs/Browsers). Check `getBrowserSupport().join` (or `useBrowserSupport()`) to say so before anything loads; `PreJoin` already disables Join there.',
  'encryption-unsupported':
    'Ask the user for a current Chromium, Firefox or Safari; allow workers from your origin in the Content-Security-Policy (`worker-src \'self\'`) or pass `e2ee.worker`; with your own `room`, give livekit-client\'s `encryption` option to that Room.',
  'decryption-failed':
    'Give every participant the same `e2ee.passphrase` (or the same keys through your key provider). A new passphrase passed to `RoomProvider` re-keys without reconnecting.',
};
