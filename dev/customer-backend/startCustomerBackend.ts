/**
 * An example customer backend: the server a RoomKit app would call for a connection token.
 *
 * It holds the Room API key and never sends it to the browser. A real backend authenticates its user
 * first and takes the identity and role from its own session; this example trusts the request body.
 * It is self-contained on purpose (no imports from the dev Room API), as a customer's server would be.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MeetingRole = 'publisher' | 'viewer' | 'admin' | 'recorder' | 'observer';

export interface MeetingGrants {
  canPublish?: boolean;
  canSubscribe?: boolean;
  canPublishData?: boolean;
  hidden?: boolean;
  roomAdmin?: boolean;
  roomRecord?: boolean;
}

/** Each role gets only the rights it needs. */
export const ROLE_GRANTS: Readonly<Record<MeetingRole, Readonly<MeetingGrants>>> = {
  publisher: { canPublish: true, canSubscribe: true, canPublishData: true },
  viewer: { canPublish: false, canSubscribe: true, canPublishData: false },
  admin: { canPublish: true, canSubscribe: true, canPublishData: true, roomAdmin: true },
  recorder: { canPublish: false, canSubscribe: true, canPublishData: false, hidden: true, roomRecord: true },
  observer: { canPublish: false, canSubscribe: true, canPublishData: false, hidden: true },
};

export interface CustomerBackendOptions {
  /** The Room API base address; `/api/v1` is appended when missing. */
  roomApiUrl: string;
  /** The complete Room API key `<KEY_ID>.<SECRET>`. Server side only. */
  apiKey: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Lifetime of the tokens it requests, in seconds (the Room API's default, 6 hours, when absent). */
  ttlSeconds?: number;
  /** Interface to bind; 127.0.0.1 by default. */
  host?: string;
  /** Room name used when a request names none (default `demo`). */
  defaultRoom?: string;
  /** Role used when a request names none (default `viewer`, the least privileged). */
  defaultRole?: MeetingRole;
}

export interface CustomerBackendHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface MeetingTokenRequest {
  room: string;
  identity: string;
  name?: string;
  role: MeetingRole;
}

interface ConnectionResponse {
  token: string;
  url: string;
  room: string;
  identity: string;
  expiresAt: number;
}

const BODY_LIMIT = 16 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;
const ROLES = Object.keys(ROLE_GRANTS) as MeetingRole[];

/** A response to send as is: either our own error or one relayed from the Room API. */
class Reply extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
  }

  static error(status: number, code: string, message: string): Reply {
    return new Reply(status, JSON.stringify({ error: { code, message } }), { 'Content-Type': 'application/json; charset=utf-8' });
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    throw Reply.error(415, 'unsupported_media_type', 'Send the request body as Content-Type: application/json.');
  }
  const tooLarge = () => Reply.error(413, 'payload_too_large', `The request body exceeds ${BODY_LIMIT} bytes.`);
  if (Number(req.headers['content-length']) > BODY_LIMIT) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end even past the limit (dropping the excess), so the 413 reaches the client.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= BODY_LIMIT) chunks.push(chunk);
  }
  if (size > BODY_LIMIT) throw tooLarge();
  const text = Buffer.concat(chunks).toString('utf8');
  let value: unknown = {};
  try {
    if (text.trim() !== '') value = JSON.parse(text);
  } catch {
    throw Reply.error(400, 'invalid_request', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw Reply.error(400, 'invalid_request', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
    throw Reply.error(400, 'invalid_request', `\`${field}\` must be a non-empty string of at most 200 characters.`);
  }
  return value;
}

function parseRequest(body: Record<string, unknown>, options: CustomerBackendOptions): MeetingTokenRequest {
  const role = body.role ?? options.defaultRole ?? 'viewer';
  if (!ROLES.includes(role as MeetingRole)) {
    throw Reply.error(400, 'invalid_request', `\`role\` must be one of ${ROLES.join(', ')}.`);
  }
  const request: MeetingTokenRequest = {
    room: optionalString(body, 'room') ?? options.defaultRoom ?? 'demo',
    identity: optionalString(body, 'identity') ?? `guest-${randomUUID().slice(0, 8)}`,
    role: role as MeetingRole,
  };
  const name = optionalString(body, 'name');
  if (name !== undefined) request.name = name;
  return request;
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(reply.body), ...reply.headers });
  res.end(reply.body);
}

function isConnectionResponse(value: unknown): value is ConnectionResponse {
  const v = value as Partial<ConnectionResponse> | null;
  return (
    typeof v === 'object' && v !== null &&
    typeof v.token === 'string' && typeof v.url === 'string' && typeof v.room === 'string' &&
    typeof v.identity === 'string' && typeof v.expiresAt === 'number'
  );
}

/**
 * Starts the example backend: `POST /api/meeting-token` and `GET /api/health`.
 *
 * @throws {Error} for a missing API key or a port that cannot be bound.
 */
export async function startCustomerBackend(options: CustomerBackendOptions): Promise<CustomerBackendHandle> {
  if (!options.apiKey) throw new Error('The customer backend needs a Room API key (ROOM_API_KEY).');
  const trimmed = options.roomApiUrl.replace(/\/+$/, '');
  const roomApiBase = trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
  // Room name → slug of the room created for it, shared by concurrent first requests.
  const slugs = new Map<string, Promise<string>>();

  /** Calls the Room API; a non-2xx answer is thrown as a Reply relaying its status and body unchanged. */
  async function roomApi(path: string, body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${roomApiBase}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      throw Reply.error(502, 'room_api_unavailable', 'The Room API could not be reached.');
    }
    const text = await response.text();
    if (!response.ok) {
      const headers: Record<string, string> = { 'Content-Type': response.headers.get('content-type') ?? 'application/json' };
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter !== null) headers['Retry-After'] = retryAfter;
      throw new Reply(response.status, text, headers);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw Reply.error(502, 'room_api_bad_response', 'The Room API answered with invalid JSON.');
    }
  }

  function ensureRoom(name: string): Promise<string> {
    let slug = slugs.get(name);
    if (!slug) {
      slug = roomApi('/sdk/rooms', { name }).then((room) => {
        const value = (room as { slug?: unknown } | null)?.slug;
        if (typeof value !== 'string') throw Reply.error(502, 'room_api_bad_response', 'The Room API returned no room slug.');
        return value;
      });
      slugs.set(name, slug);
      // A failed creation is not remembered, so the next request tries again.
      slug.catch(() => {
        if (slugs.get(name) === slug) slugs.delete(name);
      });
    }
    return slug;
  }

  async function meetingToken(req: IncomingMessage): Promise<ConnectionResponse> {
    const request = parseRequest(await readBody(req), options);
    const slugPromise = ensureRoom(request.room);
    const slug = await slugPromise;
    try {
      const response = await roomApi(`/sdk/rooms/${encodeURIComponent(slug)}/token`, {
        identity: request.identity,
        ...(request.name !== undefined && { name: request.name }),
        ...(options.ttlSeconds !== undefined && { ttlSeconds: options.ttlSeconds }),
        grants: ROLE_GRANTS[request.role],
      });
      if (!isConnectionResponse(response)) {
        throw Reply.error(502, 'room_api_bad_response', 'The Room API returned an unexpected token response.');
      }
      const { token, url, room, identity, expiresAt } = response;
      return { token, url, room, identity, expiresAt };
    } catch (error) {
      // The room was deleted behind our back: relay the 404, and create it afresh on the next request.
      if (error instanceof Reply && error.status === 404 && slugs.get(request.room) === slugPromise) slugs.delete(request.room);
      throw error;
    }
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const routes: Record<string, string> = { '/api/meeting-token': 'POST', '/api/health': 'GET' };
    const allowed = routes[pathname];
    if (allowed === undefined) throw Reply.error(404, 'not_found', `No route for ${pathname}.`);
    if (req.method !== allowed) {
      const reply = Reply.error(405, 'method_not_allowed', `Use ${allowed} on ${pathname}.`);
      throw new Reply(reply.status, reply.body, { ...reply.headers, Allow: allowed });
    }
    const body = pathname === '/api/health' ? { status: 'ok' } : await meetingToken(req);
    send(res, new Reply(200, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8' }));
  }

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      send(res, error instanceof Reply ? error : Reply.error(500, 'internal_error', 'Internal server error.'));
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
