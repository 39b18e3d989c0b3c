import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../dev/media-server';
import { signToken as signRoomApiToken } from '../../dev/room-api/accessToken';
import { permissionFromGrant } from '../../dev/media-server/grants';
import { TokenError, signAccessToken, verifyAccessToken } from '../../dev/media-server/token';
import { RawSignalClient, SECRET, refusedUpgrade, rtcUrl, token } from './support/rawClient';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function tamper(jwt: string, edit: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  edit(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('verifyAccessToken', () => {
  const good = signAccessToken(
    { identity: 'alice', name: 'Alice', metadata: '{"role":"host"}', video: { roomJoin: true, room: 'standup', canPublish: false, canPublishSources: ['microphone'] } },
    SECRET,
    NOW,
  );

  it('returns the claims of a well-signed, current token', () => {
    const claims = verifyAccessToken(good, SECRET, NOW + 1000);
    expect(claims).toMatchObject({
      identity: 'alice',
      name: 'Alice',
      metadata: '{"role":"host"}',
      video: { roomJoin: true, room: 'standup', canPublish: false, canPublishSources: ['microphone'] },
    });
  });

  it('accepts what the dev Room API signs', () => {
    const now = Math.floor(NOW / 1000);
    const fromRoomApi = signRoomApiToken(
      { iss: 'roomkit-dev', sub: 'bob', name: 'Bob', nbf: now, exp: now + 60, video: { roomJoin: true, room: 'standup', hidden: true } },
      SECRET,
    );
    expect(verifyAccessToken(fromRoomApi, SECRET, NOW)).toMatchObject({ identity: 'bob', name: 'Bob', video: { room: 'standup', hidden: true } });
  });

  it('refuses a token signed with another secret', () => {
    expect(() => verifyAccessToken(good, 'another-secret', NOW)).toThrow(/signature/);
  });

  it('refuses a token whose payload was changed after signing', () => {
    const forged = tamper(good, (claims) => ((claims.video as Record<string, unknown>).canPublish = true));
    expect(() => verifyAccessToken(forged, SECRET, NOW)).toThrow(/signature/);
  });

  it('refuses an expired token and one that is not valid yet', () => {
    expect(() => verifyAccessToken(good, SECRET, NOW + 601_000)).toThrow(/expired/);
    const later = signAccessToken({ identity: 'a', video: { roomJoin: true, room: 'r' } }, SECRET, NOW + 60_000);
    expect(() => verifyAccessToken(later, SECRET, NOW)).toThrow(/not valid yet/);
  });

  it('refuses the "none" algorithm and malformed tokens with status 401', () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${good.split('.')[1]}.`;
    for (const bad of [unsigned, 'not-a-jwt', '']) {
      const error = (() => {
        try {
          verifyAccessToken(bad, SECRET, NOW);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(TokenError);
      expect((error as TokenError).status).toBe(401);
    }
  });

  it('refuses a grant without roomJoin or room with status 403', () => {
    const noJoin = signAccessToken({ identity: 'a', video: { room: 'r' } }, SECRET, NOW);
    expect(() => verifyAccessToken(noJoin, SECRET, NOW)).toThrow(expect.objectContaining({ status: 403 }));
    const noRoom = signAccessToken({ identity: 'a', video: { roomJoin: true } }, SECRET, NOW);
    expect(() => verifyAccessToken(noRoom, SECRET, NOW)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe('permissionFromGrant', () => {
  it('allows publishing, subscribing and data, and nothing hidden, when the grant is silent', () => {
    const permission = permissionFromGrant({ roomJoin: true, room: 'r' });
    expect(permission).toMatchObject({ canPublish: true, canSubscribe: true, canPublishData: true, hidden: false, canPublishSources: [] });
  });

  it('keeps every flag the grant sets', () => {
    const permission = permissionFromGrant({ canPublish: false, canSubscribe: false, canPublishData: false, hidden: true });
    expect(permission).toMatchObject({ canPublish: false, canSubscribe: false, canPublishData: false, hidden: true });
  });
});

describe('token checks on the wire', () => {
  let server: MediaServer;

  beforeAll(async () => {
    server = await startMediaServer({ port: 0, tokenSecret: SECRET, logLevel: 'silent' });
  });
  afterAll(() => server.close());

  const validate = (jwt: string) => fetch(`${server.httpUrl}/rtc/v1/validate?access_token=${encodeURIComponent(jwt)}`);
  const forged = () => signAccessToken({ identity: 'mallory', video: { roomJoin: true, room: 'r' } }, 'wrong-secret');
  const expired = () => token('late', 'r', {}, { ttlSeconds: -60 });

  it('answers 401 on the upgrade for a bad signature and for an expired token', async () => {
    expect(await refusedUpgrade(rtcUrl(server.url, forged()))).toMatchObject({ status: 401, body: 'invalid token signature' });
    expect(await refusedUpgrade(rtcUrl(server.url, expired()))).toMatchObject({ status: 401, body: 'token has expired' });
  });

  it('answers 401 on /rtc/v1/validate for the same tokens, and 200 for a good one', async () => {
    const bad = await validate(forged());
    expect(bad.status).toBe(401);
    expect(await bad.text()).toBe('invalid token signature');
    expect((await validate(expired())).status).toBe(401);
    expect((await validate(token('alice', 'r'))).status).toBe(200);
  });

  it('accepts a good token: the first message is a JoinResponse', async () => {
    const { client, join } = await RawSignalClient.join(server.url, token('alice', 'r'));
    expect(join.participant?.identity).toBe('alice');
    await client.close();
  });
});
