import { Track } from 'livekit-client';
import type { Grants } from './defaultGrants.js';
import type { TokenVideoGrant, TrackSourceName } from '../connection/token.js';

export { DEFAULT_GRANTS } from './defaultGrants.js';
export type { GrantName, Grants } from './defaultGrants.js';

/** The live permission fields the server sends (livekit-client's `ParticipantPermission`). */
export interface LivePermissions {
  canPublish: boolean;
  canSubscribe: boolean;
  canPublishData: boolean;
  hidden: boolean;
  canPublishSources: readonly number[];
}

function sourcesFromProto(sources: readonly number[]): readonly TrackSourceName[] | undefined {
  if (sources.length === 0) return undefined;
  return sources
    .map((s) => Track.sourceFromProto(s as Parameters<typeof Track.sourceFromProto>[0]))
    .filter((s): s is Track.Source & TrackSourceName => s !== Track.Source.Unknown);
}

/**
 * Merges the token's video grant with the server's live permissions into one {@link Grants} value.
 * Live permissions win for the fields they carry; `roomAdmin` and `roomRecord` come from the token.
 */
export function computeGrants(token: TokenVideoGrant | undefined, live: LivePermissions | undefined): Grants {
  const t = token ?? {};
  const tokenSources = t.canPublishSources && t.canPublishSources.length > 0 ? t.canPublishSources : undefined;
  return {
    canPublish: live ? live.canPublish : (t.canPublish ?? true),
    canSubscribe: live ? live.canSubscribe : (t.canSubscribe ?? true),
    canPublishData: live ? live.canPublishData : (t.canPublishData ?? true),
    canPublishSources: live ? sourcesFromProto(live.canPublishSources) : tokenSources,
    hidden: live ? live.hidden : (t.hidden ?? false),
    roomAdmin: t.roomAdmin ?? false,
    roomRecord: t.roomRecord ?? false,
  };
}

/** True when `grants` allow publishing `source`. */
export function canPublishSource(grants: Grants, source: TrackSourceName): boolean {
  if (!grants.canPublish || grants.hidden) return false;
  return grants.canPublishSources === undefined || grants.canPublishSources.includes(source);
}

/** True when `grants` allow sending what shows on tiles (raised hands, reactions): data, and not a hidden observer. */
export function canSendToTiles(grants: Grants): boolean {
  return grants.canPublishData && !grants.hidden;
}
