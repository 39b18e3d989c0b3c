import { grantFor, type RoomAction } from '../room/connection/roomAction.js';
import { parseToken, type TokenClaims } from '../room/connection/token.js';
import { isRoomKitError, RoomKitError } from '../room/RoomKitError.js';
import { checkExplicitMediaConfig, resolveMediaServerConfig, type MediaServerConfig } from './mediaServerConfig.js';
import { hasOutput, performRoomAction, type RecordingOptions } from './performRoomAction.js';
import { jsonResponse, keyScrubber, readJsonObject, Reply, withNoStore } from './replies.js';
import { parseRoomAction } from './roomActionBody.js';
import { createTwirpClient, TwirpError, TwirpUnreachable, type TwirpClient } from './twirp.js';
import { checkWaitingRoomStore, type WaitingRoomStore } from './waitingRoom.js';
import { checkBreakoutStore, type BreakoutStore } from './breakouts.js';
import { isBreakoutAction, performBreakoutAction } from './breakoutActions.js';
import { checkExplicitConfig, resolveRoomApiConfig } from './roomApiConfig.js';

/** Who may act, and where: what `authorize` returns. */
export interface RoomActionsCaller {
  /** The room to act in: the caller's own. Every action of the request happens there, whatever the body says. */
  room: string;
  /** Who acts (your user id; the token's identity by default). Informational: `onError`'s reports name it. */
  identity?: string;
}

/** The second argument of `authorize`. */
export interface RoomActionsAuthorizeContext {
  /** The validated action. Its `type` says which right it needs (`grantFor`: `roomAdmin` or `roomRecord`). */
  readonly action: RoomAction;
  /** The whole JSON body, already read (fields beyond the action's are yours). */
  readonly body: Readonly<Record<string, unknown>>;
}

/** Options of {@link createRoomActionsHandler}. */
export interface RoomActionsHandlerOptions {
  /**
   * Replaces the default check (the caller's own connection token, asked of the media server) with your own roles:
   * return the caller's room (and identity) when they may perform `action`, `null` when nobody is signed in
   * (answered 401), or throw to refuse (answered 403; throw a `Response` to answer with it). Protect a
   * cookie-authenticated route against cross-site requests as you protect your other routes.
   */
  authorize?(request: Request, context: RoomActionsAuthorizeContext): RoomActionsCaller | null | undefined | Promise<RoomActionsCaller | null | undefined>;
  /** The Room API key `lk_<id>.<secret>`, which signs the server tokens. Default: the `ROOM_API_KEY` environment variable. */
  apiKey?: string;
  /**
   * The media server: the `url` your token route returns (`wss://media.example.com`; `wss` becomes `https`, `ws`
   * becomes `http`), or its `https://` address. Default: the `ROOM_MEDIA_URL` environment variable.
   */
  mediaUrl?: string;
  /** How `start-recording` records. Without it, starting a recording answers 500 and `onError` names the fix. */
  recording?: RecordingOptions;
  /**
   * The waiting room's record your token route writes (`createWaitingRoomStore()`, the same store as its
   * `waitingRoom`): `admit`, `admit-all` and `deny` read it. Without it they answer 500 and `onError` names the fix.
   */
  waitingRoom?: WaitingRoomStore;
  /**
   * The breakout rooms' record your token route reads (`createBreakoutStore()`, the same store as its `breakouts`):
   * the breakout actions (`open-breakouts`, `move`, `broadcast`, `close-breakouts`, `list-breakouts`) keep it.
   * Without it they answer 500 and `onError` names the fix.
   */
  breakouts?: BreakoutStore;
  /**
   * The Room API (`https://api.example.com/api/v1`), where `open-breakouts` creates its rooms (`POST /sdk/rooms`).
   * Default: the `ROOM_API_URL` environment variable. Only the breakout actions use it.
   */
  roomApiUrl?: string;
  /** Maximum wait for each call to the media server, in milliseconds (default 10 000); past it the route answers 504. */
  timeoutMs?: number;
  /** Reports server-side problems (misconfiguration, media server failures, a refused key). Default `console.error`. */
  onError?: (error: RoomKitError) => void;
  /** The `fetch` used to call the media server (default the global one), e.g. for tests. */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const NOT_CONFIGURED = 'The room actions route is not configured; its server log names the fix.';
const misconfigured = (message: string) => new RoomKitError('server-misconfigured', message);

function checkOptions(options: RoomActionsHandlerOptions): void {
  if (typeof options !== 'object' || options === null) throw misconfigured('createRoomActionsHandler needs an options object ({} reads everything from the environment).');
  if (options.authorize !== undefined && typeof options.authorize !== 'function') {
    throw misconfigured('`authorize` must be a function (request, { action }) returning { room, identity } or null.');
  }
  const { timeoutMs, recording } = options;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw misconfigured(`\`timeoutMs\` must be a positive number of milliseconds, got ${String(timeoutMs)}.`);
  }
  if (recording !== undefined) {
    if (typeof recording.output !== 'function' && !hasOutput(recording.output)) {
      throw misconfigured('`recording.output` must name at least one output, e.g. { fileOutputs: [{ filepath: "recordings/{room_name}-{time}.mp4" }] }: LiveKit refuses an egress without one.');
    }
    if (recording.templateUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(recording.templateUrl)) {
      throw misconfigured('`recording.templateUrl` must be the http(s):// address of your recording template page.');
    }
  }
  checkExplicitMediaConfig(options.apiKey, options.mediaUrl);
  if (options.waitingRoom !== undefined) checkWaitingRoomStore(options.waitingRoom, 'createRoomActionsHandler');
  if (options.breakouts !== undefined) checkBreakoutStore(options.breakouts, 'createRoomActionsHandler');
  if (options.roomApiUrl !== undefined) checkExplicitConfig(options.apiKey, options.roomApiUrl);
}

/**
 * Creates your backend's room actions route: it performs one {@link RoomAction} (mute, remove, allow or revoke
 * publishing, lower a hand, start and stop recording, change the recording layout) in the caller's room through
 * LiveKit's server API (Twirp `RoomService` and `Egress`), with a 60-second server token it signs with the Room API key.
 * The browser posts the action with `createRoomActions` (`@roomkit/react`); the key never leaves the server.
 *
 * **Who may act.** By default the caller sends its own connection token (`Authorization: Bearer <token>`, as
 * `createRoomActions` does). The route reads it: the room is the token's room (never the body's), and the action
 * needs the token's `roomAdmin` (mute, remove, permissions, lower a hand) or `roomRecord` (recording) grant, else
 * 403. Your backend cannot verify the token's signature itself: the service signs connection tokens with a secret
 * only the media server holds, not with your Room API key. So the route asks the media server, which answers
 * `GET /rtc/v1/validate` (`/rtc/validate` on LiveKit servers older than the v1 signalling path) with the token in
 * the `Authorization` header as LiveKit does: 200 for a token it would admit, 401 for a forged or expired one. To decide with your own roles and session instead (no request to the media
 * server), give `authorize`: it replaces the whole check.
 *
 * **Answers.** 200 with a {@link RoomActionResult}; errors as `{ "error": { "code", "message" } }`, every answer with
 * `Cache-Control: no-store`: 400 `invalid_request` (the message names the field), 401 `unauthorized`, 403
 * `forbidden`, 404 `not_found` (no such participant or track), 405, 409 `already_recording` / `not_recording`, 413,
 * 415, 500 `server_misconfigured`, 502 `media_server_error` / `media_server_unavailable` /
 * `media_server_bad_response`, 504 `media_server_timeout`. No answer and no report contains the key.
 *
 * **Why no livekit-server-sdk.** Seven methods with a few plain fields each need a JSON POST and an HS256 token,
 * which `fetch` and WebCrypto do anywhere; the SDK would add `@livekit/protocol`, `jose` and more to your server
 * bundle and a peer range to keep. This route runs in Node 20+, edge runtimes and Next.js route handlers.
 *
 * @throws {RoomKitError} `server-in-browser` when called in a browser; `server-misconfigured` for a bad option.
 * A missing `ROOM_API_KEY` / `ROOM_MEDIA_URL` is reported at the first request (500, and to `onError`).
 *
 * @example Next.js App Router, `app/api/room-actions/route.ts`
 * ```ts
 * import { createRoomActionsHandler } from '@roomkit/react/server';
 *
 * export const POST = createRoomActionsHandler({
 *   recording: { templateUrl: 'https://app.example.com/recording', output: { fileOutputs: [{ filepath: 'recordings/{room_name}-{time}.mp4' }] } },
 * });
 * ```
 * @example Express or `node:http`: see `toNodeListener`
 * ```ts
 * app.post('/api/room-actions', toNodeListener(createRoomActionsHandler({})));
 * ```
 */
export function createRoomActionsHandler(options: RoomActionsHandlerOptions = {}): (request: Request) => Promise<Response> {
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    throw new RoomKitError(
      'server-in-browser',
      'createRoomActionsHandler runs on your server only: it holds the Room API key. Import @roomkit/react/server ' +
        'from a route handler, and call that route from the browser with createRoomActions({ endpoint }).',
    );
  }
  checkOptions(options);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const onError = options.onError ?? ((error: RoomKitError) => console.error(error));
  let config: MediaServerConfig | undefined;
  let client: TwirpClient | undefined;
  let scrub = (text: string) => text;
  // Every report is scrubbed of the key, whatever a message quotes.
  const report = (error: RoomKitError) => onError(new RoomKitError(error.code, scrub(error.message), { cause: error.cause, details: error.details }));

  function unreachable(what: string, timedOut: boolean, cause: unknown): Reply {
    report(new RoomKitError('unreachable', timedOut ? `The media server did not answer ${what} within ${timeoutMs} ms.` : `The media server could not be reached for ${what}.`, { cause }));
    return timedOut
      ? Reply.error(504, 'media_server_timeout', 'The media server did not answer in time.')
      : Reply.error(502, 'media_server_unavailable', 'The media server could not be reached.');
  }

  /** The default check: the caller's connection token, its grant for `action`, and the media server's word on it. */
  async function checkConnectionToken(request: Request, action: RoomAction): Promise<RoomActionsCaller> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
    if (token === undefined) {
      throw Reply.error(401, 'unauthorized', 'Send your connection token as `Authorization: Bearer <token>` (createRoomActions does).');
    }
    let claims: TokenClaims;
    try {
      claims = parseToken(token);
    } catch {
      throw Reply.error(401, 'unauthorized', 'The Authorization header holds no connection token: send the token your session joined with.');
    }
    if (claims.expiresAt !== undefined && claims.expiresAt <= Date.now()) {
      throw Reply.error(401, 'unauthorized', 'Your connection token has expired: send the current one.');
    }
    const room = claims.video.room;
    const grant = grantFor(action.type);
    if (!room) throw Reply.error(403, 'forbidden', 'Your connection token names no room to act in.');
    if (claims.video[grant] !== true) {
      throw Reply.error(403, 'forbidden', `Your connection token lacks the ${grant} grant, which ${action.type} needs.`);
    }
    const validate = async (path: string) => {
      try {
        const answer = await fetchImpl(`${config!.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
        await answer.body?.cancel();
        return answer.status;
      } catch (error) {
        throw unreachable(path, (error as { name?: unknown } | null)?.name === 'TimeoutError', error);
      }
    };
    // The v1 signalling path's validate (LiveKit since it serves /rtc/v1, and the dev media server); a LiveKit
    // server older than that answers 404 there, and the v0 path's then.
    let status = await validate('/rtc/v1/validate');
    if (status === 404) status = await validate('/rtc/validate');
    if (status === 200) return { room, identity: claims.identity };
    if (status === 401 || status === 403) {
      throw Reply.error(status, status === 401 ? 'unauthorized' : 'forbidden', 'The media server refused your connection token (forged, expired or revoked).');
    }
    report(misconfigured(`The media server answered GET /rtc/validate with HTTP ${status}: check that ROOM_MEDIA_URL (or \`mediaUrl\`) is the media server's address.`));
    throw Reply.error(502, 'media_server_bad_response', 'The media server could not check your connection token.');
  }

  async function authorize(request: Request, action: RoomAction, body: Readonly<Record<string, unknown>>): Promise<RoomActionsCaller> {
    if (!options.authorize) return checkConnectionToken(request, action);
    let caller: RoomActionsCaller | null | undefined;
    try {
      caller = await options.authorize(request, { action, body });
    } catch (refusal) {
      if (refusal instanceof Response) throw refusal;
      throw Reply.error(403, 'forbidden', 'You may not perform this action in this room.');
    }
    if (caller === null || caller === undefined) throw Reply.error(401, 'unauthorized', 'Sign in first: this route needs a signed-in user.');
    if (typeof caller.room !== 'string' || caller.room.trim() === '') {
      report(misconfigured('`authorize` must return { room, identity? } with the room to act in, or null.'));
      throw Reply.error(500, 'server_misconfigured', NOT_CONFIGURED);
    }
    return caller;
  }

  /** LiveKit's refusal, answered without its details where they are the server's business. */
  function fromMediaServer(error: unknown, action: RoomAction, caller: RoomActionsCaller): Reply {
    if (error instanceof TwirpUnreachable) return unreachable(action.type, error.timedOut, error.cause);
    if (!(error instanceof TwirpError)) throw error;
    if (error.status === 401 || error.status === 403 || error.code === 'unauthenticated' || error.code === 'permission_denied') {
      report(misconfigured(`The media server refused the server token signed with ROOM_API_KEY (HTTP ${error.status}): check that it knows this key, and that ROOM_MEDIA_URL points at it.`));
      return Reply.error(500, 'server_misconfigured', NOT_CONFIGURED);
    }
    const said = scrub(error.message);
    const who = caller.identity === undefined ? '' : ` by ${caller.identity}`;
    report(
      new RoomKitError('room-action-failed', `The media server refused ${action.type}${who} in ${caller.room} (HTTP ${error.status} ${error.code}): ${said}`, {
        details: { status: error.status, code: error.code },
      }),
    );
    return Reply.error(502, 'media_server_error', `The media server could not ${action.type.replace(/-/g, ' ')}: ${said || `HTTP ${error.status}`}.`);
  }

  /** Creates a breakout room through the Room API (`POST /sdk/rooms`), answering its slug. */
  async function createRoom(name: string): Promise<string> {
    const api = resolveRoomApiConfig(options.apiKey, options.roomApiUrl);
    let response: Response;
    try {
      response = await fetchImpl(`${api.baseUrl}/sdk/rooms`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${api.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ name }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable('POST /sdk/rooms (the Room API)', (error as { name?: unknown } | null)?.name === 'TimeoutError', error);
    }
    const created = (await response.json().catch(() => undefined)) as { slug?: unknown } | undefined;
    if (response.ok && typeof created?.slug === 'string' && created.slug !== '') return created.slug;
    report(misconfigured(`The Room API answered POST /sdk/rooms with HTTP ${response.status}${response.ok ? ' and no slug' : ''}: check ROOM_API_URL (or \`roomApiUrl\`) and ROOM_API_KEY.`));
    throw Reply.error(502, 'room_api_error', `The Room API could not create the breakout room ${JSON.stringify(name)}.`);
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      throw Reply.error(405, 'method_not_allowed', `Use POST with a JSON action such as {"type":"mute","identity":"ada"}, not ${request.method}.`, { Allow: 'POST' });
    }
    try {
      config ??= resolveMediaServerConfig(options.apiKey, options.mediaUrl);
    } catch (error) {
      report(error as RoomKitError);
      throw Reply.error(500, 'server_misconfigured', NOT_CONFIGURED);
    }
    scrub = keyScrubber(config.apiKey);
    client ??= createTwirpClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, fetch: fetchImpl, timeoutMs });
    const body = await readJsonObject(request);
    const action = parseRoomAction(body);
    const caller = await authorize(request, action, body);
    try {
      if (isBreakoutAction(action)) {
        const context = { client, store: options.breakouts, createRoom, from: caller.identity };
        return jsonResponse(await performBreakoutAction(context, caller.room, action));
      }
      return jsonResponse(await performRoomAction(client, caller.room, action, options.recording, options.waitingRoom));
    } catch (error) {
      if (error instanceof Reply) throw error;
      if (isRoomKitError(error, 'server-misconfigured')) {
        report(error);
        throw Reply.error(500, 'server_misconfigured', NOT_CONFIGURED);
      }
      throw fromMediaServer(error, action, caller);
    }
  }

  return async function roomActionsHandler(request: Request): Promise<Response> {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof Reply) return error.toResponse();
      if (error instanceof Response) return withNoStore(error);
      report(new RoomKitError('room-action-failed', 'The room actions route failed unexpectedly.', { cause: error }));
      return Reply.error(500, 'internal_error', 'Internal server error.').toResponse();
    }
  };
}
