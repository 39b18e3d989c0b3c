import fc from 'fast-check';
import { isRoomKitError, looksLikeApiKey, parseToken, RoomKitError, validateMediaUrl, validateToken } from '../../src/index';
import { makeToken } from '../helpers/jwt';

describe('parseToken', () => {
  it('reads identity, name, metadata, expiry and the video grant', () => {
    const token = makeToken({
      sub: 'bob',
      name: 'Bob',
      metadata: '{"role":"host"}',
      exp: 2_000_000_000,
      video: { room: 'daily', canPublish: false, canPublishSources: ['camera', 'MICROPHONE', 'bogus'], roomAdmin: true },
    });
    expect(parseToken(token)).toEqual({
      identity: 'bob',
      name: 'Bob',
      metadata: '{"role":"host"}',
      expiresAt: 2_000_000_000_000,
      notBefore: expect.any(Number),
      video: { room: 'daily', canPublish: false, canPublishSources: ['camera', 'microphone'], roomAdmin: true },
    });
  });

  it.each([
    ['lk_dev1.secret1'],
    ['lk_AbC-9_x.s3cr3t+/='],
    ['  lk_dev1.secret1  '],
    ['Bearer lk_dev1.secret1'],
  ])('refuses the API key %j with api-key-in-browser', (key) => {
    expect(() => parseToken(key)).toThrow(expect.objectContaining({ code: 'api-key-in-browser' }));
    expect(() => parseToken(key)).toThrow(/keep it on your backend/);
  });

  it.each([
    ['', /three dot-separated parts/],
    ['abc', /three dot-separated parts/],
    ['a.b', /three dot-separated parts/],
    ['a.b.c.d', /three dot-separated parts/],
    ['!!.??.sig', /base64url/],
    [`${Buffer.from('{}').toString('base64url')}.${Buffer.from('not json').toString('base64url')}.x`, /JSON/],
    [`${Buffer.from('{}').toString('base64url')}.${Buffer.from('[1]').toString('base64url')}.x`, /not an object/],
    [`${Buffer.from('{}').toString('base64url')}.${Buffer.from('{"name":"x"}').toString('base64url')}.x`, /`sub`/],
  ])('refuses %j with invalid-token', (token, message) => {
    let error: unknown;
    try {
      parseToken(token);
    } catch (e) {
      error = e;
    }
    expect(isRoomKitError(error, 'invalid-token')).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('only ever returns claims or throws a RoomKitError, for any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        try {
          const claims = parseToken(s);
          expect(typeof claims.identity).toBe('string');
        } catch (e) {
          expect(e).toBeInstanceOf(RoomKitError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('only ever returns claims or throws a RoomKitError, for any JWT-shaped input (property)', () => {
    const segment = fc.oneof(
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url')),
      fc.string({ unit: 'binary', maxLength: 40 }).map((s) => Buffer.from(s).toString('base64url')),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(segment, segment, segment, (h, p, s) => {
        try {
          const claims = parseToken(`${h}.${p}.${s}`);
          expect(claims.identity.length).toBeGreaterThan(0);
          expect(typeof claims.video).toBe('object');
        } catch (e) {
          expect(e).toBeInstanceOf(RoomKitError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('recognises every key of the API key form and no JWT as a key (property)', () => {
    const idChars = fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1, maxLength: 20 });
    const secret = fc.string({ unit: fc.constantFrom(...'abcXYZ019_-+/='), minLength: 1, maxLength: 40 });
    fc.assert(fc.property(idChars, secret, (id, s) => looksLikeApiKey(`lk_${id}.${s}`)));
    fc.assert(fc.property(fc.string({ maxLength: 8 }), (sub) => !looksLikeApiKey(makeToken({ sub: `u${sub}` }))));
  });
});

describe('validateToken', () => {
  it('accepts a live token and refuses an expired one with token-expired', () => {
    expect(validateToken(makeToken({ sub: 'a' })).identity).toBe('a');
    const expired = makeToken({ sub: 'a', exp: Math.floor(Date.now() / 1000) - 5 });
    expect(() => validateToken(expired)).toThrow(expect.objectContaining({ code: 'token-expired' }));
    expect(() => validateToken(expired)).toThrow(/Fetch a fresh one/);
  });
});

describe('validateMediaUrl', () => {
  it.each(['wss://media.example.com', 'wss://media.example.com:7443/rtc', 'ws://localhost:7880', 'ws://127.0.0.1:7880', 'ws://[::1]:7880'])(
    'accepts %s',
    (url) => expect(validateMediaUrl(url)).toBeInstanceOf(URL),
  );
  it.each(['ws://media.example.com', 'http://localhost:7880', 'https://media.example.com', 'ws://10.0.0.5:7880', 'ftp://x'])(
    'refuses %s with insecure-url',
    (url) => {
      expect(() => validateMediaUrl(url)).toThrow(expect.objectContaining({ code: 'insecure-url' }));
      expect(() => validateMediaUrl(url)).toThrow(/Use wss:\/\//);
    },
  );
  it('refuses an unparseable URL with invalid-url', () => {
    expect(() => validateMediaUrl('media.example.com')).toThrow(expect.objectContaining({ code: 'invalid-url' }));
  });
  it('never crashes on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (s) => {
        try {
          validateMediaUrl(s);
        } catch (e) {
          expect(e).toBeInstanceOf(RoomKitError);
        }
      }),
    );
  });
});
