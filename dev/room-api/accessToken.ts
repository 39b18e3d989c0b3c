import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenGrants } from './validation';

/** The LiveKit video grant as this server writes it: the request's grants plus `roomJoin` and `room`. */
export type VideoGrantClaim = TokenGrants & {
  roomJoin: true;
  room: string;
};

/** The claims of a LiveKit-compatible connection token. Times are epoch seconds. */
export interface AccessTokenClaims {
  /** The signing key id (LiveKit's API key). */
  iss: string;
  /** The participant identity. */
  sub: string;
  name?: string;
  metadata?: string;
  nbf: number;
  exp: number;
  video: VideoGrantClaim;
}

export type TokenVerificationErrorCode =
  | 'malformed'
  | 'unsupported-algorithm'
  | 'bad-signature'
  | 'expired'
  | 'not-yet-valid';

/** Thrown by {@link verifyToken}; `code` says why the token was refused. */
export class TokenVerificationError extends Error {
  override readonly name = 'TokenVerificationError';
  constructor(
    readonly code: TokenVerificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyTokenOptions {
  /** The current time in epoch milliseconds (default `Date.now()`). */
  now?: number;
  /** Clock skew tolerated on `exp` and `nbf`, in seconds (default 0). */
  leewaySeconds?: number;
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function sign(signingInput: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/** Signs `claims` as an HS256 JWT with `secret`. */
export function signToken(claims: AccessTokenClaims, secret: string): string {
  const signingInput = `${encodeJson(HEADER)}.${encodeJson(claims)}`;
  return `${signingInput}.${sign(signingInput, secret).toString('base64url')}`;
}

function decodeJsonObject(segment: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new TokenVerificationError('malformed', `The token ${what} is not base64url-encoded JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TokenVerificationError('malformed', `The token ${what} is not a JSON object.`);
  }
  return value as Record<string, unknown>;
}

function isVideoGrant(value: unknown): value is VideoGrantClaim {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const grant = value as Record<string, unknown>;
  return grant.roomJoin === true && typeof grant.room === 'string';
}

/**
 * Verifies an HS256 connection token: its signature with `secret`, then `exp` and `nbf`.
 *
 * @returns the token's claims.
 * @throws {TokenVerificationError} with a `code` saying why the token is refused.
 */
export function verifyToken(jwt: string, secret: string, options: VerifyTokenOptions = {}): AccessTokenClaims {
  const parts = typeof jwt === 'string' ? jwt.split('.') : [];
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    throw new TokenVerificationError('malformed', 'A token has three non-empty base64url parts separated by dots.');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonObject(headerPart, 'header');
  if (header.alg !== 'HS256') {
    throw new TokenVerificationError('unsupported-algorithm', `Only HS256 tokens are accepted, not ${JSON.stringify(header.alg)}.`);
  }
  // Compare the canonical encodings, so a signature with altered padding bits is refused too.
  const expected = Buffer.from(sign(`${headerPart}.${payloadPart}`, secret).toString('base64url'));
  const actual = Buffer.from(signaturePart);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new TokenVerificationError('bad-signature', 'The token signature does not match.');
  }
  const claims = decodeJsonObject(payloadPart, 'payload');
  if (typeof claims.exp !== 'number' || typeof claims.nbf !== 'number') {
    throw new TokenVerificationError('malformed', 'The token has no numeric `exp` and `nbf` claims.');
  }
  if (typeof claims.sub !== 'string' || typeof claims.iss !== 'string' || !isVideoGrant(claims.video)) {
    throw new TokenVerificationError('malformed', 'The token lacks `iss`, `sub` or a `video` grant with `roomJoin` and `room`.');
  }
  const nowSeconds = (options.now ?? Date.now()) / 1000;
  const leeway = options.leewaySeconds ?? 0;
  if (nowSeconds >= claims.exp + leeway) {
    throw new TokenVerificationError('expired', `The token expired at ${new Date(claims.exp * 1000).toISOString()}.`);
  }
  if (nowSeconds < claims.nbf - leeway) {
    throw new TokenVerificationError('not-yet-valid', `The token is not valid before ${new Date(claims.nbf * 1000).toISOString()}.`);
  }
  return claims as unknown as AccessTokenClaims;
}
