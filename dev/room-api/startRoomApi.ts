import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signToken } from './accessToken';
import type { AccessTokenClaims } from './accessToken';
import { ApiKeyStore, DEFAULT_HASH_COST, generateApiKey, parseApiKeys, readCredentials } from './apiKeys';
import type { ApiKeyEntry } from './apiKeys';
import { HttpError, readJsonObject, sendError, sendJson } from './http';
import { openApiDocument } from './openApiDocument';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rateLimiter';
import type { RateLimitOptions } from './rateLimiter';
import { parseCreateRoom, parseTokenRequest } from './validation';

export interface RoomApiLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface RoomApiOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; 127.0.0.1 by default. */
  host?: string;
  /**
   * API keys, as a `ROOM_API_KEYS` string (`app1=lk_dev1.secret1,app2=lk_dev2.secret2`) or a list.
   * Without any, one application `default` gets a random key, logged once at start.
   */
  keys?: string | readonly ApiKeyEntry[];
  /** The media server address returned in token responses (default `ws://127.0.0.1:7880`). */
  mediaUrl?: string;
  /** HS256 secret for connection tokens, at least 32 characters. Required in production; random per run otherwise. */
  tokenSigningSecret?: string;
  /** The token `iss` claim, LiveKit's API key for the signing secret (default `roomkit-dev`). */
  tokenSigningKeyId?: string;
  /** Per-API-key token bucket (default 20 requests a second, burst 20). */
  rateLimit?: Partial<RateLimitOptions>;
  /** Production hides `/docs` (unless `enableSwagger`) and requires `tokenSigningSecret`. */
  production?: boolean;
  /** Serves `/docs` in production too (`ENABLE_SWAGGER=true`). */
  enableSwagger?: boolean;
  /** Largest accepted request body (default 16 KiB). */
  bodyLimitBytes?: number;
  /** scrypt cost N for stored API key hashes (default 16384; tests may lower it). */
  hashCost?: number;
  /** Clock in epoch milliseconds, for tests (default `Date.now`). */
  now?: () => number;
  /** Where start-up messages go (default `console`). Request data is never logged. */
  logger?: RoomApiLogger;
}

export interface RoomApiHandle {
  /** `http://host:port`, without the `/api/v1` base path. */
  url: string;
  /** `url` followed by `/api/v1`. */
  baseUrl: string;
  port: number;
  /** The secret tokens are signed with, for an in-process media server to verify them. */
  tokenSigningSecret: string;
  tokenSigningKeyId: string;
  /** The key generated when none was configured, for in-process callers; otherwise absent. */
  generatedApiKey?: string;
  close(): Promise<void>;
}

/** A room as the API returns it. */
export interface RoomRecord {
  slug: string;
  name: string;
  description?: string;
  scheduledAt?: string;
  createdAt: string;
}

export const DEFAULT_MEDIA_URL = 'ws://127.0.0.1:7880';
const DEFAULT_BODY_LIMIT = 16 * 1024;
const MIN_SECRET_LENGTH = 32;
const SLUG_SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

type Route = { kind: 'rooms' } | { kind: 'room'; slug: string } | { kind: 'token'; slug: string };

const ALLOWED_METHODS: Record<Route['kind'], readonly string[]> = {
  rooms: ['GET', 'POST'],
  room: ['DELETE'],
  token: ['POST'],
};

function matchRoute(pathname: string): Route | undefined {
  if (pathname === '/api/v1/sdk/rooms') return { kind: 'rooms' };
  const match = /^\/api\/v1\/sdk\/rooms\/([^/]+)(\/token)?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  return match[2] ? { kind: 'token', slug: match[1] } : { kind: 'room', slug: match[1] };
}

/** A readable, URL-safe stem from a room name: `Weekly Sync!` → `weekly-sync`. */
function slugStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return stem || 'room';
}

function randomSuffix(length: number): string {
  let suffix = '';
  for (let i = 0; i < length; i++) suffix += SLUG_SUFFIX_ALPHABET[randomInt(SLUG_SUFFIX_ALPHABET.length)];
  return suffix;
}

function checkMediaUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:')) {
    throw new Error(`The media URL must be a ws:// or wss:// address, got ${JSON.stringify(value)}.`);
  }
  return value;
}

function resolveSigningSecret(secret: string | undefined, production: boolean, logger: RoomApiLogger): string {
  if (secret === undefined || secret === '') {
    if (production) throw new Error('A token signing secret is required in production (ROOM_TOKEN_SECRET).');
    logger.warn('Room API: no token signing secret set; tokens are signed with a random secret for this run only.');
    return randomBytes(32).toString('base64url');
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The token signing secret must be at least ${MIN_SECRET_LENGTH} characters long.`);
  }
  return secret;
}

const unauthorized = (message: string) =>
  new HttpError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="room-api"' });
const roomNotFound = (slug: string) =>
  new HttpError(404, 'not_found', `No room ${JSON.stringify(slug)} in this application.`);

/**
 * Starts the dev Room API (`/api/v1/sdk/rooms…`) in this process.
 *
 * @throws {ApiKeyConfigError} for malformed keys; `Error` for a bad media URL, a short signing secret, a
 * production start without one, or a port that cannot be bound.
 */
export async function startRoomApi(options: RoomApiOptions = {}): Promise<RoomApiHandle> {
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const production = options.production ?? false;
  const docsEnabled = !production || options.enableSwagger === true;
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const mediaUrl = checkMediaUrl(options.mediaUrl ?? DEFAULT_MEDIA_URL);
  const signingKeyId = options.tokenSigningKeyId ?? 'roomkit-dev';


  const entries = typeof options.keys === 'string' ? parseApiKeys(options.keys) : [...(options.keys ?? [])];
  const signingSecret = resolveSigningSecret(options.tokenSigningSecret, production, logger);
  let generatedApiKey: string | undefined;
  if (entries.length === 0) {
    generatedApiKey = generateApiKey();
    entries.push({ application: 'default', key: generatedApiKey });
  }
  const keys = await ApiKeyStore.create(entries, options.hashCost ?? DEFAULT_HASH_COST);
  const limiter = createRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit }, now);

  const rooms = new Map<string, { application: string; record: RoomRecord }>();
  // Slugs are never reused: a token issued for a deleted room must not open a later one.
  const usedSlugs = new Set<string>();

  async function authenticate(req: IncomingMessage): Promise<{ application: string; keyId: string }> {
    const credentials = readCredentials(req.headers.authorization);
    if (!credentials.ok) {
      throw unauthorized(
        credentials.reason === 'missing'
          ? 'Missing API key: send Authorization: Bearer <KEY_ID>.<SECRET>.'
          : 'Malformed Authorization header: expected Bearer <KEY_ID>.<SECRET>.',
      );
    }
    if (!keys.has(credentials.keyId)) throw unauthorized('Invalid API key.');
    // The bucket is taken before the secret is checked, so guessing a key's secret is rate limited too.
    const decision = limiter.take(credentials.keyId);
    if (!decision.allowed) {
      throw new HttpError(429, 'rate_limited', `Too many requests; retry in ${decision.retryAfterSeconds} s.`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    const application = await keys.authenticate(credentials.keyId, credentials.secret);
    if (application === undefined) throw unauthorized('Invalid API key.');
    return { application, keyId: credentials.keyId };
  }

  function ownedRoom(application: string, slug: string): RoomRecord {
    const room = rooms.get(slug);
    if (!room || room.application !== application) throw roomNotFound(slug);
    return room.record;
  }

  function createRoom(application: string, body: Record<string, unknown>): RoomRecord {
    const request = parseCreateRoom(body);
    let slug: string;
    do slug = `${slugStem(request.name)}-${randomSuffix(8)}`;
    while (usedSlugs.has(slug));
    usedSlugs.add(slug);
    const record: RoomRecord = {
      slug,
      name: request.name,
      ...(request.description !== undefined && { description: request.description }),
      ...(request.scheduledAt !== undefined && { scheduledAt: request.scheduledAt }),
      createdAt: new Date(now()).toISOString(),
    };
    rooms.set(slug, { application, record });
    return record;
  }

  function issueToken(room: RoomRecord, body: Record<string, unknown>) {
    const request = parseTokenRequest(body);
    const issuedAt = Math.floor(now() / 1000);
    const claims: AccessTokenClaims = {
      iss: signingKeyId,
      sub: request.identity,
      nbf: issuedAt,
      exp: issuedAt + request.ttlSeconds,
      video: { roomJoin: true, room: room.slug, ...request.grants },
    };
    if (request.name !== undefined) claims.name = request.name;
    if (request.metadata !== undefined) claims.metadata = request.metadata;
    return {
      token: signToken(claims, signingSecret),
      url: mediaUrl,
      room: room.slug,
      identity: request.identity,
      expiresAt: claims.exp,
    };
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');

    if (pathname === '/docs' || pathname === '/docs/openapi.json') {
      if (!docsEnabled) throw new HttpError(404, 'not_found', `No route for ${pathname}.`);
      if (method !== 'GET') {
        throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${pathname}; use GET.`, { Allow: 'GET' });
      }
      sendJson(res, 200, openApiDocument);
      return;
    }

    const route = matchRoute(pathname);
    if (!route) throw new HttpError(404, 'not_found', `No route for ${pathname}.`);
    const allowed = ALLOWED_METHODS[route.kind];
    if (!allowed.includes(method)) {
      throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${pathname}; use ${allowed.join(' or ')}.`, {
        Allow: allowed.join(', '),
      });
    }

    const { application } = await authenticate(req);
    switch (route.kind) {
      case 'rooms':
        if (method === 'POST') {
          sendJson(res, 201, createRoom(application, await readJsonObject(req, bodyLimit)));
        } else {
          const list = [...rooms.values()].filter((room) => room.application === application).map((room) => room.record);
          sendJson(res, 200, { rooms: list });
        }
        return;
      case 'room':
        ownedRoom(application, route.slug);
        rooms.delete(route.slug);
        res.writeHead(204).end();
        return;
      case 'token': {
        const body = await readJsonObject(req, bodyLimit);
        sendJson(res, 200, issueToken(ownedRoom(application, route.slug), body));
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendError(res, error);
        return;
      }
      logger.error('Room API: unexpected error', error);
      sendError(res, new HttpError(500, 'internal_error', 'Internal server error.'));
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  if (generatedApiKey !== undefined) {
    logger.info(
      `Room API: no ROOM_API_KEYS set; created application "default" with API key ${generatedApiKey} ` +
        '(shown once: keep it on your server).',
    );
  }

  let closing: Promise<void> | undefined;
  const roomApi: RoomApiHandle = {
    url,
    baseUrl: `${url}/api/v1`,
    port,
    tokenSigningSecret: signingSecret,
    tokenSigningKeyId: signingKeyId,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
  if (generatedApiKey !== undefined) roomApi.generatedApiKey = generatedApiKey;
  return roomApi;
}
