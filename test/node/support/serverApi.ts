import { AccessToken, ServerError, type VideoGrant } from 'livekit-server-sdk';
import { startMediaServer, type MediaServer, type MediaServerOptions } from '../../../dev/media-server';
import { SECRET } from './rawClient';

export { POLL } from './poll';

/** The dev Room API key the tests' customer server holds: `lk_<id>.<secret>`, as `ROOM_API_KEYS` gives it. */
export const KEY_ID = 'lk_nodetests';
export const KEY_SECRET = 'node-tests-api-secret';
export const API_KEYS = `acme=${KEY_ID}.${KEY_SECRET}`;

/**
 * A dev media server on 127.0.0.1 and a free port that knows the tests' API key (connection tokens signed with
 * {@link SECRET}), without a browser for its egress: node tests never start Chromium.
 */
export function startServerWithKeys(options: MediaServerOptions = {}): Promise<MediaServer> {
  return startMediaServer({ port: 0, tokenSecret: SECRET, apiKeys: API_KEYS, logLevel: 'silent', egressChromium: false, ...options });
}

/** A server token as livekit-server-sdk signs one: `iss` the key id, HS256 with its secret, the grant given. */
export function serverToken(grant: VideoGrant, keyId = KEY_ID, secret = KEY_SECRET): Promise<string> {
  const token = new AccessToken(keyId, secret, { ttl: '1m' });
  token.addGrant(grant);
  return token.toJwt();
}

/** What a refused call shows through livekit-server-sdk: the HTTP status, the Twirp code (when JSON) and the message. */
export interface Refusal {
  status: number;
  code: string | undefined;
  message: string;
}

/** Awaits a call that must fail, and returns how livekit-server-sdk reports it. */
export async function refusal(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServerError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the call succeeded');
}
