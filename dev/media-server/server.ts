import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ConnectionQuality, DisconnectReason, LeaveRequest, LeaveRequest_Action, type JoinRequest } from '@livekit/protocol';
import { WebSocketServer, type WebSocket } from 'ws';
import { ControlError, handleControlRequest } from './control';
import { applyPermissionPatch, permissionFromGrant, type PermissionPatch } from './grants';
import { createConsoleLogger, type Logger, type LogLevel } from './log';
import type { ParticipantState } from './participant';
import { Room, type RoomState, type ServerContext, type ServerDataMessage } from './room';
import { decodeJoinRequest, decodeRequest, encodeResponse } from './signal';
import { DEFAULT_TOKEN_SECRET, TokenError, verifyAccessToken, type AccessTokenClaims } from './token';

export interface MediaServerOptions {
  /** TCP port for signalling and control; 0 picks a free one. Default 7880. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** HS256 secret that connection tokens are verified with. Default: `ROOM_TOKEN_SECRET`, else `roomkit-dev-secret`. */
  tokenSecret?: string;
  /** Addresses offered as ICE host candidates. Default `['127.0.0.1']`. */
  iceHosts?: string[];
  /** Serve the `/control/*` HTTP endpoints. Default true. */
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
}

/** A connection quality the control API can impose. */
export type QualityName = 'excellent' | 'good' | 'poor' | 'lost';

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
  /** Asks a publisher to mute or unmute one of its tracks. */
  muteTrack(room: string, identity: string, trackSid: string, muted: boolean): void;
  setRoomMetadata(room: string, metadata: string): RoomState;
  setRecording(room: string, active: boolean): RoomState;
  /** Fixes the active speakers, or with `null` returns to measuring audio levels. */
  setActiveSpeakers(room: string, speakers: { identity: string; level?: number }[] | null): RoomState;
  /** Imposes a participant's connection quality, or with `null` returns to the measured one. */
  setConnectionQuality(room: string, identity: string, quality: QualityName | null): ParticipantState;
  /** Sends a data message from the server; returns how many participants it reached. */
  sendData(room: string, message: ServerDataMessage): number;
  /** Removes every participant with ROOM_DELETED and forgets the room. */
  deleteRoom(room: string): void;
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

const QUALITIES: Record<QualityName, ConnectionQuality> = {
  excellent: ConnectionQuality.EXCELLENT,
  good: ConnectionQuality.GOOD,
  poor: ConnectionQuality.POOR,
  lost: ConnectionQuality.LOST,
};

const TICK_MS = 250;
const V0_MESSAGE =
  'the RoomKit dev media server speaks only the v1 signalling path (/rtc/v1); keep livekit-client\'s singlePeerConnection enabled';

function rejectUpgrade(socket: Socket, status: number, message: string): void {
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Error';
  const body = Buffer.from(message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${message}`,
  );
}

function tokenFrom(url: URL, request: IncomingMessage): string {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  return url.searchParams.get('access_token') ?? '';
}

class DevMediaServer implements MediaServer {
  private readonly ctx: ServerContext;
  private readonly host: string;
  private readonly secret: string;
  private readonly controlEnabled: boolean;
  private readonly roomsByName = new Map<string, Room>();
  private readonly sockets = new Set<WebSocket>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  private http: Server | undefined;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private currentPort: number;
  private closed = false;

  constructor(options: MediaServerOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.currentPort = options.port ?? 7880;
    this.secret = options.tokenSecret ?? process.env.ROOM_TOKEN_SECRET ?? DEFAULT_TOKEN_SECRET;
    this.controlEnabled = options.control ?? true;
    this.ctx = {
      iceHosts: options.iceHosts ?? ['127.0.0.1'],
      logger: options.logger ?? createConsoleLogger(options.logLevel ?? 'warn'),
      serverVersion: options.serverVersion ?? '1.9.0-roomkit-dev',
      pingInterval: options.pingInterval ?? 5,
      pingTimeout: options.pingTimeout ?? 15,
    };
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
    return this.controlEnabled ? `${this.httpUrl}/control` : undefined;
  }

  get running(): boolean {
    return this.http !== undefined;
  }

  // ---- lifecycle ----

  async start(): Promise<void> {
    if (this.closed) throw new Error('the media server has been closed');
    if (this.http) return;
    const http = createServer((req, res) => this.onHttpRequest(req, res));
    http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => this.onUpgrade(req, socket, head));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.currentPort, this.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    this.http = http;
    this.currentPort = (http.address() as AddressInfo).port;
    this.tickTimer = setInterval(() => {
      const now = Date.now();
      for (const room of this.roomsByName.values()) room.tick(now);
    }, TICK_MS);
    this.ctx.logger.info(`listening on ${this.url}`);
  }

  async drop(): Promise<void> {
    const rooms = [...this.roomsByName.values()];
    this.roomsByName.clear();
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
    await Promise.all(rooms.map((room) => room.dispose({ abrupt: true })));
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
    const rooms = [...this.roomsByName.values()];
    this.roomsByName.clear();
    for (const room of rooms) {
      for (const participant of room.participants) participant.sendLeave(DisconnectReason.SERVER_SHUTDOWN, 'disconnect');
    }
    await Promise.all(rooms.map((room) => room.dispose({ abrupt: false })));
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
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

  // ---- HTTP and signalling ----

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
      this.validate(url, req, res, path.endsWith('/rtc/validate'));
      return;
    }
    if (this.controlEnabled && (path === '/control' || path.startsWith('/control/'))) {
      void handleControlRequest(this, req, res, path.slice('/control'.length));
      return;
    }
    res.writeHead(path === '' ? 200 : 404, { 'content-type': 'text/plain' }).end(path === '' ? 'OK' : 'not found');
  }

  /** `/rtc/v1/validate`: livekit-client asks it why an upgrade failed; 401/403 become ConnectionError NotAllowed. */
  private validate(url: URL, req: IncomingMessage, res: ServerResponse, v0: boolean): void {
    try {
      verifyAccessToken(tokenFrom(url, req), this.secret);
    } catch (error) {
      const [status, message] = error instanceof TokenError ? [error.status, error.message] : [400, 'malformed token'];
      res.writeHead(status, { 'content-type': 'text/plain' }).end(message);
      return;
    }
    if (v0) res.writeHead(404, { 'content-type': 'text/plain' }).end(V0_MESSAGE);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('success');
  }

  private onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (!path.endsWith('/rtc/v1')) {
      rejectUpgrade(socket, 404, path.endsWith('/rtc') ? V0_MESSAGE : 'not found');
      return;
    }
    let claims: AccessTokenClaims;
    try {
      claims = verifyAccessToken(tokenFrom(url, req), this.secret);
    } catch (error) {
      const [status, message] = error instanceof TokenError ? [error.status, error.message] : [400, 'malformed token'];
      this.ctx.logger.info(`refused a connection: ${message}`);
      rejectUpgrade(socket, status, message);
      return;
    }
    let request: JoinRequest;
    try {
      request = decodeJoinRequest(url.searchParams.get('join_request') ?? '');
    } catch {
      rejectUpgrade(socket, 400, 'missing or malformed join_request');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onSignalConnection(ws, claims, request));
  }

  private onSignalConnection(ws: WebSocket, claims: AccessTokenClaims, request: JoinRequest): void {
    this.sockets.add(ws);
    ws.on('error', () => undefined);
    ws.on('close', () => this.sockets.delete(ws));
    if (request.reconnect) {
      // sessions cannot be resumed here: tell the client to rejoin from scratch
      const leave = new LeaveRequest({
        reason: DisconnectReason.STATE_MISMATCH,
        action: LeaveRequest_Action.RECONNECT,
        canReconnect: true,
      });
      ws.send(encodeResponse({ case: 'leave', value: leave }));
      ws.close(1000);
      return;
    }
    const room = this.ensureRoom(claims.video.room ?? '');
    const participant = room.join(
      ws,
      {
        identity: claims.identity,
        name: claims.name ?? '',
        metadata: claims.metadata ?? '',
        attributes: claims.attributes ?? {},
        permission: permissionFromGrant(claims.video),
        autoSubscribe: request.connectionSettings?.autoSubscribe ?? true,
        clientProtocol: request.clientInfo?.clientProtocol ?? 0,
      },
      request,
    );
    ws.on('message', (data, isBinary) => {
      try {
        participant.handleRequest(decodeRequest(data, isBinary));
      } catch (error) {
        this.ctx.logger.warn(`undecodable signal message from ${participant.identity}: ${String(error)}`);
      }
    });
    ws.on('close', () => room.removeParticipant(participant, DisconnectReason.SIGNAL_CLOSE, { sendLeave: false }));
  }

  private ensureRoom(name: string): Room {
    let room = this.roomsByName.get(name);
    if (!room) {
      room = new Room(name, this.ctx);
      this.roomsByName.set(name, room);
    }
    return room;
  }

  // ---- control ----

  private requireRoom(name: string): Room {
    const room = this.roomsByName.get(name);
    if (!room) throw new ControlError(`no room named "${name}"`, 404);
    return room;
  }

  private requireParticipant(roomName: string, identity: string) {
    const participant = this.requireRoom(roomName).participant(identity);
    if (!participant) throw new ControlError(`no participant "${identity}" in room "${roomName}"`, 404);
    return participant;
  }

  rooms(): RoomState[] {
    return [...this.roomsByName.values()].map((room) => room.state());
  }

  room(name: string): RoomState | undefined {
    return this.roomsByName.get(name)?.state();
  }

  setPermissions(room: string, identity: string, patch: PermissionPatch): ParticipantState {
    const participant = this.requireParticipant(room, identity);
    participant.setPermission(applyPermissionPatch(participant.permission, patch));
    return participant.state();
  }

  updateParticipant(
    room: string,
    identity: string,
    update: { name?: string; metadata?: string; attributes?: Record<string, string> },
  ): ParticipantState {
    const participant = this.requireParticipant(room, identity);
    participant.applyMetadata(update);
    return participant.state();
  }

  removeParticipant(room: string, identity: string): void {
    const participant = this.requireParticipant(room, identity);
    this.requireRoom(room).removeParticipant(participant, DisconnectReason.PARTICIPANT_REMOVED, { sendLeave: true });
  }

  muteTrack(room: string, identity: string, trackSid: string, muted: boolean): void {
    if (!this.requireParticipant(room, identity).requestMute(trackSid, muted)) {
      throw new ControlError(`participant "${identity}" has no track ${trackSid}`, 404);
    }
  }

  setRoomMetadata(room: string, metadata: string): RoomState {
    const target = this.ensureRoom(room);
    target.setMetadata(metadata);
    return target.state();
  }

  setRecording(room: string, active: boolean): RoomState {
    const target = this.ensureRoom(room);
    target.setRecording(active);
    return target.state();
  }

  setActiveSpeakers(room: string, speakers: { identity: string; level?: number }[] | null): RoomState {
    const target = this.requireRoom(room);
    target.setSpeakers(speakers);
    return target.state();
  }

  setConnectionQuality(room: string, identity: string, quality: QualityName | null): ParticipantState {
    const participant = this.requireParticipant(room, identity);
    if (quality !== null && !(quality in QUALITIES)) throw new ControlError(`unknown quality "${String(quality)}"`, 400);
    participant.qualityOverride = quality === null ? undefined : QUALITIES[quality];
    this.requireRoom(room).qualityMayHaveChanged(participant);
    return participant.state();
  }

  sendData(room: string, message: ServerDataMessage): number {
    return this.requireRoom(room).sendServerData(message);
  }

  deleteRoom(room: string): void {
    const target = this.requireRoom(room);
    for (const participant of target.participants) {
      target.removeParticipant(participant, DisconnectReason.ROOM_DELETED, { sendLeave: true });
    }
    this.roomsByName.delete(room);
  }
}

/**
 * Starts the RoomKit dev media server: LiveKit's `/rtc/v1` signalling with WebRTC through werift, token
 * verification, grant enforcement and a control API for tests.
 */
export async function startMediaServer(options: MediaServerOptions = {}): Promise<MediaServer> {
  const server = new DevMediaServer(options);
  await server.start();
  return server;
}
