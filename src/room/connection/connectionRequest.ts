import { type ValidatedConnection, type ValidateConnectionResponseOptions, validateConnectionResponse } from './connectionResponse.js';
import { isRoomKitError, RoomKitError } from '../RoomKitError.js';
import { containsApiKey } from './apiKeys.js';

/**
 * Where RoomKit asks your own backend for a connection: an endpoint that calls the Room API's
 * `POST /api/v1/sdk/rooms/:slug/token` with the server's API key and relays the answer (and its status code).
 */
export interface ConnectionEndpoint {
  /** Your backend's route, e.g. `/api/meeting-token`. Never the Room API itself: that needs the secret key. */
  endpoint: string | URL;
  /** HTTP method; default `POST`. */
  method?: string;
  /**
   * The request body, sent as JSON (`Content-Type: application/json`), for example
   * `{ room, identity, name, grants }`. A string is sent as is. Not allowed with GET.
   */
  body?: unknown;
  /** Extra headers, such as your CSRF header. RoomKit adds `Accept` and `Content-Type` only. */
  headers?: HeadersInit;
  /** `fetch` credentials mode; `'include'` sends your session cookie cross-origin. Default: fetch's own. */
  credentials?: RequestCredentials;
}

/** What a {@link FetchConnection} function receives. */
export interface FetchConnectionContext {
  /** Aborted when the query is cancelled; pass it to `fetch`. */
  signal: AbortSignal;
}

/**
 * Your own way of getting a connection: return the `fetch` `Response` (RoomKit then maps its status code)
 * or the parsed response body. Throw a {@link RoomKitError} to choose the error code yourself; anything
 * else it throws counts as a network failure (`unreachable`, retried).
 */
export type FetchConnection = (context: FetchConnectionContext) => Promise<unknown>;

/** `details` of the HTTP errors of a connection request (`bad-request`, `unauthorized`, `room-not-found`, …). */
export interface ConnectionErrorDetails {
  /** The HTTP status, absent for a network failure. */
  status?: number;
  /**
   * The error body: parsed JSON when it is JSON (the Room API's `{ error: { code, message } }`), else the text.
   * Never a body that holds an API key: that answer is reported as `api-key-in-browser`, without it.
   */
  body?: unknown;
  /** `Retry-After` in milliseconds, when the response had one. */
  retryAfter?: number;
}

/** Retries of a failed connection request (429, 5xx, network failures) before giving up. */
export const CONNECTION_MAX_RETRIES = 3;
/** A `Retry-After` longer than this is not waited for: the query fails with `rate-limited` at once. */
export const MAX_RETRY_AFTER_MS = 60_000;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/** Reads a `Retry-After` header (delta seconds or an HTTP date) as milliseconds from `now`. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describeEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint, 'http://relative.invalid');
    return url.host === 'relative.invalid' ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return endpoint;
  }
}

/**
 * Maps a non-2xx answer of your backend to a RoomKitError. The backend relays the Room API's status codes:
 * 400 → `bad-request`, 401/403 → `unauthorized`, 404 → `room-not-found`, 429 → `rate-limited`,
 * 5xx and 408 → `unreachable`; any other 4xx → `bad-request`. The body is kept as `details.body`.
 */
export function connectionHttpError(
  status: number,
  body: unknown,
  options: { endpoint?: string; retryAfter?: number | undefined } = {},
): RoomKitError {
  const where = options.endpoint ? ` (${describeEndpoint(options.endpoint)})` : '';
  const details: ConnectionErrorDetails = { status, body };
  if (options.retryAfter !== undefined) details.retryAfter = options.retryAfter;
  const say = (code: ConstructorParameters<typeof RoomKitError>[0], message: string) =>
    new RoomKitError(code, `Your backend answered ${status}${where}: ${message}`, { details });
  if (status === 400) {
    return say('bad-request', 'the token request was refused as invalid. Check the body you send (room, identity, name, grants) against what your backend and the Room API expect.');
  }
  if (status === 401) {
    return say(
      'unauthorized',
      "the Room API refused your server's API key (missing or invalid), or your backend refused this user's session. " +
        'On the server, set the API key (lk_<id>.<secret>) from the environment and check it is not revoked; in the browser, check the session cookie (`credentials`) and headers. ' +
        (options.endpoint && /\/sdk\/rooms\//.test(options.endpoint)
          ? 'The endpoint looks like the Room API itself: call your own backend instead, which holds the key.'
          : 'Never send the API key from the browser.'),
    );
  }
  if (status === 403) {
    return say('unauthorized', "your backend refused this user. Check the user's session cookie (`credentials`) and CSRF header.");
  }
  if (status === 404) {
    return say('room-not-found', 'the room does not exist or belongs to another application (or the endpoint URL is wrong). Create the room first, or check the room name and the endpoint.');
  }
  if (status === 429) {
    const wait = options.retryAfter !== undefined ? ` The server asked to wait ${Math.ceil(options.retryAfter / 1000)} s.` : '';
    return say('rate-limited', `too many token requests; retries were exhausted.${wait} Request tokens less often (RoomKit refreshes them only shortly before expiry).`);
  }
  if (status >= 500 || status === 408) {
    return say('unreachable', 'your backend or the Room API behind it failed or could not be reached. Check that the Room API is up and reachable from your server.');
  }
  return say('bad-request', 'the token request was refused. Check the endpoint, method and body of the connection request.');
}

/** True when the error should be retried: `unreachable` and `rate-limited` (unless `Retry-After` is too long). */
export function isRetryableConnectionError(error: unknown): boolean {
  if (!isRoomKitError(error)) return true; // an unknown failure: treat like a network failure
  if (error.code === 'unreachable') return true;
  if (error.code === 'rate-limited') {
    const retryAfter = (error.details as ConnectionErrorDetails | undefined)?.retryAfter;
    return retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS;
  }
  return false;
}

/**
 * The default `retry` of {@link connectionQueryOptions}: 429, 5xx and network failures up to
 * {@link CONNECTION_MAX_RETRIES} times; 400, 401, 403, 404 and invalid responses never.
 */
export function retryConnection(failureCount: number, error: unknown): boolean {
  return failureCount < CONNECTION_MAX_RETRIES && isRetryableConnectionError(error);
}

/**
 * The default `retryDelay` of {@link connectionQueryOptions}: exponential backoff with jitter
 * (0.5–1 s, 1–2 s, 2–4 s, … at most 30 s), and never sooner than the error's `Retry-After` (plus up to 10 %
 * jitter, at most 1 s, so clients told the same wait do not all return at once).
 */
export function connectionRetryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** failureCount) * (0.5 + random() * 0.5);
  const retryAfter = isRoomKitError(error) ? (error.details as ConnectionErrorDetails | undefined)?.retryAfter : undefined;
  if (retryAfter === undefined) return backoff;
  return Math.max(backoff, retryAfter + random() * Math.min(1_000, retryAfter * 0.1));
}

function apiKeyInRequest(where: string): RoomKitError {
  return new RoomKitError(
    'api-key-in-browser',
    `The connection request's ${where} holds an API key (lk_<id>.<secret>). The API key is a server secret: revoke it, ` +
      'keep its replacement on your backend, and authenticate the browser to your backend with its own session instead.',
  );
}

/** An answer that holds an API key: reported without the answer, so the key goes no further than it has. */
function apiKeyInResponse(status: number, endpoint: string | undefined): RoomKitError {
  return new RoomKitError(
    'api-key-in-browser',
    `Your backend's answer (HTTP ${status}${endpoint ? `, ${describeEndpoint(endpoint)}` : ''}) holds an API key (lk_<id>.<secret>), ` +
      'so the key has reached the browser; RoomKit left the answer out of this error. The API key is a server secret: revoke it now, ' +
      'keep its replacement on your backend, and have your token route answer (its errors too) without the key.',
    { details: { status } satisfies ConnectionErrorDetails },
  );
}

/** The body parsed as JSON, or `undefined` when it is not JSON. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function isResponse(value: unknown): value is Response {
  const r = value as Partial<Response> | null;
  return typeof r === 'object' && r !== null && typeof r.status === 'number' && typeof r.text === 'function' && typeof r.headers === 'object';
}

function networkError(error: unknown, message: (reason: string) => string): RoomKitError {
  const reason = error instanceof Error ? error.message : String(error);
  return new RoomKitError('unreachable', message(reason), { cause: error, details: {} satisfies ConnectionErrorDetails });
}

async function fromResponse(response: Response, endpoint: string | undefined, options: ValidateConnectionResponseOptions): Promise<ValidatedConnection> {
  const text = await response.text();
  const json = parseJson(text);
  if (response.ok && json) return validateConnectionResponse(json.value, options); // refuses an API key in it too
  const body = json ? json.value : text || undefined;
  // Error bodies too: a route that echoes its request, or the Room API's answer, may echo the key.
  if (containsApiKey(body)) throw apiKeyInResponse(response.status, endpoint);
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    throw connectionHttpError(response.status, body, { endpoint, retryAfter });
  }
  throw new RoomKitError(
    'invalid-connection-response',
    `The connection response${endpoint ? ` of ${describeEndpoint(endpoint)}` : ''} is not JSON (HTTP ${response.status}, ` +
      `Content-Type ${response.headers.get('content-type') ?? 'none'}). Have your backend answer with the Room API's token response as JSON.`,
    { details: { field: null } },
  );
}

/**
 * Asks your backend for a connection and validates the answer. Sends no API key and caches nothing
 * (`cache: 'no-store'`).
 *
 * @throws {RoomKitError} `api-key-in-browser` when the request or response carries an API key; the HTTP
 * codes of {@link connectionHttpError}; `unreachable` for a network failure;
 * `invalid-connection-response` for an answer that breaks the contract. An abort is rethrown as is.
 */
export async function requestConnection(
  source: ConnectionEndpoint | { fetchConnection: FetchConnection },
  signal: AbortSignal,
  options: ValidateConnectionResponseOptions = {},
): Promise<ValidatedConnection> {
  if ('fetchConnection' in source) {
    let result: unknown;
    try {
      result = await source.fetchConnection({ signal });
    } catch (error) {
      if (isRoomKitError(error) || signal.aborted) throw error;
      throw networkError(
        error,
        (reason) =>
          `Your \`fetchConnection\` failed: ${reason}. This counts as a network failure and is retried; ` +
          'throw a RoomKitError to report another code, or return the fetch Response to have its status mapped.',
      );
    }
    return isResponse(result) ? fromResponse(result, result.url || undefined, options) : validateConnectionResponse(result, options);
  }

  const endpoint = String(source.endpoint);
  const method = (source.method ?? 'POST').toUpperCase();
  const headers = new Headers(source.headers);
  for (const [name, value] of headers) if (containsApiKey(value)) throw apiKeyInRequest(`\`${name}\` header`);
  if (!headers.has('accept')) headers.set('Accept', 'application/json');
  let body: string | undefined;
  if (source.body !== undefined) {
    if (method === 'GET' || method === 'HEAD') {
      throw new RoomKitError(
        'bad-request',
        `The connection request is a ${method} with a \`body\`, which fetch cannot send. Use method 'POST' (the default), or put the parameters in the endpoint's query string.`,
      );
    }
    if (containsApiKey(source.body)) throw apiKeyInRequest('body');
    body = typeof source.body === 'string' ? source.body : JSON.stringify(source.body);
    if (!headers.has('content-type')) headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(endpoint, {
      method,
      headers,
      ...(body !== undefined && { body }),
      ...(source.credentials !== undefined && { credentials: source.credentials }),
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw networkError(
      error,
      (reason) =>
        `Your backend (${describeEndpoint(endpoint)}) could not be reached: ${reason}. ` +
        'Check the endpoint URL, that your backend is up, CORS, and the network.',
    );
  }
  return fromResponse(response, endpoint, options);
}
