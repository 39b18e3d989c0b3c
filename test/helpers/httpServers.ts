import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCustomerBackend, type CustomerBackendHandle } from '../../dev/customer-backend/index';
import { startRoomApi, type RoomApiHandle, type RoomApiOptions } from '../../dev/room-api/index';

/** One request as a test server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What a recording proxy got back from its target for this request (status and headers, names in lower case). */
  answered?: { status: number; headers: Record<string, string> };
}

/** A server on 127.0.0.1 with an ephemeral port that records every request. */
export interface TestServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts a server whose `handle` answers each request; requests are recorded first. */
export async function startServer(
  handle: (request: SeenRequest, res: ServerResponse) => void | Promise<void>,
): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    void readAll(req).then(async (body) => {
      const seen = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(seen);
      try {
        await handle(seen, res);
      } catch {
        if (!res.headersSent) res.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers every request with `status` and `body` (JSON unless a string). */
export function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

/** What a test may watch on a recording proxy. */
export interface ProxyOptions {
  /** Called with each request once its target answered, before the answer is relayed to the caller. */
  onAnswered?(request: SeenRequest): void;
}

/** A recording proxy in front of `target`, to count what the browser side really sends. */
export function startProxy(target: string, options: ProxyOptions = {}): Promise<TestServer> {
  return startServer(async (request, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || ['host', 'connection', 'content-length'].includes(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const upstream = await fetch(`${target}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body !== '' && { body: request.body }),
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value;
    });
    request.answered = { status: upstream.status, headers: out };
    options.onAnswered?.(request);
    res.writeHead(upstream.status, { ...out, 'Content-Length': String(body.length) });
    res.end(body);
  });
}

/** A port on 127.0.0.1 that nothing listens on (a server was bound to it and closed). */
/**
 * Servers started through the returned function are closed after the file's tests (`afterAll`), whatever
 * happened in them. Call it at the top level of a test file.
 */
export function closeAfterAll(): <T extends { close(): Promise<void> }>(server: Promise<T>) => Promise<T> {
  const closers: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(closers.map((c) => c.close()));
  });
  return async (server) => {
    const started = await server;
    closers.push(started);
    return started;
  };
}

export async function closedPortUrl(): Promise<string> {
  const server = await startServer(() => undefined);
  await server.close();
  return server.url;
}

export const API_KEY = 'lk_shop.shop-secret-value';

/** The dev Room API with one application, `shop`, keyed by {@link API_KEY}. */
export function startTestRoomApi(options: RoomApiOptions = {}): Promise<RoomApiHandle> {
  return startRoomApi({
    keys: `shop=${API_KEY}`,
    tokenSigningSecret: 'connection-query-test-signing-secret-0123',
    mediaUrl: 'wss://media.example.com',
    hashCost: 1024,
    logger: { info() {}, warn() {}, error() {} },
    rateLimit: { burst: 10_000, ratePerSecond: 1_000 },
    ...options,
  });
}

/**
 * Runs `start` with `document` hidden. jsdom makes a test process look like a browser, where the token route
 * refuses to be created (it holds the API key); the backend stands for a separate server.
 */
async function asServer<T>(start: () => Promise<T>): Promise<T> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'document');
  if (descriptor === undefined) return start();
  Reflect.deleteProperty(globalThis, 'document');
  try {
    return await start();
  } finally {
    Object.defineProperty(globalThis, 'document', descriptor);
  }
}

/** The example customer backend in front of `roomApi`, behind a recording proxy (the browser's view). */
export async function startTestBackend(
  roomApi: RoomApiHandle,
  apiKey: string = API_KEY,
  proxyOptions: ProxyOptions = {},
): Promise<{ backend: CustomerBackendHandle; proxy: TestServer; tokenUrl: string; close(): Promise<void> }> {
  const backend = await asServer(() => startCustomerBackend({ roomApiUrl: roomApi.baseUrl, apiKey, port: 0 }));
  const proxy = await startProxy(backend.url, proxyOptions);
  return {
    backend,
    proxy,
    tokenUrl: `${proxy.url}/api/meeting-token`,
    close: async () => {
      await proxy.close();
      await backend.close();
    },
  };
}
