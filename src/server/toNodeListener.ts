/**
 * The parts of Node's `IncomingMessage` (and so of Express's `req`) the adapter uses. Structural, so the
 * server entry's types need no `@types/node`.
 */
export interface NodeRequest {
  method?: string | undefined;
  url?: string | undefined;
  /** Express: the URL before a router stripped its mount path. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Express: the body a body parser already read (`express.json()`), if any. */
  body?: unknown;
  readableEnded?: boolean;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** The parts of Node's `ServerResponse` the adapter uses. */
export interface NodeResponse {
  statusCode: number;
  readonly headersSent: boolean;
  setHeader(name: string, value: string | readonly string[]): unknown;
  end(chunk?: Uint8Array): unknown;
  destroy(error?: Error): unknown;
}

// Hop-by-hop headers, and those that describe the original encoding of a body the adapter re-wraps.
const SKIPPED_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'te', 'trailer']);

function requestHeaders(req: NodeRequest, dropLength: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':') || SKIPPED_HEADERS.has(name)) continue;
    if (dropLength && name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

function requestUrl(req: NodeRequest): string {
  const host = req.headers.host;
  const path = req.originalUrl ?? req.url ?? '/';
  try {
    return new URL(path, `http://${typeof host === 'string' && host !== '' ? host : 'localhost'}`).href;
  } catch {
    return new URL(path.startsWith('/') ? path : '/', 'http://localhost').href;
  }
}

/** A body a parser already consumed (Express), as bytes or text the handler can read again. */
function parsedBody(req: NodeRequest): BodyInit | undefined {
  const body = req.body;
  if (body === undefined || !req.readableEnded) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body as BodyInit;
  return JSON.stringify(body);
}

/** The unread request stream as a web `ReadableStream`, pausing Node's stream while the reader is behind. */
function bodyStream(req: NodeRequest): ReadableStream<Uint8Array> {
  let cancelled = false;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk) => {
        if (cancelled) return;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on('end', () => {
        if (!cancelled) controller.close();
      });
      req.on('error', (error) => {
        if (!cancelled) controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      // The handler stopped reading (the body is too large): drop the rest, so the answer still reaches the client.
      cancelled = true;
      req.resume();
    },
  });
}

/** Converts a Node request to a fetch-standard `Request`. */
export function toWebRequest(req: NodeRequest): Request {
  const method = (req.method ?? 'GET').toUpperCase();
  const parsed = parsedBody(req);
  const headers = requestHeaders(req, parsed !== undefined);
  if (method === 'GET' || method === 'HEAD') return new Request(requestUrl(req), { method, headers });
  const init: RequestInit & { duplex: 'half' } = { method, headers, body: parsed ?? bodyStream(req), duplex: 'half' };
  return new Request(requestUrl(req), init);
}

/** Writes a fetch-standard `Response` to a Node response. */
export async function writeWebResponse(response: Response, res: NodeResponse): Promise<void> {
  const body = new Uint8Array(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  res.setHeader('Content-Length', String(body.byteLength));
  res.end(body);
}

/**
 * Adapts a fetch-standard handler (such as {@link createConnectionHandler}'s) to a Node listener, for
 * `node:http` and Express. A body Express already parsed (`express.json()` before it) is used as is; otherwise
 * the request stream is read by the handler. Next.js App Router and Hono need no adapter (see
 * `createConnectionHandler`).
 *
 * @example Express
 * ```ts
 * import { createConnectionHandler, toNodeListener } from '@roomkit/react/server';
 * app.post('/api/meeting-token', toNodeListener(createConnectionHandler({ authenticate })));
 * ```
 * @example node:http
 * ```ts
 * createServer(toNodeListener(createConnectionHandler({ authenticate }))).listen(3000);
 * ```
 */
export function toNodeListener(handler: (request: Request) => Response | Promise<Response>): (req: NodeRequest, res: NodeResponse) => void {
  return (req, res) => {
    void (async () => {
      let response: Response;
      try {
        response = await handler(toWebRequest(req));
      } catch {
        response = new Response(JSON.stringify({ error: { code: 'internal_error', message: 'Internal server error.' } }), {
          status: 500,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      }
      await writeWebResponse(response, res);
      if (!req.readableEnded) req.resume();
    })().catch((error: unknown) => {
      if (!res.headersSent) res.statusCode = 500;
      res.destroy(error instanceof Error ? error : undefined);
    });
  };
}
