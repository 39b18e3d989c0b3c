/**
 * `npm run demo`: the whole local stack on 127.0.0.1, so two browser tabs meet for real.
 *
 *   media server (LiveKit protocol, WebRTC; LiveKit's server API)  ← the browser connects with a connection token
 *   dev Room API (the service contract)      ← the customer backend calls it with the API key
 *   customer backend (holds the API key): POST /api/meeting-token, and POST /api/room-actions (mute, remove,
 *     permissions, hands, recording: createRoomActionsHandler, which calls the media server's server API)
 *   Vite dev server for the demo app and its recording template (recording.html), proxying /api to the backend
 *
 * `npm run demo -- --simulated` serves only the app, on a simulated room from the testing kit.
 * `npm run demo -- --built` serves a production build of the app (`vite build`, then `vite preview`) instead of the dev
 * server: what an app's users get, its stylesheet through Vite's CSS pipeline (lightningcss), which once lost every colour.
 * To use a real deployment instead of the local Room API and media server, set ROOM_API_URL and ROOM_API_KEY (and
 * ROOM_MEDIA_URL, the media server, for room actions): the demo then starts only the customer backend and the app.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer as createViteServer, preview, type ServerOptions } from 'vite';
import { startCustomerBackend } from '../dev/customer-backend/index';
import { startMediaServer, type MediaServer, type MediaServerOptions } from '../dev/media-server/index';
import { startRoomApi } from '../dev/room-api/index';

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
  /** With `roomApiUrl`: the real media server, for room actions (default `ROOM_MEDIA_URL`). */
  mediaUrl?: string;
  /** Hears of each recording template page the local media server's egress opens (tests read it). */
  onEgressPage?: MediaServerOptions['onEgressPage'];
  /** Token lifetime the backend requests, in seconds (tests use short ones to exercise refresh). */
  ttlSeconds?: number;
  quiet?: boolean;
  /**
   * Serve without watching files or hot reload (the e2e tests): an edited source, or a dependency Vite discovers
   * late, never reloads a page under a running test.
   */
  frozen?: boolean;
  /**
   * Serve a production build of the app (`vite build` into a temporary folder, then `vite preview`) instead of the
   * dev server: the page as an app's users get it, the stylesheet after Vite's CSS pipeline (lightningcss), which is
   * where the colours were once lost (issue 37). Nothing is watched. The build takes a few seconds.
   */
  built?: boolean;
  /**
   * Whether the local media server moves participants itself (LiveKit's MoveParticipant, as LiveKit Cloud; default)
   * or answers `unimplemented` as open-source LiveKit does, so breakout rooms join afresh.
   */
  moveParticipant?: boolean;
}

export interface Demo {
  /** The app's address. */
  url: string;
  /** The local media server, when one was started (tests read its rooms). */
  media: MediaServer | undefined;
  /** The key the demo's backend holds (tests call LiveKit's server API with it, as a backend would). */
  apiKey: string | undefined;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What the Vite server proxies /api to: a relay to the customer backend, which starts after Vite (its room actions
 * route names the app's recording template, whose address is Vite's). Until then it answers 503.
 */
function startApiRelay() {
  let backendUrl: string | undefined;
  const server: Server = createHttpServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (!backendUrl) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"starting","message":"The demo backend is starting."}}');
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'accept', 'authorization']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      try {
        const upstream = await fetch(`${backendUrl}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers,
          ...(body.byteLength > 0 && { body: new Uint8Array(body) }),
        });
        const relayed: Record<string, string> = {};
        for (const name of ['content-type', 'cache-control', 'retry-after', 'allow']) {
          const value = upstream.headers.get(name);
          if (value !== null) relayed[name] = value;
        }
        res.writeHead(upstream.status, relayed).end(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"code":"bad_gateway","message":"The demo backend cannot be reached."}}');
      }
    })();
  });
  return new Promise<{ url: string; setBackend(url: string): void; close(): Promise<void> }>((resolveStart) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveStart({
        url: `http://127.0.0.1:${port}`,
        setBackend: (url) => void (backendUrl = url),
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const closers: Array<() => Promise<void>> = [];
  let media: MediaServer | undefined;
  let apiKey = options.roomApiKey;
  try {
    let relay: Awaited<ReturnType<typeof startApiRelay>> | undefined;
    let roomApiUrl = options.roomApiUrl;
    if (!options.simulated) {
      if (!roomApiUrl) {
        const secret = randomBytes(32).toString('base64url');
        apiKey = `lk_demo.${randomBytes(18).toString('base64url')}`;
        // One key store for both dev servers: the media server's server API accepts the keys the Room API issues.
        media = await startMediaServer({
          port: options.mediaPort ?? 0,
          tokenSecret: secret,
          apiKeys: `demo=${apiKey}`,
          ...(options.moveParticipant === false ? { moveParticipant: false } : {}),
          ...(options.onEgressPage ? { onEgressPage: options.onEgressPage } : {}),
        });
        closers.push(() => media!.close());
        const roomApi = await startRoomApi({
          port: options.roomApiPort ?? 0,
          keys: `demo=${apiKey}`,
          mediaUrl: media.url,
          tokenSigningSecret: secret,
          logger: { info: () => {}, warn: () => {} } as never,
        });
        closers.push(() => roomApi.close());
        roomApiUrl = roomApi.baseUrl;
      }
      relay = await startApiRelay();
      closers.push(() => relay!.close());
    }
    const configFile = resolve(import.meta.dirname, 'vite.config.ts');
    const logLevel = options.quiet ? 'error' : 'info';
    const define = { __ROOMKIT_DEMO_MODE__: JSON.stringify(options.simulated ? 'simulated' : 'live') };
    const listen: ServerOptions = {
      host: '127.0.0.1',
      port: options.port ?? 5173,
      strictPort: false,
      ...(relay ? { proxy: { '/api': relay.url } } : {}),
    };
    let address: AddressInfo;
    if (options.built) {
      const outDir = await mkdtemp(join(tmpdir(), 'roomkit-demo-'));
      closers.push(() => rm(outDir, { recursive: true, force: true }));
      await build({ configFile, logLevel, define, build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 2048 } });
      const server = await preview({ configFile, logLevel, build: { outDir }, preview: listen });
      closers.push(() => server.close());
      address = server.httpServer.address() as AddressInfo;
    } else {
      const vite = await createViteServer({
        configFile,
        logLevel,
        define,
        server: { ...listen, ...(options.frozen ? { watch: null, hmr: false } : {}) },
      });
      await vite.listen();
      closers.push(() => vite.close());
      address = vite.httpServer?.address() as AddressInfo;
    }
    const url = `http://127.0.0.1:${address.port}/`;
    if (relay) {
      const mediaUrl = media?.url ?? options.mediaUrl ?? process.env.ROOM_MEDIA_URL;
      const backend = await startCustomerBackend({
        roomApiUrl: roomApiUrl!,
        apiKey: apiKey!,
        port: 0,
        ...(options.ttlSeconds ? { ttlSeconds: options.ttlSeconds } : {}),
        ...(mediaUrl ? { mediaUrl } : {}),
        recording: {
          templateUrl: `${url}recording.html`,
          // The dev media server's egress opens the template and writes no file; LiveKit Egress writes this one.
          output: { fileOutputs: [{ filepath: 'recordings/{room_name}-{time}.mp4' }] },
        },
      });
      closers.push(() => backend.close());
      relay.setBackend(backend.url);
    }
    return {
      url,
      media,
      apiKey,
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
    built: process.argv.includes('--built'),
    port: Number(env.DEMO_PORT ?? 5173),
    mediaPort: Number(env.MEDIA_PORT ?? 7880),
    roomApiPort: Number(env.ROOM_API_PORT ?? 7881),
    ...(env.ROOM_API_URL ? { roomApiUrl: env.ROOM_API_URL } : {}),
    ...(env.ROOM_API_KEY ? { roomApiKey: env.ROOM_API_KEY } : {}),
    ...(env.ROOM_MEDIA_URL ? { mediaUrl: env.ROOM_MEDIA_URL } : {}),
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
