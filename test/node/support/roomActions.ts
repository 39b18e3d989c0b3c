import { signAccessToken, type VideoGrant } from '../../../dev/media-server/token';
import { createRoomActionsHandler, type RoomActionsHandlerOptions, type RoomKitError } from '../../../src/server/index';
import { SECRET, token } from './rawClient';
import { KEY_ID, KEY_SECRET } from './serverApi';

/** The customer server's Room API key, `lk_<id>.<secret>`: the one the dev media server knows (support/serverApi.ts). */
export const API_KEY = `${KEY_ID}.${KEY_SECRET}`;

/** What one request to the room actions route answered. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** A room admin's connection token, signed as the service signs them (with the media server's secret, not the key). */
export const adminToken = (room: string, video: Partial<VideoGrant> = {}, identity = 'host') => token(identity, room, { roomAdmin: true, roomRecord: true, ...video });

/** A connection token with a forged signature: right shape, right grants, wrong secret. */
export const forgedToken = (room: string) =>
  signAccessToken({ identity: 'host', video: { roomJoin: true, room, roomAdmin: true, roomRecord: true } }, `${SECRET}-but-not-quite`);

/**
 * A room actions route on `mediaUrl` with the tests' key, its media server calls counted and its reports kept, and
 * every answer kept (the key test reads them all).
 */
export function actionsRoute(mediaUrl: string, options: Partial<RoomActionsHandlerOptions> = {}) {
  const errors: RoomKitError[] = [];
  const mediaCalls: string[] = [];
  const answers: Answer[] = [];
  const handler = createRoomActionsHandler({
    apiKey: API_KEY,
    mediaUrl,
    onError: (error) => errors.push(error),
    fetch: (input, init) => {
      mediaCalls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    },
    ...options,
  });
  /** Posts `body` (JSON unless a string) with `Authorization: Bearer <bearer>` when given. */
  async function post(bearer: string | undefined, body: unknown, init: RequestInit = {}): Promise<Answer> {
    const response = await handler(
      new Request('http://app.example/api/room-actions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(bearer !== undefined && { Authorization: `Bearer ${bearer}` }) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
      }),
    );
    const text = await response.text();
    let json: Answer['json'] = {};
    try {
      json = JSON.parse(text) as Answer['json'];
    } catch {
      // not JSON: kept as text
    }
    const answer = { status: response.status, headers: response.headers, text, json };
    answers.push(answer);
    return answer;
  }
  return { handler, post, errors, mediaCalls, answers };
}

/** Fails when the key, its id or its secret shows in any of `texts`. */
export function expectNoKey(texts: readonly string[], key = API_KEY): void {
  const [id, secret] = key.split('.') as [string, string];
  for (const text of texts) {
    for (const part of [key, id, secret]) {
      if (text.includes(part)) throw new Error(`a part of the key (${part === secret ? 'its secret' : part === id ? 'its id' : 'all of it'}) shows in: ${text.slice(0, 200)}`);
    }
  }
}
