import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Message, MessageType } from '@bufbuild/protobuf';

/** Twirp's error codes (github.com/twitchtv/twirp), as LiveKit's server API answers them. */
export type TwirpCode =
  | 'canceled'
  | 'unknown'
  | 'invalid_argument'
  | 'malformed'
  | 'deadline_exceeded'
  | 'not_found'
  | 'bad_route'
  | 'already_exists'
  | 'permission_denied'
  | 'unauthenticated'
  | 'resource_exhausted'
  | 'failed_precondition'
  | 'aborted'
  | 'out_of_range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data_loss';

/** The HTTP status of each code, as Twirp's Go server writes it (`ServerHTTPStatusFromErrorCode`). */
const STATUS: Record<TwirpCode, number> = {
  canceled: 408,
  unknown: 500,
  invalid_argument: 400,
  malformed: 400,
  deadline_exceeded: 408,
  not_found: 404,
  bad_route: 404,
  already_exists: 409,
  permission_denied: 403,
  unauthenticated: 401,
  resource_exhausted: 429,
  failed_precondition: 412,
  aborted: 409,
  out_of_range: 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  data_loss: 500,
};

/** A Twirp error: answered as `{ "code", "msg" }` with the code's HTTP status. */
export class TwirpError extends Error {
  readonly code: TwirpCode;

  constructor(code: TwirpCode, message: string) {
    super(message);
    this.name = 'TwirpError';
    this.code = code;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

/**
 * A refusal by the authentication middleware, before any Twirp method: LiveKit answers it as plain text with 401
 * (`HandleError`), so livekit-server-sdk shows the text and no code.
 */
export class AuthError extends Error {
  readonly status = 401;

  constructor(message: string) {
    super(message);
    this.name = 'AuthError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method has its own message types
type AnyMessage = Message<any>;

/** One Twirp method: the request's message type and what answers it. `caller` is what the auth middleware found. */
export interface TwirpMethod<Caller> {
  input: MessageType<AnyMessage>;
  handle(request: AnyMessage, caller: Caller): AnyMessage | Promise<AnyMessage>;
}

/** A typed {@link TwirpMethod}. */
export function twirpMethod<I extends Message<I>, Caller>(
  input: MessageType<I>,
  handle: (request: I, caller: Caller) => AnyMessage | Promise<AnyMessage>,
): TwirpMethod<Caller> {
  return { input: input as unknown as MessageType<AnyMessage>, handle: handle as TwirpMethod<Caller>['handle'] };
}

/** The services served, by their full name (`livekit.RoomService`), each a table of methods by name. */
export type TwirpServices<Caller> = Record<string, Record<string, TwirpMethod<Caller>>>;

const MAX_BODY_BYTES = 4 * 1024 * 1024;

function sendTwirpError(res: ServerResponse, error: TwirpError): void {
  // exactly `application/json`: livekit-server-sdk reads the code only then
  res.writeHead(error.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: error.code, msg: error.message }));
}

/** `json` or `protobuf` from a Content-Type header (parameters such as `charset` ignored), as Twirp reads it. */
function encodingOf(header: string | undefined): 'json' | 'protobuf' | undefined {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/protobuf') return 'protobuf';
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new TwirpError('invalid_argument', 'request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decode(input: MessageType<AnyMessage>, body: Buffer, encoding: 'json' | 'protobuf'): AnyMessage {
  try {
    if (encoding === 'protobuf') return input.fromBinary(new Uint8Array(body));
    return input.fromJsonString(body.length === 0 ? '{}' : body.toString('utf8'), { ignoreUnknownFields: true });
  } catch {
    throw new TwirpError('malformed', `the ${encoding} request could not be decoded`);
  }
}

/**
 * Serves one request under `/twirp/` as LiveKit does: the auth middleware first (`authenticate`, which throws
 * {@link AuthError} for a bad token and returns the caller's grants, or none without a token), then Twirp's routing
 * (POST, a known method, JSON or binary protobuf), the method, and the answer in the request's encoding. The
 * methods check the caller's grants themselves. Errors are Twirp JSON, except the middleware's plain-text 401.
 */
export async function serveTwirp<Caller>(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  services: TwirpServices<Caller>,
  authenticate: (req: IncomingMessage) => Caller,
  onInternalError: (error: unknown) => void,
): Promise<void> {
  try {
    let caller: Caller;
    try {
      caller = authenticate(req);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      res.writeHead(error.status, { 'Content-Type': 'text/plain' }).end(error.message);
      return;
    }
    if (req.method !== 'POST') throw new TwirpError('bad_route', `unsupported method ${JSON.stringify(req.method)} (only POST is allowed)`);
    const [, serviceName = '', methodName = ''] = /^\/twirp\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
    const service = services[serviceName];
    const method = service?.[methodName];
    if (!method) {
      // a LiveKit method this server does not serve (StartWebEgress, PerformRpc…) says so; anything else is no route
      if (service) throw new TwirpError('unimplemented', `${serviceName}/${methodName} is not served by the RoomKit dev media server`);
      throw new TwirpError('bad_route', `no handler for path ${JSON.stringify(path)}`);
    }
    const encoding = encodingOf(req.headers['content-type']);
    if (!encoding) throw new TwirpError('bad_route', `unexpected Content-Type: ${JSON.stringify(req.headers['content-type'] ?? '')}`);
    const request = decode(method.input, await readBody(req), encoding);
    const response = await method.handle(request, caller);
    if (encoding === 'protobuf') {
      res.writeHead(200, { 'Content-Type': 'application/protobuf' }).end(Buffer.from(response.toBinary()));
    } else {
      // LiveKit's Go Twirp server writes proto field names and every field, defaults included
      const json = response.toJsonString({ useProtoFieldName: true, emitDefaultValues: true });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(json);
    }
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof TwirpError) {
      sendTwirpError(res, error);
      return;
    }
    onInternalError(error);
    sendTwirpError(res, new TwirpError('internal', error instanceof Error ? error.message : String(error)));
  }
}
