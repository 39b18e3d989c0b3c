/**
 * `npm run demo`: the whole local stack on 127.0.0.1, so two browser tabs meet for real.
 *
 *   media server (LiveKit protocol, WebRTC)  ← the browser connects with a connection token
 *   dev Room API (the service contract)      ← the customer backend calls it with the API key
 *   customer backend (POST /api/meeting-token, holds the API key)
 *   demo admin routes (/api/admin/*: room administration, for callers whose token has roomAdmin/roomRecord)
 *   Vite dev server for the demo app, proxying /api to the backend
 *
 * `npm run demo -- --simulated` serves only the app, on a simulated room from the testing kit.
 * To use a real deployment instead of the local Room API and media server, set ROOM_API_URL and ROOM_API_KEY:
 * the demo then starts only the customer backend and the app.
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { startCustomerBackend } from '../dev/customer-backend/index';
import { startMediaServer, type MediaServer } from '../dev/media-server/index';
import { startRoomApi, verifyToken } from '../dev/room-api/index';

export interface DemoOptions {
  /** Port of the app; 0 picks a free one. Default 5173. */
  port?: number;
  /** Serve only the simulated room. */
  simulated?: boolean;
  /** Ports of the services; 0 (default for tests) picks free ones. */
  mediaPort?: number;
  roomApiPort?: number;
  /** A real Room API (its base URL) and key: no local Room API or media server is started. */
  roomApiUrl?: string;
  roomApiKey?: string;
  /** Token lifetime the backend requests, in seconds (tests use short ones to exercise refresh). */
  ttlSeconds?: number;
  quiet?: boolean;
  /**
   * Serve without watching files or hot reload (the e2e tests): an edited source, or a dependency Vite discovers
   * late, never reloads a page under a running test.
   */
  frozen?: boolean;
}

export interface Demo {
  /** The app's address. */
  url: string;
  /** The local media server, when one was started (tests drive its control API). */
  media: MediaServer | undefined;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/**
 * The demo's server side: forwards /api/meeting-token to the customer backend (adding the demo's token
 * lifetime), and performs room administration for callers whose own connection token grants it.
 */
function startDemoApi(backendUrl: string, media: MediaServer | undefined, secret: string | undefined) {
  const server: Server = createHttpServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (url.pathname.startsWith('/api/admin/')) {
          if (!media || !secret) return json(res, 501, { error: { code: 'not-available', message: 'Administration needs the local media server.' } });
          const auth = req.headers.authorization ?? '';
          const claims = verifyToken(auth.replace(/^Bearer\s+/i, ''), secret);
          const body = await readJson(req);
          const room = claims.video.room ?? '';
          const action = url.pathname.slice('/api/admin/'.length);
          const needs = action === 'recording' ? claims.video.roomRecord : claims.video.roomAdmin;
          if (!needs) return json(res, 403, { error: { code: 'forbidden', message: `Your token does not allow ${action}.` } });
          const identity = String(body.identity ?? '');
          if (action === 'remove') media.removeParticipant(room, identity);
          else if (action === 'mute') media.muteTrack(room, identity, String(body.trackSid ?? ''), true);
          else if (action === 'permissions') media.setPermissions(room, identity, { canPublish: Boolean(body.canPublish) });
          else if (action === 'recording') media.setRecording(room, Boolean(body.active));
          else return json(res, 404, { error: { code: 'not-found', message: `No admin action ${action}.` } });
          return json(res, 200, { ok: true });
        }
        if (url.pathname === '/api/meeting-token' && req.method === 'POST') {
          const body = await readJson(req);
          const upstream = await fetch(`${backendUrl}/api/meeting-token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const relayed: Record<string, string> = { 'content-type': upstream.headers.get('content-type') ?? 'application/json' };
          for (const name of ['cache-control', 'retry-after']) {
            const value = upstream.headers.get(name);
            if (value !== null) relayed[name] = value;
          }
          res.writeHead(upstream.status, relayed);
          return res.end(Buffer.from(await upstream.arrayBuffer()));
        }
        json(res, 404, { error: { code: 'not-found', message: 'Unknown demo API route.' } });
      } catch (error) {
        json(res, 400, { error: { code: 'bad-request', message: error instanceof Error ? error.message : String(error) } });
      }
    })();
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolveStart) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveStart({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const closers: Array<() => Promise<void>> = [];
  let media: MediaServer | undefined;
  let apiUrl: string | undefined;
  try {
    if (!options.simulated) {
      let roomApiUrl = options.roomApiUrl;
      let apiKey = options.roomApiKey;
      let secret: string | undefined;
      if (!roomApiUrl) {
        secret = randomBytes(32).toString('base64url');
        apiKey = `lk_demo.${randomBytes(18).toString('base64url')}`;
        // One key store: the media server accepts server tokens signed with the Room API's key (LiveKit's server API)
        const keys = `demo=${apiKey}`;
        media = await startMediaServer({ port: options.mediaPort ?? 0, tokenSecret: secret, apiKeys: keys });
        closers.push(() => media!.close());
        const roomApi = await startRoomApi({
          port: options.roomApiPort ?? 0,
          keys,
          mediaUrl: media.url,
          tokenSigningSecret: secret,
          logger: { info: () => {}, warn: () => {} } as never,
        });
        closers.push(() => roomApi.close());
        roomApiUrl = roomApi.baseUrl;
      }
      const backend = await startCustomerBackend({
        roomApiUrl,
        apiKey: apiKey!,
        port: 0,
        ...(options.ttlSeconds ? { ttlSeconds: options.ttlSeconds } : {}),
      });
      closers.push(() => backend.close());
      const demoApi = await startDemoApi(backend.url, media, secret);
      closers.push(() => demoApi.close());
      apiUrl = demoApi.url;
    }
    const vite: ViteDevServer = await createViteServer({
      configFile: resolve(import.meta.dirname, 'vite.config.ts'),
      logLevel: options.quiet ? 'error' : 'info',
      define: { __ROOMKIT_DEMO_MODE__: JSON.stringify(options.simulated ? 'simulated' : 'live') },
      server: {
        host: '127.0.0.1',
        port: options.port ?? 5173,
        strictPort: false,
        ...(apiUrl ? { proxy: { '/api': apiUrl } } : {}),
        ...(options.frozen ? { watch: null, hmr: false } : {}),
      },
    });
    await vite.listen();
    closers.push(() => vite.close());
    const address = vite.httpServer?.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${address.port}/`,
      media,
      close: async () => {
        for (const close of closers.reverse()) await close().catch(() => {});
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => {});
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const simulated = process.argv.includes('--simulated');
  const env = process.env;
  const demo = await startDemo({
    simulated,
    port: Number(env.DEMO_PORT ?? 5173),
    mediaPort: Number(env.MEDIA_PORT ?? 7880),
    roomApiPort: Number(env.ROOM_API_PORT ?? 7881),
    ...(env.ROOM_API_URL ? { roomApiUrl: env.ROOM_API_URL } : {}),
    ...(env.ROOM_API_KEY ? { roomApiKey: env.ROOM_API_KEY } : {}),
  });
  console.info(
    simulated
      ? `\nRoomKit demo (simulated room): ${demo.url}\n`
      : `\nRoomKit demo: ${demo.url}\nOpen it in two tabs to meet yourself.${demo.media ? ` Media server: ${demo.media.url}` : ''}\n`,
  );
  const stop = () => void demo.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
