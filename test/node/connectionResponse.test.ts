import { connectionRefreshDelay, MIN_REFRESH_DELAY_MS } from '../../src/room/connection/connectionResponse';
import { isRoomKitError, validateConnectionResponse, type RoomKitError } from '../../src/index';
import { makeToken } from '../helpers/jwt';

const NOW_S = Math.floor(Date.now() / 1000);
const EXP_S = NOW_S + 600;
const TOKEN = makeToken({ sub: 'alice', nbf: NOW_S, exp: EXP_S });
const valid = { token: TOKEN, url: 'wss://media.example.com', room: 'standup-ab12cd34', identity: 'alice', expiresAt: EXP_S };

function failure(value: unknown): RoomKitError {
  try {
    validateConnectionResponse(value);
  } catch (error) {
    if (isRoomKitError(error)) return error;
    throw error;
  }
  throw new Error('expected validateConnectionResponse to throw');
}

describe('validateConnectionResponse', () => {
  it('accepts the Room API token response and normalises expiresAt from seconds to milliseconds', () => {
    expect(validateConnectionResponse(valid)).toEqual({ ...valid, expiresAt: EXP_S * 1000 });
  });

  it('accepts expiresAt in milliseconds, telling the unit apart by magnitude', () => {
    expect(validateConnectionResponse({ ...valid, expiresAt: EXP_S * 1000 }).expiresAt).toBe(EXP_S * 1000);
    expect(validateConnectionResponse({ ...valid, expiresAt: EXP_S * 1000 + 999 }).expiresAt).toBe(EXP_S * 1000 + 999);
  });

  it('tolerates up to 60 s between expiresAt and the token exp, in either unit, and no more', () => {
    expect(validateConnectionResponse({ ...valid, expiresAt: EXP_S + 60 }).expiresAt).toBe((EXP_S + 60) * 1000);
    expect(validateConnectionResponse({ ...valid, expiresAt: (EXP_S - 60) * 1000 }).expiresAt).toBe((EXP_S - 60) * 1000);
    const late = failure({ ...valid, expiresAt: EXP_S + 61 });
    expect(late.code).toBe('invalid-connection-response');
    expect(late.message).toMatch(/`expiresAt`.*differs from the token's own expiry.*61 s/);
    // A millisecond value misread as seconds would be thousands of years off: that is a mismatch too.
    expect(failure({ ...valid, expiresAt: (EXP_S + 3600) * 1000 }).details).toEqual({ field: 'expiresAt' });
    // The tolerance is configurable.
    expect(() => validateConnectionResponse({ ...valid, expiresAt: EXP_S + 30 }, { maxExpirySkew: 10_000 })).toThrow(/differs/);
  });

  it('accepts ws:// for localhost and 127.0.0.1 only', () => {
    for (const url of ['ws://localhost:7880', 'ws://127.0.0.1:7880']) {
      expect(validateConnectionResponse({ ...valid, url }).url).toBe(url);
    }
  });

  it('keeps only the contract fields', () => {
    expect(validateConnectionResponse({ ...valid, extra: 'x' })).not.toHaveProperty('extra');
  });

  it.each<[string, unknown, string | null, RegExp]>([
    ['null', null, null, /must be a JSON object.*but it is null/],
    ['an array', [valid], null, /but it is an array/],
    ['a string', 'ok', null, /but it is a string/],
    ['no token', { ...valid, token: undefined }, 'token', /`token` must be the connection token \(a JWT string\), but it is missing.*unchanged/],
    ['a numeric token', { ...valid, token: 42 }, 'token', /`token` must be .* but it is a number/],
    ['an empty token', { ...valid, token: '' }, 'token', /but it is an empty string/],
    ['a token that is not a JWT', { ...valid, token: 'abc.def' }, 'token', /`token` is not a JWT \(expected three dot-separated parts, found 2\).*unchanged/],
    ['a JWT without sub', { ...valid, token: makeToken({ sub: undefined }) }, 'token', /`token` is not a JWT \(it has no `sub`/],
    ['no url', { ...valid, url: undefined }, 'url', /`url` must be the media server address \(wss:\/\/…\), but it is missing/],
    ['an http url', { ...valid, url: 'https://media.example.com' }, 'url', /`url` is not a secure WebSocket address \("https:\/\/media\.example\.com"\).*wss:\/\//],
    ['a remote ws url', { ...valid, url: 'ws://media.example.com' }, 'url', /`url` is not a secure WebSocket address.*ws:\/\/ is only accepted for localhost and 127\.0\.0\.1/],
    ['a ws url on a LAN address', { ...valid, url: 'ws://192.168.1.10:7880' }, 'url', /not a secure WebSocket address/],
    ['an unparsable url', { ...valid, url: 'media server' }, 'url', /`url` cannot be parsed as a URL.*wss:\/\/media\.example\.com/],
    ['no room', { ...valid, room: undefined }, 'room', /`room` must be the room slug \(a string\), but it is missing/],
    ['a numeric room', { ...valid, room: 7 }, 'room', /`room` must be .* but it is a number/],
    ['no identity', { ...valid, identity: undefined }, 'identity', /`identity` must be the participant identity \(a string\), but it is missing/],
    ['an object identity', { ...valid, identity: { id: 'alice' } }, 'identity', /but it is a object/],
    ['an identity that is not the token subject', { ...valid, identity: 'mallory' }, 'identity', /`identity` is "mallory", but the token was issued for "alice"\. Return the identity and the token of the same/],
    ['no expiresAt', { ...valid, expiresAt: undefined }, 'expiresAt', /`expiresAt` must be a positive integer \(epoch seconds or milliseconds\), but it is missing/],
    ['a date-string expiresAt', { ...valid, expiresAt: new Date(EXP_S * 1000).toISOString() }, 'expiresAt', /but it is a string.*not a date string/],
    ['a fractional expiresAt', { ...valid, expiresAt: EXP_S + 0.5 }, 'expiresAt', /but it is \d+\.5/],
    ['a negative expiresAt', { ...valid, expiresAt: -1 }, 'expiresAt', /but it is -1/],
    ['a NaN expiresAt', { ...valid, expiresAt: Number.NaN }, 'expiresAt', /but it is NaN/],
  ])('refuses %s with invalid-connection-response naming the field and the fix', (_name, value, field, message) => {
    const error = failure(value);
    expect(error.code).toBe('invalid-connection-response');
    expect(error.details).toEqual({ field });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(TOKEN);
  });

  it.each([
    ['token', { ...valid, token: 'lk_dev1.supersecret' }],
    ['token', { ...valid, token: 'Bearer lk_dev1.supersecret' }],
    ['url', { ...valid, url: 'lk_dev1.supersecret' }],
    ['apiKey', { ...valid, apiKey: 'lk_dev1.supersecret' }],
  ])('refuses an API key in `%s` with api-key-in-browser', (field, value) => {
    const error = failure(value);
    expect(error.code).toBe('api-key-in-browser');
    expect(error.details).toEqual({ field });
    expect(error.message).toMatch(/server secret.*revoke/);
    expect(error.message).not.toContain('supersecret');
  });

  it.each<[string, unknown, string | null]>([
    ['a nested field', { ...valid, debug: { upstream: [{ key: 'lk_dev1.supersecret' }] } }, 'debug'],
    ['a property name', { ...valid, debug: { 'lk_dev1.supersecret': true } }, 'debug'],
    ['a sentence', { ...valid, note: 'your key is lk_dev1.supersecret.' }, 'note'],
    ['a top-level property name', { ...valid, 'lk_dev1.supersecret': true }, null],
    ['an array answer', ['lk_dev1.supersecret'], null],
  ])('refuses an API key in %s with api-key-in-browser, naming the top-level field, showing no part of the key', (_name, value, field) => {
    const error = failure(value);
    expect(error.code).toBe('api-key-in-browser');
    expect(error.details).toEqual({ field });
    expect(error.message).toMatch(/revoke/);
    expect(JSON.stringify(error) + error.message).not.toMatch(/supersecret|lk_dev1/);
  });
});

describe('connectionRefreshDelay', () => {
  const at = (lifetimeS: number, issuedS = NOW_S) => {
    const exp = issuedS + lifetimeS;
    return validateConnectionResponse({ ...valid, token: makeToken({ sub: 'alice', nbf: issuedS, exp }), expiresAt: exp });
  };

  it('refreshes 60 s before expiry for a long-lived token', () => {
    expect(connectionRefreshDelay(at(6 * 3600), NOW_S * 1000)).toBe((6 * 3600 - 60) * 1000);
  });

  it('scales the margin down to 20 % of a short lifetime', () => {
    expect(connectionRefreshDelay(at(60), NOW_S * 1000)).toBe(48_000);
    expect(connectionRefreshDelay(at(100), NOW_S * 1000)).toBe(80_000);
    expect(connectionRefreshDelay(at(600), NOW_S * 1000, 30_000)).toBe(570_000);
  });

  it('measures from the token issue time, so a late client clock still refreshes in time', () => {
    // The client clock is 5 minutes behind the server: expiry minus "now" looks 5 minutes longer than it is.
    expect(connectionRefreshDelay(at(600), (NOW_S - 300) * 1000)).toBe(540_000);
  });

  it('refreshes early, not late, for a token the backend issued a while ago', () => {
    expect(connectionRefreshDelay(at(600, NOW_S - 400), NOW_S * 1000)).toBe((200 - 60) * 1000);
  });

  it('never goes below the minimum delay, even for a connection that looks expired', () => {
    expect(connectionRefreshDelay(at(600, NOW_S - 900), NOW_S * 1000)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('uses the time of receipt when the token has no nbf', () => {
    const token = makeToken({ sub: 'alice', nbf: undefined, exp: NOW_S + 100 });
    const connection = validateConnectionResponse({ ...valid, token, expiresAt: NOW_S + 100 });
    expect(connectionRefreshDelay(connection, NOW_S * 1000)).toBe(80_000);
  });
});
