import { invalidRequest } from './http';

/** The body of `POST /sdk/rooms`. */
export interface CreateRoomRequest {
  name: string;
  description?: string;
  /** ISO 8601 date-time, normalised to UTC (`toISOString`). */
  scheduledAt?: string;
}

/** The six grants of the contract; a token carries only those the request gives. */
export interface TokenGrants {
  canPublish?: boolean;
  canSubscribe?: boolean;
  canPublishData?: boolean;
  hidden?: boolean;
  roomAdmin?: boolean;
  roomRecord?: boolean;
}

/** The body of `POST /sdk/rooms/:slug/token`. */
export interface TokenRequest {
  identity: string;
  name?: string;
  metadata?: string;
  ttlSeconds: number;
  grants: TokenGrants;
}

export const TTL_MIN_SECONDS = 60;
export const TTL_MAX_SECONDS = 86400;
export const TTL_DEFAULT_SECONDS = 21600;

const GRANT_NAMES = ['canPublish', 'canSubscribe', 'canPublishData', 'hidden', 'roomAdmin', 'roomRecord'] as const;
const ROOM_FIELDS = ['name', 'description', 'scheduledAt'];
const TOKEN_FIELDS = ['identity', 'name', 'metadata', 'ttlSeconds', 'grants'];
// A date-time with a time zone, as in RFC 3339 (seconds and fraction optional).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Unknown fields are refused rather than ignored: a misspelt `ttlSecond` or `canpublish` would otherwise
 * silently fall back to a default, which for grants means more rights than intended.
 */
function refuseUnknown(body: Record<string, unknown>, known: readonly string[], where: string): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw invalidRequest(`Unknown field \`${where}${unknown}\`; expected ${known.map((k) => `\`${where}${k}\``).join(', ')}.`);
  }
}

function requiredString(body: Record<string, unknown>, field: string, maxLength: number): string {
  const value = body[field];
  if (value === undefined) throw invalidRequest(`\`${field}\` is required (a non-empty string).`);
  if (typeof value !== 'string') throw invalidRequest(`\`${field}\` must be a string, got ${typeName(value)}.`);
  if (value.trim() === '') throw invalidRequest(`\`${field}\` must not be empty.`);
  if (value.length > maxLength) throw invalidRequest(`\`${field}\` must be at most ${maxLength} characters.`);
  return value;
}

function optionalString(body: Record<string, unknown>, field: string, maxLength: number): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`\`${field}\` must be a string, got ${typeName(value)}.`);
  if (value.length > maxLength) throw invalidRequest(`\`${field}\` must be at most ${maxLength} characters.`);
  return value;
}

export function parseCreateRoom(body: Record<string, unknown>): CreateRoomRequest {
  refuseUnknown(body, ROOM_FIELDS, '');
  const room: CreateRoomRequest = { name: requiredString(body, 'name', 200) };
  const description = optionalString(body, 'description', 2000);
  if (description !== undefined) room.description = description;
  const scheduledAt = optionalString(body, 'scheduledAt', 40);
  if (scheduledAt !== undefined) {
    const time = Date.parse(scheduledAt);
    if (!DATE_TIME.test(scheduledAt) || Number.isNaN(time)) {
      throw invalidRequest('`scheduledAt` must be an ISO 8601 date-time with a time zone, e.g. 2030-01-31T09:00:00Z.');
    }
    room.scheduledAt = new Date(time).toISOString();
  }
  return room;
}

function parseGrants(value: unknown): TokenGrants {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest(`\`grants\` must be an object, got ${typeName(value)}.`);
  }
  const raw = value as Record<string, unknown>;
  refuseUnknown(raw, GRANT_NAMES, 'grants.');
  const grants: TokenGrants = {};
  for (const name of GRANT_NAMES) {
    const flag = raw[name];
    if (flag === undefined) continue;
    if (typeof flag !== 'boolean') throw invalidRequest(`\`grants.${name}\` must be a boolean, got ${typeName(flag)}.`);
    grants[name] = flag;
  }
  return grants;
}

export function parseTokenRequest(body: Record<string, unknown>): TokenRequest {
  refuseUnknown(body, TOKEN_FIELDS, '');
  const identity = requiredString(body, 'identity', 256);
  const name = optionalString(body, 'name', 256);
  const metadata = optionalString(body, 'metadata', 8192);
  const ttl = body.ttlSeconds === undefined ? TTL_DEFAULT_SECONDS : body.ttlSeconds;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl)) {
    throw invalidRequest(`\`ttlSeconds\` must be an integer number of seconds, got ${typeName(ttl)}${typeof ttl === 'number' ? ` ${ttl}` : ''}.`);
  }
  if (ttl < TTL_MIN_SECONDS || ttl > TTL_MAX_SECONDS) {
    throw invalidRequest(`\`ttlSeconds\` must be between ${TTL_MIN_SECONDS} and ${TTL_MAX_SECONDS} (inclusive), got ${ttl}.`);
  }
  const request: TokenRequest = { identity, ttlSeconds: ttl, grants: parseGrants(body.grants) };
  if (name !== undefined) request.name = name;
  if (metadata !== undefined) request.metadata = metadata;
  return request;
}
