/**
 * @internal What a session connects to: validating a token and URL into a target (before any network traffic), and
 * telling a renewal (same session, fresh token) from a new session. Pure, no livekit-client.
 */
import { RoomKitError } from '../RoomKitError.js';
import { sameValue } from '../sameValue.js';
import { looksLikeApiKey, validateMediaUrl, validateToken, type TokenClaims } from './token.js';
import { toRoomKitError } from '../toRoomKitError.js';

/** A validated URL and token. */
export interface Target {
  readonly url: string;
  readonly token: string;
  readonly claims: TokenClaims;
}

/** The outcome of validating the current connection: a target, an error, or neither (waiting). */
export interface Resolved {
  readonly target: Target | null;
  readonly error: RoomKitError | null;
}
export const WAITING: Resolved = { target: null, error: null };

/** 1. Validation: a token and URL become a target, or a RoomKitError that names the fix. Pure. */
export function resolve(token: string | undefined, url: string | undefined): Resolved {
  try {
    if (typeof token === 'string' && looksLikeApiKey(token)) validateToken(token); // throws api-key-in-browser
    if (!token || !url) {
      const missing = [!token && 'token', !url && 'url'].filter(Boolean).join(' and ');
      throw new RoomKitError(
        'missing-connection',
        `RoomProvider has no ${missing}. Pass \`connection\` (your backend's token response), \`token\` and \`url\`, or an existing \`room\`.`,
      );
    }
    const claims = validateToken(token);
    validateMediaUrl(url);
    return { target: { url, token, claims }, error: null };
  } catch (error) {
    return { target: null, error: toRoomKitError(error) };
  }
}

/**
 * True when two targets join the same session with the same rights: same URL, identity, name, metadata and
 * video grant, whatever their tokens' validity windows. A refreshed token is such a target: a renewal.
 */
export function sameSession(a: Target, b: Target): boolean {
  const { expiresAt: _ea, notBefore: _na, ...claimsA } = a.claims;
  const { expiresAt: _eb, notBefore: _nb, ...claimsB } = b.claims;
  return a.url === b.url && sameValue(claimsA, claimsB);
}
