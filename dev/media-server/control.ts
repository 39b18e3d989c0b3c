import type { IncomingMessage, ServerResponse } from 'node:http';
import { ControlError } from './errors';
import type { QualityName } from './rooms';
import type { MediaServer } from './server';

type Body = Record<string, unknown>;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle: (server: MediaServer, params: string[], body: Body, res: ServerResponse) => unknown;
}

const MAX_BODY_BYTES = 1024 * 1024;

function bool(body: Body, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new ControlError(`"${key}" must be a boolean`, 400);
  return value;
}

function str(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ControlError(`"${key}" must be a string`, 400);
  return value;
}

function stringList(body: Body, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new ControlError(`"${key}" must be a list of strings`, 400);
  return value as string[];
}

function speakers(body: Body): { identity: string; level?: number }[] | null {
  const value = body.speakers;
  if (value === null) return null;
  if (!Array.isArray(value)) throw new ControlError('"speakers" must be a list or null', 400);
  return value.map((entry: unknown) => {
    if (typeof entry === 'string') return { identity: entry };
    const e = entry as { identity?: unknown; level?: unknown };
    if (typeof e?.identity !== 'string') throw new ControlError('each speaker needs an "identity"', 400);
    if (e.level !== undefined && typeof e.level !== 'number') throw new ControlError('"level" must be a number', 400);
    return e.level === undefined ? { identity: e.identity } : { identity: e.identity, level: e.level };
  });
}

const ROOM = '([^/]+)';
const PARTICIPANT = `${ROOM}/participants/([^/]+)`;

/**
 * The control endpoints, relative to `/control`: what tests need and LiveKit's server API (roomService.ts,
 * egressService.ts) has no method for. Every answer is JSON; errors are `{ "error": "…" }` with 400 or 404.
 */
const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/rooms$/, handle: (s) => s.rooms() },
  { method: 'GET', pattern: new RegExp(`^/rooms/${ROOM}$`), handle: (s, [room]) => s.room(room!) ?? notFound(room!) },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${ROOM}/speakers$`),
    handle: (s, [room], body) => s.setActiveSpeakers(room!, speakers(body)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${ROOM}/data$`),
    handle: (s, [room], body) => {
      const payload = str(body, 'payload');
      const from = str(body, 'from');
      if (payload === undefined) throw new ControlError('"payload" is required', 400);
      // data from the server itself is LiveKit's RoomService.SendData (/twirp); this sends as a participant
      if (from === undefined) throw new ControlError('"from" (a participant of the room) is required; data from the server is RoomService.SendData', 400);
      const message: Parameters<MediaServer['sendData']>[1] = { payload, from };
      const topic = str(body, 'topic');
      if (topic !== undefined) message.topic = topic;
      const reliable = bool(body, 'reliable');
      if (reliable !== undefined) message.reliable = reliable;
      const destinations = stringList(body, 'destinationIdentities');
      if (destinations) message.destinationIdentities = destinations;
      return { delivered: s.sendData(room!, message) };
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${ROOM}/text$`),
    handle: (s, [room], body) => {
      const from = str(body, 'from');
      const text = str(body, 'text');
      if (from === undefined || text === undefined) throw new ControlError('"from" (a participant of the room) and "text" are required', 400);
      const topic = str(body, 'topic');
      return { delivered: s.sendText(room!, { from, text, ...(topic === undefined ? {} : { topic }) }) };
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${ROOM}/synthetic$`),
    handle: (s, [room], body) => {
      const count = body.count;
      if (typeof count !== 'number') throw new ControlError('"count" must be a number', 400);
      const turnMs = body.turnMs;
      if (turnMs !== undefined && typeof turnMs !== 'number') throw new ControlError('"turnMs" must be a number', 400);
      const mutedMicrophones = body.mutedMicrophones;
      if (mutedMicrophones !== undefined && typeof mutedMicrophones !== 'number') throw new ControlError('"mutedMicrophones" must be a number', 400);
      const added = s.addSyntheticParticipants(room!, {
        count,
        prefix: str(body, 'prefix'),
        camera: bool(body, 'camera'),
        microphone: bool(body, 'microphone'),
        speaking: bool(body, 'speaking'),
        turnMs,
        mutedMicrophones,
      });
      return { added };
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/rooms/${ROOM}/synthetic$`),
    handle: (s, [room]) => ({ removed: s.removeSyntheticParticipants(room!) }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${ROOM}/synthetic/remove$`),
    handle: (s, [room], body) => ({ removed: s.removeSyntheticParticipants(room!, stringList(body, 'identities')) }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${PARTICIPANT}/drop-signal$`),
    handle: (s, [room, identity]) => ({ dropped: s.dropSignal(room!, { identity: identity! }) }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/rooms/${PARTICIPANT}/quality$`),
    handle: (s, [room, identity], body) => {
      const quality = body.quality;
      if (quality !== null && typeof quality !== 'string') throw new ControlError('"quality" must be a string or null', 400);
      return s.setConnectionQuality(room!, identity!, quality as QualityName | null);
    },
  },
  {
    method: 'POST',
    pattern: /^\/drop$/,
    handle: async (s) => {
      await s.drop();
      return { dropped: true };
    },
  },
  {
    method: 'POST',
    pattern: /^\/restart$/,
    handle: (s, _params, body, res) => {
      const downMs = body.downMs;
      if (downMs !== undefined && (typeof downMs !== 'number' || downMs < 0)) {
        throw new ControlError('"downMs" must be a non-negative number', 400);
      }
      // answer first: stopping closes this very connection
      res.once('finish', () => {
        s.restart({ downMs: downMs ?? 0 }).catch((error: unknown) => {
          process.stderr.write(`media-server: restart failed: ${error instanceof Error ? error.message : String(error)}\n`);
        });
      });
      return { restarting: true, downMs: downMs ?? 0 };
    },
  },
];

function notFound(room: string): never {
  throw new ControlError(`no room named "${room}"`, 404);
}

async function readBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ControlError('body too large', 400);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ControlError('body is not JSON', 400);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ControlError('body must be a JSON object', 400);
  return value as Body;
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(value));
}

/** Serves one `/control/*` request; `path` is the part after `/control`. */
export async function handleControlRequest(server: MediaServer, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  try {
    let methodAllowed = false;
    for (const route of ROUTES) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      methodAllowed = true;
      if (route.method !== req.method) continue;
      const params = match.slice(1).map((p) => decodeURIComponent(p));
      const body = req.method === 'POST' ? await readBody(req) : {};
      sendJson(res, 200, await route.handle(server, params, body, res));
      return;
    }
    sendJson(res, methodAllowed ? 405 : 404, { error: methodAllowed ? `method ${req.method ?? ''} not allowed` : 'no such endpoint' });
  } catch (error) {
    if (error instanceof ControlError) sendJson(res, error.status, { error: error.message });
    else sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
  }
}
