import { RoomKitError } from '../room/RoomKitError.js';
import { checkApiKey, environment } from './roomApiConfig.js';

/** Where the room actions route finds LiveKit's server API, and the key it signs server tokens with. */
export interface MediaServerConfig {
  /** The media server's HTTP base (`https://…`, no trailing slash): Twirp and `/rtc/validate` live under it. */
  readonly baseUrl: string;
  /** The complete key `lk_<id>.<secret>`. */
  readonly apiKey: string;
}

const misconfigured = (message: string) => new RoomKitError('server-misconfigured', message);

/**
 * The media server's HTTP base from the address a token route returns: `wss://media.example.com` gives
 * `https://media.example.com` (`ws://` gives `http://`, as LiveKit's server SDKs do); `https://` and `http://` stay.
 */
export function normaliseMediaUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw misconfigured(`${source} must be the media server's address, like wss://media.example.com, but it is not a URL.`);
  }
  const protocol = { 'wss:': 'https:', 'ws:': 'http:', 'https:': 'https:', 'http:': 'http:' }[url.protocol];
  if (!protocol) throw misconfigured(`${source} must be a wss:// or https:// address (ws:// or http:// for a local media server), got ${url.protocol}//….`);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw misconfigured(`${source} must be a plain address without a query, fragment or credentials.`);
  }
  return `${protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** Checks the explicit options at creation, so a typo fails when the server starts. */
export function checkExplicitMediaConfig(apiKey: string | undefined, mediaUrl: string | undefined): void {
  if (apiKey !== undefined) checkApiKey(apiKey, 'The `apiKey` option');
  if (mediaUrl !== undefined) normaliseMediaUrl(mediaUrl, 'The `mediaUrl` option');
}

/**
 * The options, else the environment (`ROOM_API_KEY`, `ROOM_MEDIA_URL`), read at the first request (a build step that
 * imports the route without the server's environment does not fail).
 *
 * @throws {RoomKitError} `server-misconfigured` naming the missing or malformed variable, never its value.
 */
export function resolveMediaServerConfig(apiKey: string | undefined, mediaUrl: string | undefined): MediaServerConfig {
  const key = apiKey ?? environment('ROOM_API_KEY');
  if (key === undefined) {
    throw misconfigured(
      'The room actions route has no Room API key: set the ROOM_API_KEY environment variable on your server ' +
        '(or pass `apiKey` to createRoomActionsHandler). It signs the server tokens of LiveKit\'s server API.',
    );
  }
  const url = mediaUrl ?? environment('ROOM_MEDIA_URL');
  if (url === undefined) {
    throw misconfigured(
      'The room actions route does not know where the media server is: set the ROOM_MEDIA_URL environment variable ' +
        'to the `url` your token route returns (e.g. wss://media.example.com), or pass `mediaUrl` to createRoomActionsHandler.',
    );
  }
  return {
    apiKey: checkApiKey(key, apiKey === undefined ? 'ROOM_API_KEY' : 'The `apiKey` option'),
    baseUrl: normaliseMediaUrl(url, mediaUrl === undefined ? 'ROOM_MEDIA_URL' : 'The `mediaUrl` option'),
  };
}
