/**
 * @internal What a session connects to: validating a token and URL into a target (before any network traffic), and
 * telling a renewal (same session, fresh token) from a new session. Pure, no livekit-client.
 */
import type { DisconnectReason } from 'livekit-client';
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
      const missing = token ? 'url' : url ? 'token' : 'token and url';
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
 * video grant, whatever their tokens' validity windows. A refreshed token is such a target: a renewal. (A feature may
 * say more targets renew a session: the waiting room's, whose admitted guest's next token carries the rights the
 * server already gave live; see sessionFeatures.ts.)
 */
export function sameSession(a: Target, b: Target): boolean {
  return a.url === b.url && sameValue(timeless(a), timeless(b));
}

/** A target's claims but their validity window. */
const timeless = ({ claims }: Target) => ({ ...claims, expiresAt: 0, notBefore: 0 });

/**
 * @internal Session ends after which a connection query's session is joined again: none the server meant. As
 * DisconnectReason's protocol numbers (fixed by LiveKit's protobuf), which a bundle keeps shorter than the names
 * (`test/node/session.test.ts` checks each against its name).
 */
export const TRANSIENT_DISCONNECTS: ReadonlySet<DisconnectReason | undefined> = new Set<DisconnectReason | undefined>([
  undefined, // livekit-client gave up reconnecting (network lost, or the token expired meanwhile)
  0, // UNKNOWN_REASON
  3, // SERVER_SHUTDOWN
  6, // STATE_MISMATCH
  8, // MIGRATION
  9, // SIGNAL_CLOSE
  14, // CONNECTION_TIMEOUT
  15, // MEDIA_FAILURE
]);

/** @internal A re-join with a token closer than this to its expiry fetches a fresh connection first. */
export const REJOIN_FRESHNESS_MS = 10_000;
