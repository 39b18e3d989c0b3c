import { createHmac, timingSafeEqual } from 'node:crypto';

/** The shared secret the dev media server uses when neither an option nor `ROOM_TOKEN_SECRET` gives one. */
export const DEFAULT_TOKEN_SECRET = 'roomkit-dev-secret';

/** A media source as LiveKit spells it in a token's `canPublishSources`. */
export type TrackSourceName = 'camera' | 'microphone' | 'screen_share' | 'screen_share_audio';

/** LiveKit's `video` claim, as far as this server reads it. Absent flags take the server's defaults. */
export interface VideoGrant {
  roomJoin?: boolean;
  room?: string;
  canPublish?: boolean;
  canSubscribe?: boolean;
  canPublishData?: boolean;
  canPublishSources?: TrackSourceName[];
  canUpdateOwnMetadata?: boolean;
  hidden?: boolean;
  roomAdmin?: boolean;
  roomRecord?: boolean;
  /** LiveKit Egress's recorder: while one is in the room, the room is recording (`activeRecording`). */
  recorder?: boolean;
}

/** The verified claims of a connection token. */
export interface AccessTokenClaims {
  /** `sub`: the participant identity. */
  identity: string;
  name?: string;
  metadata?: string;
  attributes?: Record<string, string>;
  /** `kind`: what kind of participant joins (LiveKit's claim: standard, ingress, egress, sip, agent). */
  kind?: ParticipantKindName;
  /** `exp` in epoch seconds, when present. */
  exp?: number;
  /** `nbf` in epoch seconds, when present. */
  nbf?: number;
  /** `iss`: the key id whose secret signed it, when present. */
  issuer?: string;
  video: VideoGrant;
}

/** Why a token was refused. `status` is what the server answers on the WebSocket upgrade and on `/validate`. */
export class TokenError extends Error {
  readonly status: 401 | 403;

  constructor(message: string, status: 401 | 403 = 401) {
    super(message);
    this.name = 'TokenError';
    this.status = status;
  }
}

const SOURCE_NAMES: readonly TrackSourceName[] = ['camera', 'microphone', 'screen_share', 'screen_share_audio'];
const BOOLEAN_GRANTS = [
  'roomJoin',
  'canPublish',
  'canSubscribe',
  'canPublishData',
  'canUpdateOwnMetadata',
  'hidden',
  'roomAdmin',
  'roomRecord',
  'recorder',
] as const;

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

function decodeJsonSegment(segment: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError(`malformed token: the ${what} is not base64url-encoded JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TokenError(`malformed token: the ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function readVideoGrant(raw: unknown): VideoGrant {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const grant: VideoGrant = {};
  if (typeof source.room === 'string') grant.room = source.room;
  for (const key of BOOLEAN_GRANTS) {
    const value = source[key];
    if (typeof value === 'boolean') grant[key] = value;
  }
  if (Array.isArray(source.canPublishSources)) {
    grant.canPublishSources = source.canPublishSources
      .map((s) => (typeof s === 'string' ? s.toLowerCase() : ''))
      .filter((s): s is TrackSourceName => (SOURCE_NAMES as readonly string[]).includes(s));
  }
  return grant;
}

/** The participant kinds a token's `kind` claim may name. */
export type ParticipantKindName = 'standard' | 'ingress' | 'egress' | 'sip' | 'agent';
const KIND_NAMES: readonly ParticipantKindName[] = ['standard', 'ingress', 'egress', 'sip', 'agent'];

function readAttributes(raw: unknown): Record<string, string> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** A JWT split into its parts, its signature not yet checked. */
export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signingInput: string;
  signature: string;
}

/**
 * Splits a JWT and decodes its header and payload without checking anything else: the payload's `iss` names the
 * key whose secret checks the signature ({@link checkJwt}).
 *
 * @throws {TokenError} (401) when it is not three base64url JSON parts.
 */
export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('malformed token: expected three dot-separated parts');
  const [headerSegment, payloadSegment, signature] = parts as [string, string, string];
  return {
    header: decodeJsonSegment(headerSegment, 'header'),
    payload: decodeJsonSegment(payloadSegment, 'payload'),
    signingInput: `${headerSegment}.${payloadSegment}`,
    signature,
  };
}

/**
 * Checks a decoded JWT's algorithm (HS256), its signature with `secret`, `exp` and `nbf`.
 *
 * @throws {TokenError} (401) naming what is wrong.
 */
export function checkJwt(jwt: DecodedJwt, secret: string, nowMs: number = Date.now()): void {
  if (jwt.header.alg !== 'HS256') throw new TokenError(`unsupported token algorithm ${JSON.stringify(jwt.header.alg)}`);
  const expected = hmac(secret, jwt.signingInput);
  const actual = Buffer.from(jwt.signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new TokenError('invalid token signature');
  }
  const nowSeconds = nowMs / 1000;
  if (typeof jwt.payload.exp === 'number' && jwt.payload.exp <= nowSeconds) throw new TokenError('token has expired');
  if (typeof jwt.payload.nbf === 'number' && jwt.payload.nbf > nowSeconds) throw new TokenError('token is not valid yet');
}

/** The secret a token signed with key `keyId` (its `iss`) is checked with. */
export type SecretLookup = (keyId: string | undefined) => string;

/**
 * Verifies an HS256 connection token and returns its claims. `secret` is the secret, or a lookup from the token's
 * `iss` (its API key id) to the secret, as LiveKit finds a key's secret.
 *
 * @throws {TokenError} (status 401) when the token is malformed, not HS256, wrongly signed, expired, not yet
 * valid, or carries no identity or room; (status 403) when its grant does not allow joining a room.
 */
export function verifyAccessToken(token: string, secret: string | SecretLookup, nowMs: number = Date.now()): AccessTokenClaims {
  const jwt = decodeJwt(token);
  const { payload } = jwt;
  checkJwt(jwt, typeof secret === 'string' ? secret : secret(typeof payload.iss === 'string' ? payload.iss : undefined), nowMs);
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenError('token has no identity (sub)');

  const video = readVideoGrant(payload.video);
  if (video.roomJoin !== true) throw new TokenError('token does not grant roomJoin', 403);
  if (!video.room) throw new TokenError('token does not name a room', 403);

  const claims: AccessTokenClaims = { identity: payload.sub, video };
  if (typeof payload.name === 'string') claims.name = payload.name;
  if (typeof payload.metadata === 'string') claims.metadata = payload.metadata;
  const attributes = readAttributes(payload.attributes);
  if (attributes) claims.attributes = attributes;
  if (typeof payload.kind === 'string') {
    const kind = payload.kind.toLowerCase();
    if (!(KIND_NAMES as readonly string[]).includes(kind)) throw new TokenError(`unknown participant kind ${JSON.stringify(payload.kind)}`);
    claims.kind = kind as ParticipantKindName;
  }
  if (typeof payload.exp === 'number') claims.exp = payload.exp;
  if (typeof payload.nbf === 'number') claims.nbf = payload.nbf;
  if (typeof payload.iss === 'string') claims.issuer = payload.iss;
  return claims;
}

/** What {@link signAccessToken} puts in a token. */
export interface SignTokenInput {
  identity: string;
  name?: string;
  metadata?: string;
  attributes?: Record<string, string>;
  /** The participant's kind (`agent` for an AI agent); absent means standard. */
  kind?: ParticipantKindName;
  /** Lifetime in seconds; default 600. A negative value makes an already expired token (for tests). */
  ttlSeconds?: number;
  /** The `iss` claim: the key id of the secret (default `roomkit-dev`, the Room API's). */
  issuer?: string;
  video: VideoGrant;
}

/**
 * Signs an HS256 connection token the way the dev Room API does. For tests and local tools; production tokens
 * come from the Room API.
 */
export function signAccessToken(input: SignTokenInput, secret: string, nowMs: number = Date.now()): string {
  const now = Math.floor(nowMs / 1000);
  const ttl = input.ttlSeconds ?? 600;
  const payload: Record<string, unknown> = {
    sub: input.identity,
    iss: input.issuer ?? 'roomkit-dev',
    nbf: Math.min(now, now + ttl),
    exp: now + ttl,
    video: input.video,
  };
  if (input.name !== undefined) payload.name = input.name;
  if (input.metadata !== undefined) payload.metadata = input.metadata;
  if (input.attributes !== undefined) payload.attributes = input.attributes;
  if (input.kind !== undefined) payload.kind = input.kind;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`;
}
