import type { ConnectTarget } from './connection.js';
import { RoomKitError } from './RoomKitError.js';
import { looksLikeApiKey, validateMediaUrl, validateToken } from './token.js';

/**
 * The token endpoint's connection response, `{ token, url, room, identity, expiresAt }`, as your backend
 * passes it through. Only `token` and `url` are needed to connect.
 */
export interface ConnectionDetails {
  /** The connection token (a JWT). */
  token: string;
  /** The media endpoint, `wss://…`. */
  url: string;
  /** The room slug. */
  room?: string;
  /** The identity the token was issued for. */
  identity?: string;
  /** Token expiry (epoch seconds or milliseconds). */
  expiresAt?: number;
}

/**
 * Validates a token and URL before any network traffic.
 *
 * @throws {RoomKitError} `missing-connection`, `api-key-in-browser`, `invalid-token`, `token-expired`,
 * `invalid-url` or `insecure-url`.
 */
export function resolveConnectTarget(token: string | undefined, url: string | undefined, now = Date.now()): ConnectTarget {
  if (typeof token === 'string' && looksLikeApiKey(token)) validateToken(token); // throws api-key-in-browser
  if (!token || !url) {
    const missing = [!token && 'token', !url && 'url'].filter(Boolean).join(' and ');
    throw new RoomKitError(
      'missing-connection',
      `RoomProvider has no ${missing}. Pass \`connection\` (your backend's token response), \`token\` and \`url\`, or an existing \`room\`.`,
    );
  }
  const claims = validateToken(token, now);
  validateMediaUrl(url);
  return { url, token, claims };
}
