import type { ConnectionParticipant, TokenGrants } from '@roomkit/react/server';

/** Each role's grants, every grant it must not have given as `false`. */
const ROLE_GRANTS: Record<string, TokenGrants> = {
  publisher: { canPublish: true, canSubscribe: true, canPublishData: true, hidden: false, roomAdmin: false, roomRecord: false },
  viewer: { canPublish: false, canSubscribe: true, canPublishData: false, hidden: false, roomAdmin: false, roomRecord: false },
  admin: { canPublish: true, canSubscribe: true, canPublishData: true, hidden: false, roomAdmin: true, roomRecord: false },
};

/**
 * Stands in for the app's session: the `x-demo-user: <id>:<role>` header. A real app reads its own session
 * cookie here; nothing about RoomKit depends on how.
 */
export function userFromRequest(request: Request): ConnectionParticipant | null {
  const [identity, role = 'viewer'] = (request.headers.get('x-demo-user') ?? '').split(':');
  const grants = ROLE_GRANTS[role];
  if (!identity || !grants) return null;
  return { identity, name: identity.toUpperCase(), grants };
}
