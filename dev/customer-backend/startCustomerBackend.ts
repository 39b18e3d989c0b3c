/**
 * An example customer backend: the server a RoomKit app calls for a connection token, and for room actions.
 *
 * It holds the Room API key and never sends it to the browser. The token route is `createConnectionHandler`
 * from `@roomkit/react/server`, the room actions route `createRoomActionsHandler`, both served through
 * `toNodeListener`; this file adds only what is the app's own: who the caller is and what their role may do. A real
 * backend takes the identity and role from its own session; this example trusts the token request's body. The room
 * actions route needs no such trust: it acts for the caller's own connection token, which the media server vouches for.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// An app writes `from '@roomkit/react/server'`; the example imports the same entry from source, so tests, the
// demo and `npm run customer-backend` run without a build.
import { createBreakoutStore, createConnectionHandler, createRoomActionsHandler, createWaitingRoomStore, toNodeListener } from '../../src/server/index';
import type { ConnectionParticipant, RecordingOptions, TokenGrants } from '../../src/server/index';

export type MeetingRole = 'publisher' | 'guest' | 'viewer' | 'admin' | 'recorder' | 'observer';

export type MeetingGrants = TokenGrants;

/** Each role gets only the rights it needs. */
export const ROLE_GRANTS: Readonly<Record<MeetingRole, Readonly<MeetingGrants>>> = {
  publisher: { canPublish: true, canSubscribe: true, canPublishData: true },
  // A publisher once let in: until an admin admits them, they wait without rights (`wait: true`, below).
  guest: { canPublish: true, canSubscribe: true, canPublishData: true },
  viewer: { canPublish: false, canSubscribe: true, canPublishData: false },
  admin: { canPublish: true, canSubscribe: true, canPublishData: true, roomAdmin: true, roomRecord: true },
  recorder: { canPublish: false, canSubscribe: true, canPublishData: false, hidden: true, roomRecord: true },
  observer: { canPublish: false, canSubscribe: true, canPublishData: false, hidden: true },
};

export interface CustomerBackendOptions {
  /** The Room API base address, with or without `/api/v1`. */
  roomApiUrl: string;
  /** The complete Room API key `<KEY_ID>.<SECRET>`. Server side only. */
  apiKey: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Lifetime of the tokens it requests, in seconds (the Room API's default, 6 hours, when absent). */
  ttlSeconds?: number;
  /** Interface to bind; 127.0.0.1 by default. */
  host?: string;
  /** Room used when a request names none (default `demo`). */
  defaultRoom?: string;
  /** Role used when a request names none (default `viewer`, the least privileged). */
  defaultRole?: MeetingRole;
  /**
   * The media server (the `url` the Room API's token responses carry, `wss://…`): with it, `POST /api/room-actions`
   * performs room actions there (`createRoomActionsHandler`); without it that route answers 500 and logs the fix.
   * Default: the `ROOM_MEDIA_URL` environment variable.
   */
  mediaUrl?: string;
  /** How the room actions route records (`recording` of `createRoomActionsHandler`); without it, recording answers 500. */
  recording?: RecordingOptions;
}

export interface CustomerBackendHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

const BODY_LIMIT = 16 * 1024;
const ROLES = Object.keys(ROLE_GRANTS) as MeetingRole[];

const invalid = (message: string) => Response.json({ error: { code: 'invalid_request', message } }, { status: 400 });

function optionalString(body: Readonly<Record<string, unknown>>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
    throw invalid(`\`${field}\` must be a non-empty string of at most 200 characters.`);
  }
  return value;
}

/** The app's side of the token route: the caller and the grants of their role (here from the body). */
function participantFrom(body: Readonly<Record<string, unknown>>, defaultRole: MeetingRole): ConnectionParticipant {
  const role = body.role ?? defaultRole;
  if (!ROLES.includes(role as MeetingRole)) throw invalid(`\`role\` must be one of ${ROLES.join(', ')}.`);
  const name = optionalString(body, 'name');
  return {
    identity: optionalString(body, 'identity') ?? `guest-${randomUUID().slice(0, 8)}`,
    ...(name !== undefined && { name }),
    grants: ROLE_GRANTS[role as MeetingRole],
    ...(role === 'guest' && { wait: true }),
  };
}

/**
 * This demo lets a request name no room (it then joins `room`); a real app has its client send one. The body is
 * read up to one byte past the limit and handed on, so the token route still answers 413, 415 and 400 itself.
 */
async function withDefaultRoom(request: Request, room: string): Promise<Request> {
  if (request.body === null || !/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    size += read.value.byteLength;
    if (size > BODY_LIMIT) {
      await reader.cancel();
      break;
    }
  }
  const bytes = Buffer.concat(chunks);
  let body: unknown;
  try {
    body = bytes.toString('utf8').trim() === '' ? {} : JSON.parse(bytes.toString('utf8'));
  } catch {
    body = undefined;
  }
  const plain = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, {
    method: request.method,
    headers,
    body: plain && !('room' in plain) ? JSON.stringify({ ...plain, room }) : bytes,
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export async function startCustomerBackend(options: CustomerBackendOptions): Promise<CustomerBackendHandle> {
  if (!options.apiKey) throw new Error('The customer backend needs a Room API key (ROOM_API_KEY).');
  const defaultRoom = options.defaultRoom ?? 'demo';
  const defaultRole = options.defaultRole ?? 'viewer';
  // Who waits and who was let in: the token route records knocks, the room actions route admits and denies.
  const waitingRoom = createWaitingRoomStore();
  // Who is in which breakout room: the room actions route opens and closes them, the token route places people.
  const breakouts = createBreakoutStore();
  const handler = createConnectionHandler({
    waitingRoom,
    breakouts,
    apiKey: options.apiKey,
    roomApiUrl: options.roomApiUrl,
    ...(options.ttlSeconds !== undefined && { ttlSeconds: options.ttlSeconds }),
    // The demo's rooms are named by the client (`standup`) and created on first use; the response's `room`
    // carries the slug the Room API assigned, and later requests for the same name reuse that room.
    createRoom: true,
    authenticate: (_request, { body }) => participantFrom(body, defaultRole),
    onError: (error) => console.warn(`Customer backend: ${error.message}`),
  });
  const tokenRoute = toNodeListener(async (request) => handler(await withDefaultRoom(request, defaultRoom)));
  // Room actions: the caller's own connection token says where and whether (roomAdmin, roomRecord).
  const actionsRoute = toNodeListener(
    createRoomActionsHandler({
      apiKey: options.apiKey,
      waitingRoom,
      breakouts,
      roomApiUrl: options.roomApiUrl,
      ...(options.mediaUrl !== undefined && { mediaUrl: options.mediaUrl }),
      ...(options.recording !== undefined && { recording: options.recording }),
      onError: (error) => console.warn(`Customer backend (room actions): ${error.message}`),
    }),
  );

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/api/meeting-token') return tokenRoute(req, res);
    if (pathname === '/api/room-actions') return actionsRoute(req, res);
    if (pathname !== '/api/health') {
      return sendJson(res, 404, { error: { code: 'not_found', message: `No route for ${pathname}.` } });
    }
    if (req.method !== 'GET') {
      return sendJson(res, 405, { error: { code: 'method_not_allowed', message: `Use GET on ${pathname}.` } }, { Allow: 'GET' });
    }
    sendJson(res, 200, { status: 'ok' });
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
