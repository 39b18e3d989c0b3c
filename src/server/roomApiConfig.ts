import { RoomKitError } from '../room/RoomKitError.js';
import { looksLikeApiKey } from '../room/connection/token.js';

/** Where the token route finds the Room API, and the key it calls it with. */
export interface RoomApiConfig {
  /** The Room API base, always ending in `/api/v1` and without a trailing slash. */
  readonly baseUrl: string;
  /** The complete key `lk_<id>.<secret>`. */
  readonly apiKey: string;
}

const misconfigured = (message: string) => new RoomKitError('server-misconfigured', message);

/** A non-empty environment variable, or undefined (edge runtimes may have no `process`). */
export function environment(name: string): string | undefined {
  // Through globalThis: edge runtimes may lack `process`, and the entry's types must not need @types/node.
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === '' ? undefined : value;
}

/**
 * The Room API base with `/api/v1` once: `https://rooms.example.com`, `https://rooms.example.com/` and
 * `https://rooms.example.com/api/v1/` all give `https://rooms.example.com/api/v1`.
 */
export function normaliseRoomApiUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw misconfigured(`${source} must be the Room API's address, like https://rooms.example.com/api/v1, but it is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw misconfigured(`${source} must be an https:// address (http:// for a local Room API), got ${url.protocol}//….`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw misconfigured(`${source} must be a plain base address without a query, fragment or credentials.`);
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}/api/v1`;
}

/** The key, trimmed; a value that is not `lk_<id>.<secret>` is refused without being repeated. */
export function checkApiKey(value: string, source: string): string {
  const key = value.trim();
  // The message never repeats the value: it is a secret, and a misplaced one may be another secret.
  if (!looksLikeApiKey(key) || /^bearer\s/i.test(key)) {
    throw misconfigured(`${source} does not look like a Room API key (lk_<id>.<secret>, without "Bearer"). Copy the key the Room API issued.`);
  }
  return key;
}

/** Checks the explicit options at creation, so a typo fails when the server starts. */
export function checkExplicitConfig(apiKey: string | undefined, roomApiUrl: string | undefined): void {
  if (apiKey !== undefined) checkApiKey(apiKey, 'The `apiKey` option');
  if (roomApiUrl !== undefined) normaliseRoomApiUrl(roomApiUrl, 'The `roomApiUrl` option');
}

/**
 * The options, else the environment (`ROOM_API_KEY`, `ROOM_API_URL`). Read at the first request rather than at
 * creation, so a build step that imports the route without the server's environment does not fail.
 *
 * @throws {RoomKitError} `server-misconfigured` naming the missing or malformed variable.
 */
export function resolveRoomApiConfig(apiKey: string | undefined, roomApiUrl: string | undefined): RoomApiConfig {
  const key = apiKey ?? environment('ROOM_API_KEY');
  if (key === undefined) {
    throw misconfigured(
      'The token route has no Room API key: set the ROOM_API_KEY environment variable on your server ' +
        '(or pass `apiKey` to createConnectionHandler).',
    );
  }
  const url = roomApiUrl ?? environment('ROOM_API_URL');
  if (url === undefined) {
    throw misconfigured(
      'The token route does not know where the Room API is: set the ROOM_API_URL environment variable ' +
        '(e.g. https://rooms.example.com/api/v1) or pass `roomApiUrl` to createConnectionHandler.',
    );
  }
  return {
    apiKey: checkApiKey(key, apiKey === undefined ? 'ROOM_API_KEY' : 'The `apiKey` option'),
    baseUrl: normaliseRoomApiUrl(url, roomApiUrl === undefined ? 'ROOM_API_URL' : 'The `roomApiUrl` option'),
  };
}
