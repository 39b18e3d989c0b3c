import { validateConnectionResponse } from '../room/connection/connectionResponse.js';
import { isRoomKitError, RoomKitError } from '../room/RoomKitError.js';
import { jsonResponse, keyScrubber, readJsonObject, readRoom, Reply, withNoStore } from './replies.js';
import { checkExplicitConfig, resolveRoomApiConfig, type RoomApiConfig } from './roomApiConfig.js';
import type { TokenGrants } from './tokenGrants.js';
import { checkBreakoutStore, placeOf, type BreakoutStore } from './breakouts.js';
import { checkWaitingRoomStore, grantsOnKnock, type WaitingRoomStore } from './waitingRoom.js';

export type { TokenGrants } from './tokenGrants.js';

/** Who asks for a token, as your `authenticate` callback decides it from your own session. */
export interface ConnectionParticipant {
  /** A stable id of your user (at most 256 characters): the token's subject and the participant identity. */
  identity: string;
  /** Display name shown to the others. */
  name?: string;
  /** Participant metadata, a string (JSON if you like) the others can read. */
  metadata?: string;
  /** What this user may do in the room: the grants of their role. */
  grants: TokenGrants;
  /**
   * Must wait to be let in (the route's `waitingRoom` is required): until a `roomAdmin` admits them (the room
   * actions route's `admit`), they join without rights (no publish, subscribe or data) and see a waiting screen;
   * admitted, they get `grants` in the same connection, and every later token carries them. Only for people who
   * may be seen and let in: `grants` without `hidden`, `roomAdmin` and `roomRecord` (LiveKit's `UpdateParticipant`
   * cannot give those later).
   */
  wait?: boolean;
}

/** The second argument of `authenticate`. */
export interface ConnectionAuthenticateContext {
  /** The room the browser asked for (the body's `room`), as sent: check the user may join it. */
  readonly room: string;
  /** The whole JSON body, already read (the request's own body is consumed: read fields from here). */
  readonly body: Readonly<Record<string, unknown>>;
}

/** The Room API's create-room request, for rooms the token route creates (see `createRoom`). */
export interface CreateRoomRequest {
  /** The room's name; the Room API derives the slug from it and adds a random suffix. */
  name: string;
  /** Free text. */
  description?: string;
  /** ISO 8601 date-time with a time zone. */
  scheduledAt?: string;
}

/** Options of {@link createConnectionHandler}. */
export interface ConnectionHandlerOptions {
  /**
   * Decides who the caller is and what they may do: return the participant (identity, name, grants of their
   * role) for your signed-in user, `null` when nobody is signed in (answered 401), or throw to refuse
   * (answered 403). Throw a `Response` to answer with it instead (it gets `Cache-Control: no-store`).
   */
  authenticate(
    request: Request,
    context: ConnectionAuthenticateContext,
  ): ConnectionParticipant | null | undefined | Promise<ConnectionParticipant | null | undefined>;
  /** The Room API key `lk_<id>.<secret>`. Default: the `ROOM_API_KEY` environment variable. */
  apiKey?: string;
  /**
   * The Room API's address, with or without the trailing `/api/v1`. Default: the `ROOM_API_URL` environment
   * variable.
   */
  roomApiUrl?: string;
  /** Token lifetime in seconds, 60 to 86 400 (the Room API's default, 6 hours, when absent). */
  ttlSeconds?: number;
  /**
   * Create the room when the Room API does not know the requested one (404). Default `false`: the 404 is
   * relayed, and the client must send a slug of a room your app created beforehand (`POST /sdk/rooms`).
   *
   * With `true` the client may send a room *name* (`{ "room": "standup" }`): the first request for it gets a
   * 404, creates the room with that name (a function returns the whole create request instead) and issues the
   * token for the slug the Room API assigned, e.g. `standup-k3j9x2ab`, which the response's `room` carries.
   * This route remembers name → slug (per process, up to 1 000 names), so later requests for the name, token
   * refreshes included, reach the same room; a slug sent as such works directly. If that remembered room is
   * deleted, the next request is answered 404 and the one after creates a new room.
   *
   * What the client should do: keep the response's `room` (put it in the meeting's URL) and send that slug
   * from then on. With several server instances (serverless), each remembers its own names, so two instances
   * may create two rooms for one name: there, create rooms ahead and send slugs.
   */
  createRoom?: boolean | ((room: string) => CreateRoomRequest);
  /** Maximum wait for the Room API, in milliseconds (default 10 000); past it the route answers 504. */
  timeoutMs?: number;
  /** Reports server-side problems (misconfiguration, Room API failures, a rejected API key). Default `console.error`. */
  onError?: (error: RoomKitError) => void;
  /**
   * The waiting room's record (`createWaitingRoomStore()`), shared with your room actions route. Needed as soon as
   * `authenticate` returns `wait: true` for anyone.
   */
  waitingRoom?: WaitingRoomStore;
  /**
   * The breakout rooms' record (`createBreakoutStore()`), shared with your room actions route. With it, a person
   * assigned to a breakout room gets a token for that room, whether they ask for the main room or the breakout room
   * (a renewal, a re-join), and nobody gets one for a breakout room they were not assigned to: they get the main
   * room's. The answer's `room` says which.
   */
  breakouts?: BreakoutStore;
  /** The `fetch` used to call the Room API (default the global one), e.g. for tests. */
  fetch?: typeof fetch;
}

const GRANT_NAMES = ['canPublish', 'canSubscribe', 'canPublishData', 'hidden', 'roomAdmin', 'roomRecord'] as const;
const DEFAULT_TIMEOUT_MS = 10_000;
/** Rooms created by this route, remembered by requested value; bounded so a flood of names cannot grow it. */
const MAX_REMEMBERED_ROOMS = 1_000;

const misconfigured = (message: string) => new RoomKitError('server-misconfigured', message);

function isJson(text: string, contentType: string | null): boolean {
  if (!/json/i.test(contentType ?? '')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function checkParticipant(value: unknown): ConnectionParticipant {
  const where = '`authenticate` must return { identity, name?, metadata?, grants } or null';
  if (typeof value !== 'object' || value === null) throw misconfigured(`${where}, got ${typeof value}.`);
  const { identity, name, metadata, grants, wait } = value as Record<string, unknown>;
  if (typeof identity !== 'string' || identity.trim() === '' || identity.length > 256) {
    throw misconfigured(`${where}: \`identity\` must be a non-empty string of at most 256 characters.`);
  }
  if (name !== undefined && typeof name !== 'string') throw misconfigured(`${where}: \`name\` must be a string.`);
  if (metadata !== undefined && typeof metadata !== 'string') throw misconfigured(`${where}: \`metadata\` must be a string.`);
  if (typeof grants !== 'object' || grants === null || Array.isArray(grants)) {
    throw misconfigured(`${where}: \`grants\` must be an object such as { canPublish: true, canSubscribe: true }.`);
  }
  const picked: TokenGrants = {};
  for (const [grant, flag] of Object.entries(grants)) {
    if (!(GRANT_NAMES as readonly string[]).includes(grant)) {
      throw misconfigured(`${where}: \`grants.${grant}\` is not a grant; use ${GRANT_NAMES.join(', ')}.`);
    }
    if (typeof flag !== 'boolean') throw misconfigured(`${where}: \`grants.${grant}\` must be a boolean.`);
    picked[grant as keyof TokenGrants] = flag;
  }
  if (wait !== undefined && typeof wait !== 'boolean') throw misconfigured(`${where}: \`wait\` must be a boolean.`);
  if (wait) {
    const kept = (['hidden', 'roomAdmin', 'roomRecord'] as const).filter((grant) => picked[grant]);
    if (kept.length) {
      throw misconfigured(
        `${where}: someone who must \`wait\` cannot have ${kept.join(', ')}: LiveKit cannot grant ${kept.length > 1 ? 'them' : 'it'} after they are let in. Return \`wait: false\` for hosts, observers and recorders.`,
      );
    }
  }
  return {
    identity,
    grants: picked,
    ...(name !== undefined && { name }),
    ...(metadata !== undefined && { metadata }),
    ...(wait && { wait: true }),
  };
}

function checkOptions(options: ConnectionHandlerOptions): void {
  if (typeof options?.authenticate !== 'function') {
    throw misconfigured('createConnectionHandler needs `authenticate(request, { room })`, returning the signed-in user and their grants.');
  }
  const { ttlSeconds, timeoutMs } = options;
  if (ttlSeconds !== undefined && (!Number.isInteger(ttlSeconds) || ttlSeconds < 60 || ttlSeconds > 86_400)) {
    throw misconfigured(`\`ttlSeconds\` must be an integer from 60 to 86400, got ${String(ttlSeconds)}.`);
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw misconfigured(`\`timeoutMs\` must be a positive number of milliseconds, got ${String(timeoutMs)}.`);
  }
  checkExplicitConfig(options.apiKey, options.roomApiUrl);
  if (options.waitingRoom !== undefined) checkWaitingRoomStore(options.waitingRoom, 'createConnectionHandler');
  if (options.breakouts !== undefined) checkBreakoutStore(options.breakouts, 'createConnectionHandler');
}

/**
 * Creates your backend's token route: it authenticates the caller with your `authenticate`, asks the Room API
 * for a connection token for the requested room with the API key (which never leaves the server), and answers
 * with the Room API's `{ token, url, room, identity, expiresAt }`, the body `useConnection` and `RoomProvider`
 * expect. The request is `POST` with the JSON body `{ "room": "<slug>" }` (other fields are yours to read in
 * `authenticate`).
 *
 * Every answer is JSON with `Cache-Control: no-store`. The Room API's 400, 401, 404, 429 and 5xx are relayed
 * with their body (the key scrubbed out) and `Retry-After`; the route's own errors are
 * `{ "error": { "code", "message" } }`: 400 `invalid_request` (the message names the field; a `room` that is
 * `.` or `..` in any spelling, `%2e%2e` included, is refused: it would not stay in its path segment), 401
 * `unauthorized`, 403 `forbidden`, 405, 413, 415, 500 `server_misconfigured`, 502 `room_api_unavailable` /
 * `room_api_bad_response`, 504 `room_api_timeout`.
 *
 * @throws {RoomKitError} `server-in-browser` when called in a browser; `server-misconfigured` for a bad option.
 * A missing `ROOM_API_KEY` / `ROOM_API_URL` is reported at the first request (500, and to `onError`).
 *
 * @example Next.js App Router, `app/api/meeting-token/route.ts`
 * ```ts
 * import { createConnectionHandler } from '@roomkit/react/server';
 *
 * export const POST = createConnectionHandler({
 *   async authenticate(request, { room }) {
 *     const user = await getUser(request); // your session
 *     if (!user) return null;
 *     return { identity: user.id, name: user.name, grants: { canPublish: true, canSubscribe: true, canPublishData: true } };
 *   },
 * });
 * ```
 * @example Hono
 * ```ts
 * const handler = createConnectionHandler({ authenticate });
 * app.post('/api/meeting-token', (c) => handler(c.req.raw));
 * ```
 * @example Express or `node:http`: see {@link toNodeListener}
 * ```ts
 * app.post('/api/meeting-token', toNodeListener(createConnectionHandler({ authenticate })));
 * ```
 */
export function createConnectionHandler(options: ConnectionHandlerOptions): (request: Request) => Promise<Response> {
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    throw new RoomKitError(
      'server-in-browser',
      'createConnectionHandler runs on your server only: it holds the Room API key. Import @roomkit/react/server ' +
        'from a route handler or API route, and call that route from the browser with useConnection({ endpoint }).',
    );
  }
  checkOptions(options);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const report = options.onError ?? ((error: RoomKitError) => console.error(error));
  const createdRooms = new Map<string, Promise<string>>();
  let config: RoomApiConfig | undefined;

  async function callRoomApi(path: string, body: unknown): Promise<Response> {
    const { baseUrl, apiKey } = config!;
    try {
      return await fetchImpl(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
      report(
        new RoomKitError('unreachable', timedOut ? `The Room API did not answer within ${timeoutMs} ms.` : 'The Room API could not be reached.', {
          cause: error,
        }),
      );
      throw timedOut
        ? Reply.error(504, 'room_api_timeout', 'The Room API did not answer in time.')
        : Reply.error(502, 'room_api_unavailable', 'The Room API could not be reached.');
    }
  }

  /** Reads a 2xx body as JSON, or relays a non-2xx answer (scrubbed of the key) by throwing it. */
  async function readAnswer(response: Response): Promise<unknown> {
    const scrub = keyScrubber(config!.apiKey);
    const raw = await response.text();
    const text = scrub(raw);
    if (!response.ok) {
      if (response.status === 401 || response.status === 403) {
        report(misconfigured(`The Room API refused the API key (HTTP ${response.status}): check ROOM_API_KEY on your server.`));
      }
      const headers: Record<string, string> = {};
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter !== null) headers['Retry-After'] = retryAfter;
      if (isJson(text, response.headers.get('content-type'))) throw new Reply(response.status, text, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
      throw Reply.error(response.status, 'room_api_error', `The Room API answered HTTP ${response.status}.`, headers);
    }
    if (text !== raw) throw badUpstream('its answer contains the API key');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badUpstream('its answer is not JSON');
    }
  }

  function badUpstream(problem: string): Reply {
    const message = `The Room API's answer cannot be used: ${problem}. Check that ROOM_API_URL points at the Room API.`;
    report(misconfigured(message));
    return Reply.error(502, 'room_api_bad_response', message);
  }

  function createRoom(room: string): Promise<string> {
    let slug = createdRooms.get(room);
    if (slug) return slug;
    const request = typeof options.createRoom === 'function' ? options.createRoom(room) : { name: room };
    slug = callRoomApi('/sdk/rooms', request)
      .then(readAnswer)
      .then((created) => {
        const value = (created as { slug?: unknown } | null)?.slug;
        if (typeof value !== 'string' || value === '') throw badUpstream('the created room has no `slug`');
        return value;
      });
    if (createdRooms.size >= MAX_REMEMBERED_ROOMS) createdRooms.delete(createdRooms.keys().next().value!);
    createdRooms.set(room, slug);
    // A failed creation is not remembered: the next request tries again.
    slug.catch(() => createdRooms.get(room) === slug && createdRooms.delete(room));
    return slug;
  }

  /**
   * The token request for `participant` in `slug`: their role's grants, or none while they must wait in `main` (the
   * main room of a breakout room: one waiting room per meeting).
   */
  async function tokenRequest(main: string, participant: ConnectionParticipant): Promise<Record<string, unknown>> {
    const { wait, grants, ...who } = participant;
    const ttl = options.ttlSeconds !== undefined && { ttlSeconds: options.ttlSeconds };
    return { ...who, grants: wait ? await grantsOnKnock(options.waitingRoom, main, participant.identity, grants) : grants, ...ttl };
  }

  /** A token for the room `participant` belongs in when they ask for `slug`: a breakout room they were assigned to, else `slug`'s main room. */
  async function issueToken(slug: string, participant: ConnectionParticipant): Promise<Response> {
    const place = await placeOf(options.breakouts, slug, participant.identity);
    return callRoomApi(`/sdk/rooms/${encodeURIComponent(place.slug)}/token`, await tokenRequest(place.main, participant));
  }

  async function connection(room: string, participant: ConnectionParticipant): Promise<unknown> {
    const remembered = options.createRoom ? createdRooms.get(room) : undefined;
    let slug = remembered ? await remembered : room;
    let response = await issueToken(slug, participant);
    if (response.status === 404 && options.createRoom) {
      if (remembered) {
        // The room this route created was deleted since: relay the 404 (a deleted meeting does not come back
        // by itself), and create a new one on the next request.
        if (createdRooms.get(room) === remembered) createdRooms.delete(room);
      } else {
        await response.body?.cancel();
        slug = await createRoom(room);
        response = await issueToken(slug, participant);
      }
    }
    const answer = await readAnswer(response);
    try {
      validateConnectionResponse(answer);
    } catch (error) {
      throw badUpstream(isRoomKitError(error) ? error.message : 'the token response does not match the contract');
    }
    const { token, url, room: assigned, identity, expiresAt } = answer as Record<string, unknown>;
    return { token, url, room: assigned, identity, expiresAt };
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      throw Reply.error(405, 'method_not_allowed', `Use POST with the JSON body {"room":"<slug>"}, not ${request.method}.`, {
        Allow: 'POST',
      });
    }
    try {
      config ??= resolveRoomApiConfig(options.apiKey, options.roomApiUrl);
    } catch (error) {
      report(error as RoomKitError);
      throw Reply.error(500, 'server_misconfigured', 'The token route is not configured; its server log names the fix.');
    }
    const body = await readJsonObject(request);
    const room = readRoom(body);
    let participant: unknown;
    try {
      participant = await options.authenticate(request, { room, body });
    } catch (refusal) {
      if (refusal instanceof Response) return withNoStore(refusal);
      throw Reply.error(403, 'forbidden', 'You may not join this room.');
    }
    if (participant === null || participant === undefined) {
      throw Reply.error(401, 'unauthorized', 'Sign in first: this token route needs a signed-in user.');
    }
    try {
      participant = checkParticipant(participant);
      return jsonResponse(await connection(room, participant as ConnectionParticipant));
    } catch (error) {
      if (!isRoomKitError(error, 'server-misconfigured')) throw error;
      report(error);
      throw Reply.error(500, 'server_misconfigured', 'The token route is not configured; its server log names the fix.');
    }
  }

  return async function connectionHandler(request: Request): Promise<Response> {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof Reply) return error.toResponse();
      report(new RoomKitError('connect-failed', 'The token route failed unexpectedly.', { cause: error }));
      return Reply.error(500, 'internal_error', 'Internal server error.').toResponse();
    }
  };
}
