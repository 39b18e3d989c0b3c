import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DisconnectReason } from '@livekit/protocol';
import { SignalConnections } from './connections';
import type { ServerContext } from './context';
import type { PermissionPatch } from './grants';
import { createConsoleLogger, type Logger, type LogLevel } from './log';
import type { ParticipantState } from './participant';
import type { ServerDataMessage, ServerTextMessage } from './data';
import type { RoomState } from './room';
import { RoomRegistry, type QualityName } from './rooms';
import { DEFAULT_TOKEN_SECRET, signAccessToken } from './token';
import type { SyntheticOptions } from './synthetic/crowd';
import type { Page } from 'playwright-core';
import type { ApiKeyEntry } from '../room-api/apiKeys';
import { DevEgress } from './egress';
import { findChromium } from './egressBrowser';
import { egressService } from './egressService';
import { roomService } from './roomService';
import { authenticateServerCall, ServerKeys, type ServerCaller } from './serverAuth';
import { serveTwirp, type TwirpServices } from './twirp';

export interface MediaServerOptions {
  /** TCP port for signalling and control; 0 picks a free one. Default 7880. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** HS256 secret that connection tokens are verified with. Default: `ROOM_TOKEN_SECRET`, else `roomkit-dev-secret`. */
  tokenSecret?: string;
  /** The key id of `tokenSecret` (the `iss` of the Room API's connection tokens). Default `roomkit-dev`. */
  tokenKeyId?: string;
  /**
   * The dev Room API's API keys, as its `ROOM_API_KEYS` (`app1=lk_id1.secret1,...`) or a list: LiveKit's server API
   * (Twirp) accepts server tokens signed with any of them (`iss` = the key id), as with LiveKit's API keys, and
   * connection tokens signed with one are accepted too. Default none.
   */
  apiKeys?: string | readonly ApiKeyEntry[];
  /**
   * The Chromium the dev egress opens template pages with (a room composite with `customBaseUrl`), or false for
   * none (a server-side recorder participant then stands in). Default `/usr/bin/chromium`, when it exists.
   */
  egressChromium?: string | false;
  /** Hears of each page the dev egress opens, with its egress id, before it loads (tests read the page's DOM). */
  onEgressPage?: (egressId: string, page: Page) => void;
  /** Addresses offered as ICE host candidates. Default `['127.0.0.1']`. */
  iceHosts?: string[];
  /** Serve the `/control/*` HTTP endpoints (when a {@link ControlHandler} is mounted). Default true. */
  control?: boolean;
  /** Where to log; default a stderr logger at `logLevel`. */
  logger?: Logger;
  /** Level for the default logger. Default `warn`. */
  logLevel?: LogLevel;
  /** Seconds between client pings (JoinResponse). Default 5. */
  pingInterval?: number;
  /** Seconds of silence after which a participant is dropped. Default 15. */
  pingTimeout?: number;
  /** Reported to clients as the server version. */
  serverVersion?: string;
  /**
   * Whether `RoomService.MoveParticipant` moves participants between rooms, as LiveKit Cloud does (default), or
   * answers `unimplemented`, as open-source LiveKit does (`MOVE_PARTICIPANT=off` for `npm run media-server`).
   */
  moveParticipant?: boolean;
}

/** A running dev media server, with the control methods tests use. */
export interface MediaServer {
  /** `ws://host:port`: what livekit-client connects to. */
  readonly url: string;
  /** `http://host:port`. */
  readonly httpUrl: string;
  readonly port: number;
  /** `http://host:port/control`, when the control endpoints are served. */
  readonly controlUrl: string | undefined;
  /** Whether the server is listening. */
  readonly running: boolean;

  rooms(): RoomState[];
  room(name: string): RoomState | undefined;
  /** Changes a participant's permission; it receives a ParticipantPermission update, the others an update. */
  setPermissions(room: string, identity: string, patch: PermissionPatch): ParticipantState;
  /** Changes a participant's name, metadata or attributes. */
  updateParticipant(
    room: string,
    identity: string,
    update: { name?: string; metadata?: string; attributes?: Record<string, string> },
  ): ParticipantState;
  /** Removes a participant: it receives a leave with reason PARTICIPANT_REMOVED. */
  removeParticipant(room: string, identity: string): void;
  /**
   * Drops the signalling socket of `identity` in `room` (of every participant with a client when omitted) and
   * nothing else, as a network blip on the signal path: media keeps flowing, and the client resumes the session
   * (livekit-client's `SignalReconnecting`, then a ReconnectResponse and an ICE restart) within `resumeWindowMs`
   * (default 10 s), else it leaves with SIGNAL_CLOSE. Returns the identities dropped.
   */
  dropSignal(room: string, options?: { identity?: string; resumeWindowMs?: number }): string[];
  /** Asks a publisher to mute or unmute one of its tracks. */
  muteTrack(room: string, identity: string, trackSid: string, muted: boolean): void;
  setRoomMetadata(room: string, metadata: string): RoomState;
  setRecording(room: string, active: boolean): RoomState;
  /** Fixes the active speakers, or with `null` returns to measuring audio levels. */
  setActiveSpeakers(room: string, speakers: { identity: string; level?: number }[] | null): RoomState;
  /** Imposes a participant's connection quality, or with `null` returns to the measured one. */
  setConnectionQuality(room: string, identity: string, quality: QualityName | null): ParticipantState;
  /** Sends a data message from the server (or as `message.from`); returns how many participants it reached. */
  sendData(room: string, message: ServerDataMessage): number;
  /** Sends a text stream (chat on `lk.chat` by default) as `message.from`; returns how many participants it reached. */
  sendText(room: string, message: ServerTextMessage): number;
  /** Removes every participant with ROOM_DELETED and forgets the room. */
  deleteRoom(room: string): void;
  /**
   * Adds participants the server simulates: each publishes a three-layer simulcast camera (pre-encoded VP8) and a
   * microphone, optionally speaking in turns. Returns their identities.
   */
  addSyntheticParticipants(room: string, options: SyntheticOptions): string[];
  /** Removes a room's synthetic participants (those named, or all); returns the identities removed. */
  removeSyntheticParticipants(room: string, identities?: readonly string[]): string[];
  /** Closes every signalling and peer connection abruptly and forgets all state, like a crash. Keeps listening. */
  drop(): Promise<void>;
  /** Like {@link drop}, then stops listening (the port is free). */
  stop(): Promise<void>;
  /** Listens again on the same port, with no state. */
  start(): Promise<void>;
  /** {@link stop}, wait `downMs` (default 0), {@link start}. */
  restart(options?: { downMs?: number }): Promise<void>;
  /** Tells every participant the server is shutting down, closes everything and frees the port. */
  close(): Promise<void>;
}

/**
 * Serves one HTTP request under `/control`; `path` is the part after it. The control API (control.ts) is one: it
 * drives the server through its {@link MediaServer} handle, and the server only routes to it.
 */
export type ControlHandler = (server: MediaServer, req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

const TICK_MS = 250;

class DevMediaServer implements MediaServer {
  private readonly ctx: ServerContext;
  private readonly host: string;
  private readonly control: ControlHandler | undefined;
  private readonly registry: RoomRegistry;
  private readonly connections: SignalConnections;
  private readonly egress: DevEgress;
  private readonly twirpServices: TwirpServices<ServerCaller | undefined>;
  private readonly keys: ServerKeys;
  private http: Server | undefined;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private currentPort: number;
  private closed = false;

  constructor(options: MediaServerOptions, control: ControlHandler | undefined) {
    this.host = options.host ?? '127.0.0.1';
    this.currentPort = options.port ?? 7880;
    this.control = (options.control ?? true) ? control : undefined;
    this.ctx = {
      iceHosts: options.iceHosts ?? ['127.0.0.1'],
      logger: options.logger ?? createConsoleLogger(options.logLevel ?? 'warn'),
      serverVersion: options.serverVersion ?? '1.9.0-roomkit-dev',
      pingInterval: options.pingInterval ?? 5,
      pingTimeout: options.pingTimeout ?? 15,
    };
    this.registry = new RoomRegistry(this.ctx);
    const secret = options.tokenSecret ?? process.env.ROOM_TOKEN_SECRET ?? DEFAULT_TOKEN_SECRET;
    const tokenKeyId = options.tokenKeyId ?? 'roomkit-dev';
    this.keys = new ServerKeys(secret, tokenKeyId, options.apiKeys ?? []);
    this.connections = new SignalConnections(this.ctx, this.keys.connectionSecret, this.registry);
    this.egress = new DevEgress(this.registry, {
      chromium: findChromium(options.egressChromium ?? '/usr/bin/chromium'),
      wsUrl: () => this.url,
      // LiveKit Egress's BuildEgressToken: the egress id as identity, hidden, recorder, subscribe only, 24 h
      recorderToken: (identity, room) =>
        signAccessToken(
          {
            identity,
            kind: 'egress',
            issuer: tokenKeyId,
            ttlSeconds: 24 * 3600,
            video: { roomJoin: true, room, canSubscribe: true, canPublish: false, canPublishData: false, hidden: true, recorder: true },
          },
          secret,
        ),
      onTemplatePage: options.onEgressPage,
      logger: this.ctx.logger,
    });
    this.twirpServices = { 'livekit.RoomService': roomService(this.registry, { moveParticipant: options.moveParticipant ?? true }), 'livekit.Egress': egressService(this.egress, this.registry) };
  }

  get port(): number {
    return this.currentPort;
  }

  get url(): string {
    return `ws://${this.host}:${this.currentPort}`;
  }

  get httpUrl(): string {
    return `http://${this.host}:${this.currentPort}`;
  }

  get controlUrl(): string | undefined {
    return this.control ? `${this.httpUrl}/control` : undefined;
  }

  get running(): boolean {
    return this.http !== undefined;
  }

  // ---- lifecycle ----

  async start(): Promise<void> {
    if (this.closed) throw new Error('the media server has been closed');
    if (this.http) return;
    const http = createServer((req, res) => this.onHttpRequest(req, res));
    http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => this.connections.upgrade(req, socket, head));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.currentPort, this.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    this.http = http;
    this.currentPort = (http.address() as AddressInfo).port;
    this.tickTimer = setInterval(() => this.registry.tick(Date.now()), TICK_MS);
    this.ctx.logger.info(`listening on ${this.url}`);
  }

  async drop(): Promise<void> {
    const rooms = this.registry.takeAll();
    this.connections.terminateAll();
    await Promise.all([...rooms.map((room) => room.dispose({ abrupt: true })), this.egress.reset()]);
  }

  async stop(): Promise<void> {
    await this.drop();
    await this.stopListening();
  }

  async restart({ downMs = 0 }: { downMs?: number } = {}): Promise<void> {
    await this.stop();
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const rooms = this.registry.takeAll();
    for (const room of rooms) {
      for (const participant of room.participants) participant.sendLeave(DisconnectReason.SERVER_SHUTDOWN, 'disconnect');
    }
    await Promise.all([...rooms.map((room) => room.dispose({ abrupt: false })), this.egress.close()]);
    this.connections.terminateAll();
    await this.stopListening();
  }

  private async stopListening(): Promise<void> {
    if (this.tickTimer !== undefined) clearInterval(this.tickTimer);
    this.tickTimer = undefined;
    const http = this.http;
    this.http = undefined;
    if (!http) return;
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    this.ctx.logger.info(`stopped listening on port ${this.currentPort}`);
  }

  // ---- HTTP ----

  private onHttpRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    // pages on another origin call /validate (livekit-client, after a failed upgrade) and may drive /control
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type',
        })
        .end();
      return;
    }
    if (path.endsWith('/rtc/v1/validate') || path.endsWith('/rtc/validate')) {
      this.connections.validate(url, req, res, path.endsWith('/rtc/validate'));
      return;
    }
    if (path.startsWith('/twirp/')) {
      const authenticate = (request: IncomingMessage) => authenticateServerCall(request, this.keys);
      void serveTwirp(req, res, path, this.twirpServices, authenticate, (error) => this.ctx.logger.error('server API', error));
      return;
    }
    if (this.control && (path === '/control' || path.startsWith('/control/'))) {
      void this.control(this, req, res, path.slice('/control'.length));
      return;
    }
    res.writeHead(path === '' ? 200 : 404, { 'content-type': 'text/plain' }).end(path === '' ? 'OK' : 'not found');
  }

  // ---- rooms and participants (the control API's operations) ----

  rooms(): RoomState[] {
    return this.registry.rooms();
  }

  room(name: string): RoomState | undefined {
    return this.registry.room(name);
  }

  setPermissions(room: string, identity: string, patch: PermissionPatch): ParticipantState {
    return this.registry.setPermissions(room, identity, patch);
  }

  updateParticipant(
    room: string,
    identity: string,
    update: { name?: string; metadata?: string; attributes?: Record<string, string> },
  ): ParticipantState {
    return this.registry.updateParticipant(room, identity, update);
  }

  dropSignal(room: string, { identity, resumeWindowMs = 10_000 }: { identity?: string; resumeWindowMs?: number } = {}): string[] {
    return this.registry.dropSignal(room, identity, resumeWindowMs);
  }

  removeParticipant(room: string, identity: string): void {
    this.registry.removeParticipant(room, identity);
  }

  muteTrack(room: string, identity: string, trackSid: string, muted: boolean): void {
    this.registry.muteTrack(room, identity, trackSid, muted);
  }

  setRoomMetadata(room: string, metadata: string): RoomState {
    return this.registry.setRoomMetadata(room, metadata);
  }

  setRecording(room: string, active: boolean): RoomState {
    return this.registry.setRecording(room, active);
  }

  setActiveSpeakers(room: string, speakers: { identity: string; level?: number }[] | null): RoomState {
    return this.registry.setActiveSpeakers(room, speakers);
  }

  setConnectionQuality(room: string, identity: string, quality: QualityName | null): ParticipantState {
    return this.registry.setConnectionQuality(room, identity, quality);
  }

  sendData(room: string, message: ServerDataMessage): number {
    return this.registry.sendData(room, message);
  }

  sendText(room: string, message: ServerTextMessage): number {
    return this.registry.sendText(room, message);
  }

  deleteRoom(room: string): void {
    this.registry.deleteRoom(room);
  }

  addSyntheticParticipants(room: string, options: SyntheticOptions): string[] {
    return this.registry.addSynthetic(room, options);
  }

  removeSyntheticParticipants(room: string, identities?: readonly string[]): string[] {
    return this.registry.removeSynthetic(room, identities);
  }
}

/**
 * A dev media server, not yet listening (call `start()`). `control` serves `/control/*` unless
 * `options.control` is false; without one there are no control endpoints. Most callers want
 * `startMediaServer` (start.ts), which mounts the control API.
 */
export function createMediaServer(options: MediaServerOptions, control: ControlHandler | undefined): MediaServer {
  return new DevMediaServer(options, control);
}
