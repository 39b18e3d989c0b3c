import type { IncomingMessage } from 'node:http';
import { parseApiKeys, type ApiKeyEntry } from '../room-api/apiKeys';
import { checkJwt, decodeJwt, TokenError, type DecodedJwt } from './token';
import { AuthError, TwirpError } from './twirp';

/** What a server token's `video` claim may grant the server API (LiveKit's names). */
export interface ServerVideoGrant {
  room?: string;
  roomAdmin?: boolean;
  roomList?: boolean;
  roomCreate?: boolean;
  roomRecord?: boolean;
  /** The room MoveParticipant may move to (with `roomAdmin` for `room`). */
  destinationRoom?: string;
}

/** An authenticated caller of the server API: the key that signed its token, and the token's grant. */
export interface ServerCaller {
  keyId: string;
  video: ServerVideoGrant;
}

/**
 * The keys of one media server, by key id, as LiveKit's key provider holds them: every API key the dev Room API knows
 * (`ROOM_API_KEYS`: `lk_<id>.<secret>`; the customer's server signs server tokens with them, `iss` = the key id), and
 * the server's own token key (`roomkit-dev` and `ROOM_TOKEN_SECRET`), which signs the Room API's connection tokens.
 * Secrets are held in clear: checking an HS256 signature needs them.
 */
export class ServerKeys {
  private readonly secrets = new Map<string, string>();
  private readonly tokenSecret: string;

  constructor(tokenSecret: string, tokenKeyId: string, apiKeys: string | readonly ApiKeyEntry[]) {
    this.tokenSecret = tokenSecret;
    this.secrets.set(tokenKeyId, tokenSecret);
    for (const entry of typeof apiKeys === 'string' ? parseApiKeys(apiKeys) : apiKeys) {
      const dot = entry.key.indexOf('.');
      this.secrets.set(entry.key.slice(0, dot), entry.key.slice(dot + 1));
    }
  }

  /**
   * The secret a connection token is checked with: its API key's when its `iss` is one (a token a customer signed
   * with its key, as with LiveKit), else the server's token secret, whatever the `iss` (as before API keys).
   */
  readonly connectionSecret = (keyId: string | undefined): string => (keyId !== undefined && this.secrets.get(keyId)) || this.tokenSecret;

  /** The secret of a known key (an API key or the token key), for server tokens; undefined for an unknown key. */
  serverSecret(keyId: string): string | undefined {
    return this.secrets.get(keyId);
  }
}

function readServerGrant(raw: unknown): ServerVideoGrant {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const grant: ServerVideoGrant = {};
  if (typeof source.room === 'string') grant.room = source.room;
  if (typeof source.destinationRoom === 'string') grant.destinationRoom = source.destinationRoom;
  for (const key of ['roomAdmin', 'roomList', 'roomCreate', 'roomRecord'] as const) {
    if (source[key] === true) grant[key] = true;
  }
  return grant;
}

/**
 * LiveKit's `APIKeyAuthMiddleware` for the server API: the token from `Authorization: Bearer <JWT>` (else the
 * `access_token` query parameter), its key found by `iss`, its HS256 signature, `exp` and `nbf` checked. Returns the
 * caller, or undefined without a token (every method then refuses: "permissions denied").
 *
 * @throws {AuthError} (a plain-text 401, as LiveKit's middleware answers) for a header not starting with `Bearer `,
 * an unreadable token, an unknown key, a bad signature or an expired token.
 */
export function authenticateServerCall(req: IncomingMessage, keys: ServerKeys, nowMs: number = Date.now()): ServerCaller | undefined {
  const header = req.headers.authorization;
  let token: string;
  if (header !== undefined && header !== '') {
    if (!header.startsWith('Bearer ')) throw new AuthError('invalid authorization header. Must start with Bearer ');
    token = header.slice('Bearer '.length);
  } else {
    token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('access_token') ?? '';
  }
  if (token === '') return undefined;
  let jwt: DecodedJwt;
  try {
    jwt = decodeJwt(token);
  } catch {
    throw new AuthError('invalid authorization token');
  }
  const keyId = typeof jwt.payload.iss === 'string' ? jwt.payload.iss : '';
  const secret = keys.serverSecret(keyId);
  if (secret === undefined) throw new AuthError('invalid API key');
  try {
    checkJwt(jwt, secret, nowMs);
  } catch (error) {
    throw new AuthError(`invalid authorization token: ${error instanceof TokenError ? error.message : String(error)}`);
  }
  return { keyId, video: readServerGrant(jwt.payload.video) };
}

const denied = () => new TwirpError('unauthenticated', 'permissions denied');

/** `EnsureAdminPermission`: `roomAdmin`, for `room` exactly. */
export function ensureAdmin(caller: ServerCaller | undefined, room: string): void {
  if (!caller?.video.roomAdmin || (caller.video.room ?? '') !== room) throw denied();
}

/** `EnsureDestRoomPermission` (MoveParticipant): `roomAdmin`, for `room` exactly, and `destinationRoom` exactly. */
export function ensureDestinationRoom(caller: ServerCaller | undefined, room: string, destination: string): void {
  ensureAdmin(caller, room);
  if ((caller?.video.destinationRoom ?? '') !== destination) throw denied();
}

/** `EnsureListPermission`: `roomList`. */
export function ensureList(caller: ServerCaller | undefined): void {
  if (!caller?.video.roomList) throw denied();
}

/** `EnsureCreatePermission` (CreateRoom and DeleteRoom): `roomCreate`. */
export function ensureCreate(caller: ServerCaller | undefined): void {
  if (!caller?.video.roomCreate) throw denied();
}

/** `EnsureRecordPermission` (every Egress method): `roomRecord`, for any room, as on LiveKit. */
export function ensureRecord(caller: ServerCaller | undefined): void {
  if (!caller?.video.roomRecord) throw denied();
}
