/**
 * The dev media server's server API as LiveKit authenticates it (pkg/service/auth.go): a server token signed with an
 * API key's secret (`iss` = the key id) carrying the grant each method needs. What the auth middleware refuses is a
 * plain-text 401; a token without the grant is Twirp `unauthenticated` "permissions denied". And the Twirp transport
 * itself: binary protobuf, error bodies, routing.
 */
import { ParticipantInfo, UpdateParticipantRequest } from '@livekit/protocol';
import { AccessToken, EgressClient, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaServer } from '../../dev/media-server';
import { RawSignalClient, SECRET, token } from './support/rawClient';
import { KEY_ID, KEY_SECRET, refusal, serverToken, startServerWithKeys } from './support/serverApi';

let server: MediaServer;
const clients: RawSignalClient[] = [];

beforeAll(async () => {
  server = await startServerWithKeys();
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function join(identity: string, room: string) {
  const joined = await RawSignalClient.join(server.url, token(identity, room));
  clients.push(joined.client);
  return joined;
}

/** A RoomServiceClient that sends `jwt` as it is (livekit-server-sdk's `token` option). */
const withToken = (jwt: string) => new RoomServiceClient(server.httpUrl, undefined, undefined, { token: jwt });
const DENIED = { status: 401, code: 'unauthenticated', message: 'permissions denied' };

function twirp(method: string, body: BodyInit, headers: Record<string, string>) {
  return fetch(`${server.httpUrl}/twirp/livekit.RoomService/${method}`, { method: 'POST', body, headers });
}

describe('server API authentication, as LiveKit', () => {
  it('refuses a wrong secret and an unknown key in the auth middleware: a plain-text 401, no Twirp code', async () => {
    await join('alice', 'auth-1');
    expect(await refusal(new RoomServiceClient(server.httpUrl, KEY_ID, 'not-the-secret').listParticipants('auth-1'))).toEqual({
      status: 401,
      code: undefined,
      message: 'invalid authorization token: invalid token signature',
    });
    expect(await refusal(new RoomServiceClient(server.httpUrl, 'lk_unknown', KEY_SECRET).listParticipants('auth-1'))).toEqual({
      status: 401,
      code: undefined,
      message: 'invalid API key',
    });
    const response = await twirp('ListParticipants', '{"room":"auth-1"}', { 'content-type': 'application/json', authorization: 'Basic abc' });
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      401,
      'text/plain',
      'invalid authorization header. Must start with Bearer ',
    ]);
    const expired = new AccessToken(KEY_ID, KEY_SECRET, { ttl: -10 });
    expired.addGrant({ roomAdmin: true, room: 'auth-1' });
    expect(await refusal(withToken(await expired.toJwt()).listParticipants('auth-1'))).toMatchObject({ status: 401, message: 'invalid authorization token: token has expired' });
  });

  it('refuses a participant’s own connection token: it has no roomAdmin', async () => {
    const alice = await join('alice', 'auth-2');
    await join('bob', 'auth-2');
    // alice's own token, as the Room API signs it (the server's token key), used as a server token
    const own = withToken(token('alice', 'auth-2'));
    expect(await refusal(own.removeParticipant('auth-2', 'bob'))).toEqual(DENIED);
    expect(await refusal(own.listParticipants('auth-2'))).toEqual(DENIED);
    expect(await refusal(new EgressClient(server.httpUrl, undefined, undefined, { token: token('alice', 'auth-2') }).listEgress())).toEqual(DENIED);
    // nothing happened: bob is still there, and alice heard of no one leaving
    expect(server.room('auth-2')?.participants.map((p) => p.identity).sort()).toEqual(['alice', 'bob']);
    expect(alice.client.all('leave')).toEqual([]);
  });

  it('refuses a token without the grant a method needs, and roomAdmin for another room', async () => {
    await join('alice', 'auth-3');
    expect(await refusal(withToken(await serverToken({ roomList: true })).updateParticipant('auth-3', 'alice', { metadata: 'x' }))).toEqual(DENIED);
    expect(await refusal(withToken(await serverToken({ roomAdmin: true, room: 'elsewhere' })).updateParticipant('auth-3', 'alice', { metadata: 'x' }))).toEqual(DENIED);
    expect(await refusal(withToken(await serverToken({ roomAdmin: true, room: 'auth-3' })).listRooms())).toEqual(DENIED);
    expect(await refusal(withToken(await serverToken({ roomAdmin: true, room: 'auth-3' })).createRoom({ name: 'auth-3b' }))).toEqual(DENIED);
    const egressWithoutRecord = new EgressClient(server.httpUrl, undefined, undefined, { token: await serverToken({ roomAdmin: true, room: 'auth-3' }) });
    expect(await refusal(egressWithoutRecord.startRoomCompositeEgress('auth-3', {}))).toEqual(DENIED);
    expect((await server.room('auth-3'))?.participants[0]?.metadata).toBe('');
    // the same calls with the right grant work
    expect(await withToken(await serverToken({ roomAdmin: true, room: 'auth-3' })).updateParticipant('auth-3', 'alice', { metadata: 'ok' })).toMatchObject({ metadata: 'ok' });
  });

  it('answers a call without any token with permissions denied', async () => {
    const response = await twirp('ListRooms', '{}', { 'content-type': 'application/json' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ code: 'unauthenticated', msg: 'permissions denied' });
  });

  it('accepts connection tokens signed with an API key (as LiveKit), on the signalling path and /rtc/validate', async () => {
    const at = new AccessToken(KEY_ID, KEY_SECRET, { identity: 'keyed', name: 'Keyed' });
    at.addGrant({ roomJoin: true, room: 'auth-4' });
    const jwt = await at.toJwt();
    const joined = await RawSignalClient.join(server.url, jwt);
    clients.push(joined.client);
    expect(joined.join.participant).toMatchObject({ identity: 'keyed', name: 'Keyed' });
    const validate = (path: string, authorization: string) => fetch(`${server.httpUrl}${path}`, { headers: { authorization } });
    expect((await validate('/rtc/v1/validate', `Bearer ${jwt}`)).status).toBe(200);
    expect((await validate('/rtc/validate', `Bearer ${token('alice', 'auth-4')}`)).status).toBe(404);
    const forged = new AccessToken(KEY_ID, 'not-the-secret', { identity: 'forged' });
    forged.addGrant({ roomJoin: true, room: 'auth-4' });
    const refused = await validate('/rtc/v1/validate', `Bearer ${await forged.toJwt()}`);
    expect([refused.status, await refused.text()]).toEqual([401, 'invalid token signature']);
    // the header comes first: a good query token does not save a bad header one
    const both = await fetch(`${server.httpUrl}/rtc/v1/validate?access_token=${jwt}`, { headers: { authorization: `Bearer ${await forged.toJwt()}` } });
    expect(both.status).toBe(401);
  });
});

describe('Twirp transport', () => {
  it('takes and answers binary protobuf (application/protobuf)', async () => {
    await join('alice', 'proto-1');
    const body = new UpdateParticipantRequest({ room: 'proto-1', identity: 'alice', metadata: 'from protobuf' }).toBinary();
    const response = await twirp('UpdateParticipant', Buffer.from(body), {
      'content-type': 'application/protobuf',
      authorization: `Bearer ${await serverToken({ roomAdmin: true, room: 'proto-1' })}`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/protobuf');
    const info = ParticipantInfo.fromBinary(new Uint8Array(await response.arrayBuffer()));
    expect(info).toMatchObject({ identity: 'alice', metadata: 'from protobuf' });
    expect(server.room('proto-1')?.participants[0]?.metadata).toBe('from protobuf');
  });

  it('answers JSON as LiveKit’s Go server writes it: proto field names, every field', async () => {
    await join('alice', 'json-1');
    const response = await twirp('GetParticipant', JSON.stringify({ room: 'json-1', identity: 'alice', someFutureField: 1 }), {
      'content-type': 'application/json;charset=UTF-8',
      authorization: `Bearer ${await serverToken({ roomAdmin: true, room: 'json-1' })}`,
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ identity: 'alice', metadata: '', is_publisher: false });
    expect(ParticipantInfo.fromJson(json as never).identity).toBe('alice');
  });

  it('answers routing and decoding errors as Twirp JSON', async () => {
    const auth = { authorization: `Bearer ${await serverToken({ roomAdmin: true, room: 'r' })}` };
    const get = await fetch(`${server.httpUrl}/twirp/livekit.RoomService/ListParticipants`, { headers: auth });
    expect([get.status, ((await get.json()) as { code: string }).code]).toEqual([404, 'bad_route']);
    const unknown = await fetch(`${server.httpUrl}/twirp/livekit.Nope/Call`, { method: 'POST', body: '{}', headers: { ...auth, 'content-type': 'application/json' } });
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([404, 'bad_route']);
    const text = await twirp('ListParticipants', '{}', { ...auth, 'content-type': 'text/plain' });
    expect([text.status, ((await text.json()) as { code: string }).code]).toEqual([404, 'bad_route']);
    const garbled = await twirp('ListParticipants', '{"room":', { ...auth, 'content-type': 'application/json' });
    expect([garbled.status, garbled.headers.get('content-type'), await garbled.json()]).toEqual([
      400,
      'application/json',
      { code: 'malformed', msg: 'the json request could not be decoded' },
    ]);
    const notServed = await fetch(`${server.httpUrl}/twirp/livekit.RoomService/PerformRpc`, { method: 'POST', body: '{}', headers: { ...auth, 'content-type': 'application/json' } });
    expect([notServed.status, ((await notServed.json()) as { code: string }).code]).toEqual([501, 'unimplemented']);
  });
});

describe('keys', () => {
  it('the server’s own token key (`roomkit-dev` and its token secret) signs server tokens too, as any LiveKit key', async () => {
    await join('alice', 'own-key-1');
    const admin = new RoomServiceClient(server.httpUrl, 'roomkit-dev', SECRET);
    expect((await admin.listParticipants('own-key-1')).map((p) => p.identity)).toEqual(['alice']);
  });
});
