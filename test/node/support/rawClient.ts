import {
  ClientInfo,
  ClientInfo_SDK,
  ConnectionSettings,
  JoinRequest,
  SignalRequest,
  SignalResponse,
  type SessionDescription,
} from '@livekit/protocol';
import { WebSocket } from 'ws';
import { encodeJoinRequest } from '../../../dev/media-server/signal';
import { signAccessToken, type VideoGrant } from '../../../dev/media-server/token';

export const SECRET = 'test-secret-for-node-tests';

type Response = SignalResponse['message'];
type Case = NonNullable<Response['case']>;
type ValueOf<C extends Case> = Extract<Response, { case: C }>['value'];

/** A connection token for `identity` in `room`, signed with {@link SECRET}. */
export function token(
  identity: string,
  room: string,
  video: Partial<VideoGrant> = {},
  extra: { name?: string; metadata?: string; ttlSeconds?: number; kind?: 'standard' | 'agent' | 'egress'; attributes?: Record<string, string> } = {},
): string {
  return signAccessToken({ identity, ...extra, video: { roomJoin: true, room, ...video } }, SECRET);
}

/** The `/rtc/v1` URL livekit-client would open, with a JoinRequest encoded as it does it. */
export function rtcUrl(baseUrl: string, accessToken: string, request: Partial<JoinRequest> = {}): string {
  const join = new JoinRequest({
    clientInfo: new ClientInfo({ sdk: ClientInfo_SDK.JS, version: '2.23.0', protocol: 17, clientProtocol: 1 }),
    connectionSettings: new ConnectionSettings({ autoSubscribe: true }),
    ...request,
  });
  const params = new URLSearchParams({ access_token: accessToken, join_request: encodeJoinRequest(join) });
  return `${baseUrl}/rtc/v1?${params.toString()}`;
}

/**
 * A signalling-only client speaking protobuf over `ws`, the way livekit-client does, for node tests.
 * Received messages queue up; {@link next} consumes the first one of a kind that matches.
 */
export class RawSignalClient {
  readonly received: SignalResponse[] = [];
  private readonly unread: SignalResponse[] = [];
  private waiters: (() => void)[] = [];
  private readonly handlers = new Map<Case, (value: never) => void>();
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const response = SignalResponse.fromBinary(new Uint8Array(data));
      this.received.push(response);
      const handler = response.message.case && this.handlers.get(response.message.case);
      if (handler) handler(response.message.value as never);
      else this.unread.push(response);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve({ code })));
  }

  /** Opens `/rtc/v1` for `identity`; resolves once the socket is open (the JoinResponse may still be in flight). */
  static async connect(baseUrl: string, accessToken: string, request: Partial<JoinRequest> = {}): Promise<RawSignalClient> {
    const ws = new WebSocket(rtcUrl(baseUrl, accessToken, request));
    const client = new RawSignalClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** Connects and returns the JoinResponse, which must be the first message. */
  static async join(baseUrl: string, accessToken: string, request: Partial<JoinRequest> = {}) {
    const client = await RawSignalClient.connect(baseUrl, accessToken, request);
    await client.waitFor(() => client.received.length > 0);
    const first = client.received[0]!.message;
    if (first.case !== 'join') throw new Error(`first message was ${first.case ?? 'empty'}, not join`);
    client.unread.splice(client.unread.indexOf(client.received[0]!), 1);
    return { client, join: first.value };
  }

  /** Hands every message of `kind`, unread ones first, to `handler` instead of the queue. */
  consume<C extends Case>(kind: C, handler: (value: ValueOf<C>) => void): void {
    this.handlers.set(kind, handler as (value: never) => void);
    for (let i = 0; i < this.unread.length; ) {
      const response = this.unread[i]!;
      if (response.message.case === kind) {
        this.unread.splice(i, 1);
        handler(response.message.value as ValueOf<C>);
      } else {
        i += 1;
      }
    }
  }

  send(message: SignalRequest['message']): void {
    this.ws.send(new SignalRequest({ message }).toBinary());
  }

  sendOffer(offer: SessionDescription): void {
    this.send({ case: 'offer', value: offer });
  }

  /** Resolves with the next unread message of `kind` for which `match` holds, consuming it. */
  async next<C extends Case>(kind: C, match: (value: ValueOf<C>) => boolean = () => true, timeoutMs = 5000): Promise<ValueOf<C>> {
    const index = () => this.unread.findIndex((r) => r.message.case === kind && match(r.message.value as ValueOf<C>));
    await this.waitFor(() => index() !== -1, timeoutMs, `a ${kind} message`);
    return this.unread.splice(index(), 1)[0]!.message.value as ValueOf<C>;
  }

  /** Every message of `kind` received so far, read or not. */
  all<C extends Case>(kind: C): ValueOf<C>[] {
    return this.received.filter((r) => r.message.case === kind).map((r) => r.message.value as ValueOf<C>);
  }

  private waitFor(condition: () => boolean, timeoutMs = 5000, what = 'a condition'): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (condition()) {
          clearTimeout(timer);
          resolve();
        } else {
          this.waiters.push(check);
        }
      };
      this.waiters.push(check);
    });
  }

  close(): Promise<{ code: number }> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    return this.closed;
  }
}

/** Tries an upgrade that should be refused; resolves with the HTTP status and body. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', () => undefined);
  });
}
