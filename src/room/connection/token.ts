import { RoomKitError } from '../RoomKitError.js';

/** A media source name as LiveKit spells it in grants and track publications. */
export type TrackSourceName = 'camera' | 'microphone' | 'screen_share' | 'screen_share_audio';

/** The video grant as it stands in the token (LiveKit's `video` claim). Absent fields stay absent. */
export interface TokenVideoGrant {
  room?: string;
  roomJoin?: boolean;
  canPublish?: boolean;
  canSubscribe?: boolean;
  canPublishData?: boolean;
  canPublishSources?: TrackSourceName[];
  hidden?: boolean;
  roomAdmin?: boolean;
  roomRecord?: boolean;
}

/** What RoomKit reads from a connection token's payload. The signature is not checked: the server does. */
export interface TokenClaims {
  /** The participant identity (`sub`). */
  identity: string;
  /** Display name, if the token carries one. */
  name?: string;
  /** Participant metadata, if the token carries it. */
  metadata?: string;
  /** Expiry as epoch milliseconds, if the token has `exp`. */
  expiresAt?: number;
  /** Not-before as epoch milliseconds, if the token has `nbf`. */
  notBefore?: number;
  /** The raw video grant. */
  video: TokenVideoGrant;
}

/** @internal An API key, `lk_<id>.<secret>`, alone: what a token or header holds (inside a text: apiKeys.ts, same shape). */
export const API_KEY_SHAPE = /^(?:bearer\s+)?lk_[A-Za-z0-9_-]+\.[^.\s]+$/i;
/** One non-empty base64url segment (`\w` is `[A-Za-z0-9_]`). */
const BASE64URL = /^[\w-]+$/;
/** @internal Every media source name a grant may list. */
export const SOURCES: readonly string[] = ['camera', 'microphone', 'screen_share', 'screen_share_audio'] satisfies TrackSourceName[];

/** True when `value` looks like a Room API key (`lk_<id>.<secret>`), which must never reach a browser. */
export function looksLikeApiKey(value: string): boolean {
  return API_KEY_SHAPE.test(value.trim());
}

function apiKeyError(): RoomKitError {
  return new RoomKitError(
    'api-key-in-browser',
    'RoomKit was given an API key (lk_<id>.<secret>) instead of a connection token. The API key is a server secret: ' +
      'keep it on your backend, call POST /api/v1/sdk/rooms/:slug/token there, and pass the returned `token` to RoomProvider.',
  );
}

// atob decodes base64 without its padding (the forgiving-base64 decode of the HTML standard), as JWTs write it.
function decodeBase64Url(segment: string): string {
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function invalid(reason: string): RoomKitError {
  return new RoomKitError(
    'invalid-token',
    `The connection token is not a valid JWT: ${reason}. Pass the \`token\` field of your backend's connection response unchanged.`,
  );
}

/** @internal A JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalSeconds = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v * 1000 : undefined;

function readVideoGrant(raw: unknown): TokenVideoGrant {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw invalid('the `video` grant is not an object');
  const grant: TokenVideoGrant = {};
  if (typeof raw.room === 'string') grant.room = raw.room;
  for (const key of ['roomJoin', 'canPublish', 'canSubscribe', 'canPublishData', 'hidden', 'roomAdmin', 'roomRecord'] as const) {
    const value = raw[key];
    if (typeof value === 'boolean') grant[key] = value;
  }
  if (Array.isArray(raw.canPublishSources)) {
    grant.canPublishSources = raw.canPublishSources
      .map((s) => (typeof s === 'string' ? s.toLowerCase() : s))
      .filter((s): s is TrackSourceName => SOURCES.includes(s));
  }
  return grant;
}

/**
 * Reads a connection token's claims without verifying its signature.
 *
 * @throws {RoomKitError} `api-key-in-browser` for an API key, `invalid-token` for anything that is not a JWT
 * with a string `sub`.
 */
export function parseToken(token: string): TokenClaims {
  if (typeof token !== 'string') throw invalid(`expected a string, got ${token === null ? 'null' : typeof token}`);
  const trimmed = token.trim();
  if (looksLikeApiKey(trimmed)) throw apiKeyError();
  const parts = trimmed.split('.');
  if (parts.length !== 3) throw invalid(`expected three dot-separated parts, found ${parts.length}`);
  const [header, payload] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload)) {
    throw invalid('its header or payload is not base64url');
  }
  let head: unknown;
  let c: unknown;
  try {
    head = JSON.parse(decodeBase64Url(header));
    c = JSON.parse(decodeBase64Url(payload));
  } catch {
    throw invalid('its header or payload is not base64url-encoded JSON');
  }
  if (!isObject(head) || !isObject(c)) throw invalid('its header or payload is not an object');
  if (typeof c.sub !== 'string' || c.sub === '') throw invalid('it has no `sub` (participant identity) claim');
  const result: TokenClaims = { identity: c.sub, video: readVideoGrant(c.video) };
  if (typeof c.name === 'string') result.name = c.name;
  if (typeof c.metadata === 'string') result.metadata = c.metadata;
  const exp = optionalSeconds(c.exp);
  if (exp !== undefined) result.expiresAt = exp;
  const nbf = optionalSeconds(c.nbf);
  if (nbf !== undefined) result.notBefore = nbf;
  return result;
}

/**
 * Parses a token and checks it has not expired.
 *
 * @throws {RoomKitError} as {@link parseToken}, and `token-expired` when `exp` is not after `now`.
 */
export function validateToken(token: string, now: number = Date.now()): TokenClaims {
  const claims = parseToken(token);
  if (claims.expiresAt !== undefined && claims.expiresAt <= now) {
    throw new RoomKitError(
      'token-expired',
      `The connection token for "${claims.identity}" expired at ${new Date(claims.expiresAt).toISOString()}. ` +
        'Fetch a fresh one from your backend (connectionQueryOptions refreshes it before expiry).',
      { details: { expiresAt: claims.expiresAt } },
    );
  }
  return claims;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks that a media URL is a secure WebSocket address. Plain `ws://` is accepted for localhost,
 * 127.0.0.1 and [::1] only, for local development.
 *
 * @throws {RoomKitError} `invalid-url` or `insecure-url`.
 */
export function validateMediaUrl(url: string): URL {
  if (typeof url !== 'string') {
    throw new RoomKitError('invalid-url', `The media URL must be a string such as "wss://media.example.com", got ${typeof url}.`);
  }
  if (looksLikeApiKey(url)) throw apiKeyError();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RoomKitError(
      'invalid-url',
      `The media URL "${url}" cannot be parsed. Pass the \`url\` field of your backend's connection response, e.g. "wss://media.example.com".`,
    );
  }
  if (parsed.protocol === 'wss:') return parsed;
  if (parsed.protocol === 'ws:' && LOOPBACK_HOSTS.has(parsed.hostname)) return parsed;
  throw new RoomKitError(
    'insecure-url',
    `The media URL "${parsed.origin}" is not a secure WebSocket address. Use wss:// (plain ws:// is only allowed for localhost and 127.0.0.1).`,
  );
}
