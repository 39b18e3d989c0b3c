/** Builds an unsigned JWT-shaped token for tests (RoomKit never checks signatures: the server does). */
export function makeToken(claims: Record<string, unknown>, options: { ttlSeconds?: number } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: 'alice', nbf: now, exp: now + (options.ttlSeconds ?? 600), video: { roomJoin: true, room: 'r' }, ...claims };
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.c2lnbmF0dXJl`;
}
