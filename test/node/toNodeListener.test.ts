import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyToken } from '../../dev/room-api/index';
import type { RoomApiHandle } from '../../dev/room-api/index';
import { createConnectionHandler, toNodeListener } from '../../src/server/index';
import { API_KEY, startTestRoomApi } from '../helpers/httpServers';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeListener', () => {
  let api: RoomApiHandle;
  let room: string;
  let handler: (request: Request) => Promise<Response>;
  const seenRequests: Request[] = [];
  beforeAll(async () => {
    api = await startTestRoomApi();
    closers.push(() => api.close());
    const created = await fetch(`${api.baseUrl}/sdk/rooms`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Node' }),
    });
    room = ((await created.json()) as { slug: string }).slug;
    handler = createConnectionHandler({
      apiKey: API_KEY,
      roomApiUrl: api.url,
      onError: () => {},
      authenticate(request, { body }) {
        seenRequests.push(request);
        return { identity: String(body.user ?? 'anon'), grants: { canPublish: false, canSubscribe: true } };
      },
    });
  });

  it('serves the token route on node:http', async () => {
    const url = await listen(toNodeListener(handler));
    const response = await fetch(`${url}/api/meeting-token?from=test`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'session=abc' },
      body: JSON.stringify({ room, user: 'nia' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token: string; room: string };
    expect(body.room).toBe(room);
    expect(verifyToken(body.token, 'connection-query-test-signing-secret-0123').video).toEqual({
      roomJoin: true,
      room,
      canPublish: false,
      canSubscribe: true,
    });
    // authenticate sees the request as the app sent it: URL, method and headers (cookies for your session).
    const seen = seenRequests.at(-1)!;
    expect(seen.url).toBe(`${url}/api/meeting-token?from=test`);
    expect(seen.method).toBe('POST');
    expect(seen.headers.get('cookie')).toBe('session=abc');

    const get = await fetch(`${url}/api/meeting-token`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('uses a body Express already parsed', async () => {
    const listener = toNodeListener(handler);
    const url = await listen((req, res) => {
      // What express.json() does: read the stream, then set req.body.
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        Object.assign(req, { body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
        listener(req, res);
      });
    });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ room, user: 'express' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { identity: string }).identity).toBe('express');
  });

  it('reads a chunked body, and answers 413 past the limit with the rest of the body drained', async () => {
    const url = await listen(toNodeListener(handler));
    const stream = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.subarray(i, i + 4096));
          controller.close();
        },
      });
    const post = (text: string) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: stream(text), duplex: 'half' } as RequestInit);
    const small = await post(JSON.stringify({ room, user: 'chunked' }));
    expect(small.status).toBe(200);
    const large = await post(JSON.stringify({ room, padding: 'x'.repeat(200_000) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers 500 JSON when the handler throws', async () => {
    const url = await listen(
      toNodeListener(() => {
        throw new Error('boom');
      }),
    );
    const response = await fetch(url, { method: 'POST' });
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('boom');
  });
});
