/**
 * A small client of LiveKit's server API: Twirp JSON over `fetch` (`POST /twirp/livekit.<Service>/<Method>`),
 * authenticated with a short-lived HS256 server token that WebCrypto signs with the Room API key's secret. No Node
 * module and no `@livekit/protocol`, so it runs wherever the route runs (Node 20+, edge runtimes, workers).
 *
 * Why not `livekit-server-sdk`: the route calls seven methods with a few plain fields each. The SDK brings
 * `@livekit/protocol` (protobuf-es), `jose` and `camelcase-keys` into the customer's server bundle, and would be a
 * peer whose whole range (and floor) must be tested; this file is its Twirp transport and `AccessToken` for exactly
 * what the route needs.
 */

/** The server token's lifetime: long enough for one call, short enough to be useless if it leaked. */
export const SERVER_TOKEN_TTL_SECONDS = 60;

/**
 * The video grant of a server token: `roomAdmin` and `room` for RoomService (with `destinationRoom` for
 * MoveParticipant), `roomCreate` for CreateRoom, `roomRecord` for Egress.
 */
export type ServerGrant = { roomAdmin: true; room: string; destinationRoom?: string } | { roomCreate: true } | { roomRecord: true };

/** A Twirp error answer (or a plain-text refusal of LiveKit's auth middleware), without the request. */
export class TwirpError extends Error {
  constructor(
    readonly status: number,
    /** Twirp's code (`not_found`, `unauthenticated`, `invalid_argument` …), or `''` for a plain-text answer. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The network failed or the server did not answer in time (`timedOut`). */
export class TwirpUnreachable extends Error {
  constructor(
    readonly timedOut: boolean,
    options: { cause: unknown },
  ) {
    super(timedOut ? 'timed out' : 'unreachable', options);
  }
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const segment = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)));

/** Calls LiveKit's server API with one key. */
export interface TwirpClient {
  /** Calls `livekit.<service>/<method>` with `body` (protobuf JSON) and answers the JSON body of a 200. */
  call<T>(service: 'RoomService' | 'Egress', method: string, body: object, grant: ServerGrant): Promise<T>;
}

/**
 * A client for the media server at `baseUrl` (`https://…`, no trailing slash) with the key `lk_<id>.<secret>`:
 * `iss` is the key id, the HMAC-SHA256 key the secret's UTF-8 bytes.
 */
export function createTwirpClient(options: { baseUrl: string; apiKey: string; fetch: typeof fetch; timeoutMs: number }): TwirpClient {
  const dot = options.apiKey.indexOf('.');
  const keyId = options.apiKey.slice(0, dot);
  let key: Promise<CryptoKey> | undefined;

  async function serverToken(grant: ServerGrant): Promise<string> {
    key ??= crypto.subtle.importKey('raw', encoder.encode(options.apiKey.slice(dot + 1)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const now = Math.floor(Date.now() / 1000);
    const input = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ iss: keyId, nbf: now, exp: now + SERVER_TOKEN_TTL_SECONDS, video: grant })}`;
    const signature = await crypto.subtle.sign('HMAC', await key, encoder.encode(input));
    return `${input}.${base64url(new Uint8Array(signature))}`;
  }

  return {
    async call<T>(service: 'RoomService' | 'Egress', method: string, body: object, grant: ServerGrant): Promise<T> {
      let response: Response;
      try {
        response = await options.fetch(`${options.baseUrl}/twirp/livekit.${service}/${method}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${await serverToken(grant)}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new TwirpUnreachable((error as { name?: unknown } | null)?.name === 'TimeoutError', { cause: error });
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (response.ok) {
        if (typeof parsed !== 'object' || parsed === null) throw new TwirpError(502, 'malformed', `${method} answered ${response.status} without a JSON object`);
        return parsed as T;
      }
      const error = parsed as { code?: unknown; msg?: unknown } | undefined;
      const code = typeof error?.code === 'string' ? error.code : '';
      const message = typeof error?.msg === 'string' ? error.msg : text.trim().slice(0, 200);
      throw new TwirpError(response.status, code, message);
    },
  };
}
