import type { Participant } from './participant';
import { sourceName } from './grants';
import { signAccessToken, type AccessTokenClaims, type TrackSourceName } from './token';

/**
 * LiveKit's token refresh after a claims change: when the server changes a participant's permission, name, metadata
 * or attributes (`UpdateParticipant`), it sends that participant a fresh token carrying them (`SignalResponse
 * refresh_token`; livekit-server's room manager, `OnClaimsChanged` → `refreshToken`, valid 10 minutes). livekit-client
 * keeps it for its next full reconnect, so a person let in from a waiting room re-joins with their new rights, not
 * with the token they knocked with.
 */
const REFRESHED_TTL_S = 600;

/** Each participant's claims as it joined, the key id (`iss`) and the secret that signed them. */
const joinedWith = new WeakMap<Participant, { claims: AccessTokenClaims; issuer: string | undefined; secret: string }>();

/** Remembers what `participant` joined with, for its refreshed tokens. */
export function rememberClaims(participant: Participant, claims: AccessTokenClaims, issuer: string | undefined, secret: string): void {
  joinedWith.set(participant, { claims, issuer, secret });
}

/** Sends `participant` a fresh token with its current name, metadata, attributes and permission. */
export function refreshToken(participant: Participant): void {
  const token = currentToken(participant);
  if (token !== undefined) participant.send({ case: 'refreshToken', value: token });
}

/**
 * The token of a participant moved to `room` (LiveKit's MoveParticipant): its current claims for that room, signed
 * with the key it joined with; later refreshes are for that room too. Undefined for a participant without a client.
 */
export function movedToken(participant: Participant, room: string): string | undefined {
  const joined = joinedWith.get(participant);
  if (!joined) return undefined;
  joined.claims = { ...joined.claims, video: { ...joined.claims.video, room } };
  return currentToken(participant);
}

function currentToken(participant: Participant): string | undefined {
  const joined = joinedWith.get(participant);
  if (!joined || participant.synthetic) return undefined;
  const { permission } = participant;
  const sources = permission.canPublishSources.map(sourceName).filter((s): s is TrackSourceName => s !== 'unknown');
  return signAccessToken(
    {
      identity: participant.identity,
      name: participant.name,
      metadata: participant.metadata,
      attributes: participant.attributes,
      ...(joined.claims.kind !== undefined && { kind: joined.claims.kind }),
      ...(joined.issuer !== undefined && { issuer: joined.issuer }),
      ttlSeconds: REFRESHED_TTL_S,
      video: {
        ...joined.claims.video,
        canPublish: permission.canPublish,
        canSubscribe: permission.canSubscribe,
        canPublishData: permission.canPublishData,
        hidden: permission.hidden,
        ...(sources.length ? { canPublishSources: sources } : {}),
      },
    },
    joined.secret,
  );
}
