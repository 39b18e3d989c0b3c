/**
 * JSON responses and request-body reading for the token route, on the fetch standard only (`Request`,
 * `Response`, `ReadableStream`): no Node module, so the route runs on Node, edge runtimes and workers alike.
 */

/** Largest request body the token route reads: `{ "room": "…" }` and a few app fields fit many times over. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Headers on every answer of the token route: a token must never be cached by a browser or a proxy. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A response the route sends as it is: thrown from deep inside a request and answered at the top. Internal;
 * never exported from the package.
 */
export class Reply extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
  }

  /** `{ "error": { "code", "message" } }`, the Room API's own error shape, so clients parse one format. */
  static error(status: number, code: string, message: string, headers: Readonly<Record<string, string>> = {}): Reply {
    return new Reply(status, JSON.stringify({ error: { code, message } }), { 'Content-Type': JSON_TYPE, ...headers });
  }

  toResponse(): Response {
    return new Response(this.body, { status: this.status, headers: { ...this.headers, ...NO_STORE } });
  }
}

/** A JSON 200 with `Cache-Control: no-store`. */
export function jsonResponse(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': JSON_TYPE, ...NO_STORE } });
}

/** The app's own response (thrown from `authenticate`), with `Cache-Control: no-store` added. */
export function withNoStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

async function readText(request: Request, limit: number): Promise<string> {
  const tooLarge = () => Reply.error(413, 'payload_too_large', `The request body exceeds ${limit} bytes.`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw Reply.error(400, 'invalid_request', 'The request body is not valid UTF-8.');
  }
}

/**
 * Reads a JSON object body of at most `limit` bytes. An empty body reads as `{}`.
 *
 * @throws {Reply} 415 unless `Content-Type` is JSON, 413 past the limit, 400 for anything but a JSON object.
 */
export async function readJsonObject(request: Request, limit = BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type)) {
    throw Reply.error(415, 'unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.');
  }
  const text = await readText(request, limit);
  let value: unknown = {};
  try {
    if (text.trim() !== '') value = JSON.parse(text);
  } catch {
    throw Reply.error(400, 'invalid_request', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw Reply.error(400, 'invalid_request', `The request body must be a JSON object like {"room":"…"}, got ${describe(value)}.`);
  }
  return value as Record<string, unknown>;
}

/**
 * True when `value` is a dot segment (`.` or `..`) as it is or after any number of percent-decodings (`%2e`,
 * `%2E%2E`, `.%2e`, `%252e` …). Encoded into a path, such a room would not stay in its segment: URL normalisation
 * (here, in a proxy, or in the Room API after it decodes) turns `/sdk/rooms/../token` into `/sdk/token`.
 */
export function isDotSegment(value: string): boolean {
  let current = value;
  for (let i = 0; i < 8; i++) {
    if (current === '.' || current === '..') return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return false;
}

/** The room the browser asks for: a non-empty string of at most 200 characters, never a dot segment. */
export function readRoom(body: Readonly<Record<string, unknown>>): string {
  const room = body.room;
  if (typeof room !== 'string' || room.trim() === '' || room.length > 200) {
    const got = room === undefined ? 'nothing' : room === '' ? 'an empty string' : typeof room === 'string' ? 'a longer one' : describe(room);
    throw Reply.error(
      400,
      'invalid_request',
      `\`room\` must be a non-empty string of at most 200 characters (send {"room":"<slug>"}), got ${got}.`,
    );
  }
  if (isDotSegment(room)) {
    throw Reply.error(
      400,
      'invalid_request',
      `\`room\` must not be "." or ".." in any spelling (got ${JSON.stringify(room)}): as a path segment it would address another Room API path. Send the room's slug, e.g. {"room":"standup-k3j9x2ab"}.`,
    );
  }
  return room;
}

/**
 * A function that replaces every appearance of the API key, or of its id or secret alone, with `[redacted]`:
 * whatever the Room API (or a proxy before it) echoes must not carry the key to the browser.
 */
export function keyScrubber(apiKey: string): (text: string) => string {
  const key = apiKey.replace(/^bearer\s+/i, '').trim();
  const dot = key.indexOf('.');
  const parts = [key, key.slice(dot + 1), key.slice(0, dot)]
    .filter((part, index, all) => part.length >= 4 && all.indexOf(part) === index)
    .sort((a, b) => b.length - a.length);
  return (text) => parts.reduce((scrubbed, part) => scrubbed.split(part).join('[redacted]'), text);
}
