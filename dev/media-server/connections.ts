import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DisconnectReason, LeaveRequest, LeaveRequest_Action, type JoinRequest } from '@livekit/protocol';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ServerContext } from './context';
import { permissionFromGrant } from './grants';
import { handleSignalRequest } from './requests';
import type { Participant } from './participant';
import type { Room } from './room';
import type { RoomRegistry } from './rooms';
import { seatOf } from './seat';
import { decodeJoinRequest, decodeRequest, encodeResponse } from './signal';
import { TokenError, verifyAccessToken, type AccessTokenClaims, type SecretLookup } from './token';
import { rememberClaims } from './tokenRefresh';

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

/**
 * Admits signalling connections: checks the token on `/rtc/v1` upgrades (and answers `/rtc/v1/validate`), decodes
 * the JoinRequest, and puts the participant in its room, then feeds its messages to it.
 */
export class SignalConnections {
  private readonly ctx: ServerContext;
  /** The secret of a token's key (its `iss`). */
  private readonly secret: SecretLookup;
  private readonly rooms: RoomRegistry;
  private readonly sockets = new Set<WebSocket>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });

  constructor(ctx: ServerContext, secret: SecretLookup, rooms: RoomRegistry) {
    this.ctx = ctx;
    this.secret = secret;
    this.rooms = rooms;
  }

  /** Closes every signalling connection abruptly. */
  terminateAll(): void {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }

  /**
   * `/rtc/v1/validate` (and `/rtc/validate`): livekit-client asks it why an upgrade failed (401/403 become
   * ConnectionError NotAllowed); a server may ask it whether a connection token is good. The token comes from
   * `Authorization: Bearer`, else the `access_token` query parameter, as LiveKit's auth middleware reads it.
   */
  validate(url: URL, req: IncomingMessage, res: ServerResponse, v0: boolean): void {
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

  /** An HTTP upgrade: a signalling connection when the path, token and JoinRequest are good, else an HTTP error. */
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
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
      // a session whose signalling the server dropped resumes; any other cannot: the client rejoins from scratch
      const room = this.rooms.existingRoom(claims.video.room ?? '');
      const participant = room?.resume(ws, claims.identity, request.participantSid);
      if (room && participant) {
        this.serve(ws, room, participant);
        return;
      }
      const leave = new LeaveRequest({
        reason: DisconnectReason.STATE_MISMATCH,
        action: LeaveRequest_Action.RECONNECT,
        canReconnect: true,
      });
      ws.send(encodeResponse({ case: 'leave', value: leave }));
      ws.close(1000);
      return;
    }
    const room = this.rooms.ensureRoom(claims.video.room ?? '');
    const participant = room.join(
      ws,
      {
        identity: claims.identity,
        name: claims.name ?? '',
        metadata: claims.metadata ?? '',
        attributes: claims.attributes ?? {},
        kind: claims.kind ?? 'standard',
        permission: permissionFromGrant(claims.video, claims.kind),
        autoSubscribe: request.connectionSettings?.autoSubscribe ?? true,
        adaptiveStream: request.connectionSettings?.adaptiveStream ?? false,
        // LiveKit's ClientInfo.SupportsTransceiverReuse and ProtocolVersion.SupportsTransceiverReuse
        reuseTransceivers: (request.clientInfo?.protocol ?? 0) > 3 && request.clientInfo?.browser.toLowerCase() !== 'safari',
        clientProtocol: request.clientInfo?.clientProtocol ?? 0,
      },
      request,
    );
    rememberClaims(participant, claims, claims.issuer, this.secret(claims.issuer));
    const seat = seatOf(participant);
    if (seat) seat.protocol = request.clientInfo?.protocol ?? 0;
    this.serve(ws, room, participant);
  }

  /** Reads `participant`'s requests from `ws`; the socket closing ends the session unless the server dropped it to be resumed. */
  private serve(ws: WebSocket, room: Room, participant: Participant): void {
    ws.on('message', (data, isBinary) => {
      try {
        handleSignalRequest(participant, decodeRequest(data, isBinary), this.ctx.logger);
      } catch (error) {
        this.ctx.logger.warn(`undecodable signal message from ${participant.identity}: ${String(error)}`);
      }
    });
    ws.on('close', () => {
      if (participant.signal.current !== ws || participant.signal.awaitingResume) return;
      // the room it is in now: MoveParticipant may have moved it since it joined `room`
      (seatOf(participant)?.room ?? room).removeParticipant(participant, DisconnectReason.SIGNAL_CLOSE, { sendLeave: false });
    });
  }
}
