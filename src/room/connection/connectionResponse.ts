import { RoomKitError } from '../RoomKitError.js';
import { containsApiKey } from './apiKeys.js';
import { isObject, parseToken, validateMediaUrl, type TokenClaims } from './token.js';

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
 * A connection response that passed {@link validateConnectionResponse}: every field of the Room API's token
 * response is present and consistent with the token itself.
 */
export interface ValidatedConnection {
  /** The connection token (a JWT). Never logged or stored by RoomKit. */
  readonly token: string;
  /** The media endpoint: `wss://…`, or `ws://` on localhost / 127.0.0.1 / [::1]. */
  readonly url: string;
  /** The room slug. */
  readonly room: string;
  /** The participant identity; equal to the token's subject. */
  readonly identity: string;
  /** Token expiry in epoch **milliseconds**, normalised from the response's seconds or milliseconds. */
  readonly expiresAt: number;
}

/** Options of {@link validateConnectionResponse}. */
export interface ValidateConnectionResponseOptions {
  /**
   * How far the response's `expiresAt` may lie from the token's own `exp`, in milliseconds (default 60 000).
   */
  maxExpirySkew?: number;
}

/** The default tolerance between `expiresAt` and the token's `exp`: 60 s. */
export const DEFAULT_MAX_EXPIRY_SKEW_MS = 60_000;

/**
 * Epoch values below this are seconds, above it milliseconds. 1e11 seconds is the year 5138; 1e11 milliseconds
 * is March 1973, so no real expiry is ambiguous.
 */
const SECONDS_BELOW = 1e11;

const CONTRACT = '{ token, url, room, identity, expiresAt }';

function invalidField(field: string, problem: string, fix: string, cause?: unknown): RoomKitError {
  return new RoomKitError(
    'invalid-connection-response',
    `The connection response's \`${field}\` ${problem}. ${fix}`,
    { details: { field }, ...(cause !== undefined && { cause }) },
  );
}

const describeValue = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : value === undefined ? 'missing' : `a ${typeof value}`;

function requireString(body: Record<string, unknown>, field: string, what: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    const got = value === '' ? 'an empty string' : describeValue(value);
    throw invalidField(
      field,
      `must be ${what}, but it is ${got}`,
      `Have your backend return the Room API's token response ${CONTRACT} unchanged.`,
    );
  }
  return value;
}

/**
 * Converts an `expiresAt` of unknown unit to epoch milliseconds: values below 1e11 are seconds, larger ones
 * milliseconds.
 */
export function expiresAtToMilliseconds(expiresAt: number): number {
  return expiresAt < SECONDS_BELOW ? expiresAt * 1000 : expiresAt;
}

/**
 * Checks a backend's connection response against the Room API contract and returns it normalised. Pure and
 * synchronous: no network, no clock (an expired token is reported later, by `RoomProvider`, as `token-expired`).
 *
 * - `token`: a JWT string, never an API key;
 * - `url`: a `wss://` address (`ws://` only for localhost and 127.0.0.1);
 * - `room`: a non-empty string;
 * - `identity`: a non-empty string equal to the token's subject;
 * - `expiresAt`: an integer, epoch seconds or milliseconds (told apart by magnitude), within
 *   `maxExpirySkew` of the token's own `exp`.
 *
 * @throws {RoomKitError} `api-key-in-browser` when an API key stands anywhere in it (at any depth), else
 * `invalid-connection-response` whose message names the field and the fix (`details.field`).
 */
export function validateConnectionResponse(
  value: unknown,
  options: ValidateConnectionResponseOptions = {},
): ValidatedConnection {
  // An API key anywhere in the response (at any depth, even as a property name) is a leak to report as such, before
  // any other complaint. The field is named when it is a top-level field's value (never a name that is the key).
  if (containsApiKey(value)) {
    const fields = isObject(value) ? Object.entries(value) : [];
    const field = fields.find(([name, v]) => !containsApiKey(name) && containsApiKey(v))?.[0] ?? null;
    throw new RoomKitError(
      'api-key-in-browser',
      `The connection response${field === null ? '' : `'s \`${field}\``} holds an API key (lk_<id>.<secret>). The API key is a server secret: ` +
        "revoke this key now, keep its replacement on your backend, and return only the Room API's token response.",
      { details: { field } },
    );
  }
  if (!isObject(value)) {
    throw new RoomKitError(
      'invalid-connection-response',
      `The connection response must be a JSON object ${CONTRACT}, but it is ${describeValue(value)}. ` +
        "Have your backend return the Room API's token response unchanged, with Content-Type: application/json.",
      { details: { field: null } },
    );
  }
  const body = value;

  const token = requireString(body, 'token', 'the connection token (a JWT string)');
  let claims: TokenClaims;
  try {
    claims = parseToken(token);
  } catch (error) {
    throw invalidField(
      'token',
      `is not a JWT (${/not a valid JWT: (.+?)\. Pass /s.exec((error as Error).message)?.[1] ?? 'unreadable'})`,
      "Return the `token` of the Room API's token response unchanged.",
      error,
    );
  }

  const url = requireString(body, 'url', 'the media server address (wss://…)');
  try {
    validateMediaUrl(url);
  } catch (error) {
    const insecure = (error as RoomKitError).code === 'insecure-url';
    throw invalidField(
      'url',
      insecure ? `is not a secure WebSocket address ("${new URL(url).origin}")` : `cannot be parsed as a URL`,
      insecure
        ? 'Configure the media server address as wss://… (plain ws:// is only accepted for localhost and 127.0.0.1).'
        : 'Return the `url` of the Room API\'s token response, e.g. "wss://media.example.com".',
      error,
    );
  }

  const room = requireString(body, 'room', 'the room slug (a string)');

  const identity = requireString(body, 'identity', 'the participant identity (a string)');
  if (identity !== claims.identity) {
    throw invalidField(
      'identity',
      `is "${identity}", but the token was issued for "${claims.identity}"`,
      'Return the identity and the token of the same Room API response, without changing either.',
    );
  }

  const rawExpiresAt = body.expiresAt;
  if (typeof rawExpiresAt !== 'number' || !Number.isSafeInteger(rawExpiresAt) || rawExpiresAt <= 0) {
    throw invalidField(
      'expiresAt',
      `must be a positive integer (epoch seconds or milliseconds), but it is ${
        typeof rawExpiresAt === 'number' ? String(rawExpiresAt) : describeValue(rawExpiresAt)
      }`,
      "Return the `expiresAt` of the Room API's token response unchanged (a number, not a date string).",
    );
  }
  const expiresAt = expiresAtToMilliseconds(rawExpiresAt);
  if (claims.expiresAt !== undefined) {
    const skew = Math.abs(expiresAt - claims.expiresAt);
    const tolerance = options.maxExpirySkew ?? DEFAULT_MAX_EXPIRY_SKEW_MS;
    if (skew > tolerance) {
      throw invalidField(
        'expiresAt',
        `(${new Date(expiresAt).toISOString()}) differs from the token's own expiry (${new Date(claims.expiresAt).toISOString()}) by ${Math.round(skew / 1000)} s`,
        "Return the `expiresAt` that came with this token from the Room API, without converting or recomputing it.",
      );
    }
  }
  return { token, url, room, identity, expiresAt };
}

/** The default refresh margin: a connection is refetched 60 s before it expires (less for short lifetimes). */
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
/** The shortest refresh delay, so a token that already looks expired cannot cause a refetch storm. */
export const MIN_REFRESH_DELAY_MS = 5_000;

const issuedAtCache = new WeakMap<ValidatedConnection, number | undefined>();

function issuedAt(connection: ValidatedConnection): number | undefined {
  if (!issuedAtCache.has(connection)) {
    let notBefore: number | undefined;
    try {
      notBefore = parseToken(connection.token).notBefore;
    } catch {
      notBefore = undefined;
    }
    issuedAtCache.set(connection, notBefore);
  }
  return issuedAtCache.get(connection);
}

/**
 * How long after `receivedAt` a connection should be refetched: before `expiresAt` minus a margin of
 * `min(refreshMargin, 20 % of the token's lifetime)`, never sooner than {@link MIN_REFRESH_DELAY_MS}.
 *
 * The lifetime counts from the token's `nbf` when it has one. The delay is the smaller of "lifetime minus
 * margin" (immune to a client clock that runs late) and "expiry minus margin minus receivedAt" (right for a
 * token the backend issued earlier), so a skewed clock refreshes early rather than late.
 */
export function connectionRefreshDelay(
  connection: ValidatedConnection,
  receivedAt: number,
  refreshMargin: number = DEFAULT_REFRESH_MARGIN_MS,
): number {
  const start = issuedAt(connection);
  const lifetime = connection.expiresAt - (start !== undefined && start < connection.expiresAt ? start : receivedAt);
  const margin = Math.min(Math.max(0, refreshMargin), Math.max(0, lifetime) * 0.2);
  const byClock = connection.expiresAt - margin - receivedAt;
  const byLifetime = start !== undefined && start < connection.expiresAt ? lifetime - margin : byClock;
  return Math.max(MIN_REFRESH_DELAY_MS, Math.min(byClock, byLifetime));
}
