import { ParticipantPermission, TrackSource } from '@livekit/protocol';
import type { TrackSourceName, VideoGrant } from './token';

const SOURCE_BY_NAME: Record<TrackSourceName, TrackSource> = {
  camera: TrackSource.CAMERA,
  microphone: TrackSource.MICROPHONE,
  screen_share: TrackSource.SCREEN_SHARE,
  screen_share_audio: TrackSource.SCREEN_SHARE_AUDIO,
};

const NAME_BY_SOURCE = new Map<TrackSource, TrackSourceName>(
  Object.entries(SOURCE_BY_NAME).map(([name, source]) => [source, name as TrackSourceName]),
);

/** A permission change, as the control API takes it. Absent fields keep their value. */
export interface PermissionPatch {
  canPublish?: boolean;
  canSubscribe?: boolean;
  canPublishData?: boolean;
  /** An empty list means every source. */
  canPublishSources?: TrackSourceName[];
  canUpdateMetadata?: boolean;
  hidden?: boolean;
}

/** A permission in plain JSON, for the control API's state. */
export interface PermissionState {
  canPublish: boolean;
  canSubscribe: boolean;
  canPublishData: boolean;
  canPublishSources: TrackSourceName[];
  canUpdateMetadata: boolean;
  hidden: boolean;
}

export function sourceFromName(name: TrackSourceName): TrackSource {
  return SOURCE_BY_NAME[name];
}

export function sourceName(source: TrackSource): TrackSourceName | 'unknown' {
  return NAME_BY_SOURCE.get(source) ?? 'unknown';
}

/**
 * The live permission a token's grant starts with. Absent flags default as LiveKit's do: publishing,
 * subscribing and data allowed, hidden not, and updating one's own name, metadata and attributes NOT allowed
 * unless the grant says `canUpdateOwnMetadata: true` (a feature relying on it must ask for it, here as in
 * production). An agent (token `kind: 'agent'`) gets the `agent` flag, as LiveKit gives it; a `recorder` grant (LiveKit
 * Egress's) the `recorder` flag.
 */
export function permissionFromGrant(video: VideoGrant, kind?: string): ParticipantPermission {
  return new ParticipantPermission({
    agent: kind === 'agent',
    canPublish: video.canPublish ?? true,
    canSubscribe: video.canSubscribe ?? true,
    canPublishData: video.canPublishData ?? true,
    canPublishSources: (video.canPublishSources ?? []).map(sourceFromName),
    canUpdateMetadata: video.canUpdateOwnMetadata ?? false,
    hidden: video.hidden ?? false,
    recorder: video.recorder ?? false,
  });
}

export function applyPermissionPatch(current: ParticipantPermission, patch: PermissionPatch): ParticipantPermission {
  const next = current.clone();
  if (patch.canPublish !== undefined) next.canPublish = patch.canPublish;
  if (patch.canSubscribe !== undefined) next.canSubscribe = patch.canSubscribe;
  if (patch.canPublishData !== undefined) next.canPublishData = patch.canPublishData;
  if (patch.canPublishSources !== undefined) next.canPublishSources = patch.canPublishSources.map(sourceFromName);
  if (patch.canUpdateMetadata !== undefined) next.canUpdateMetadata = patch.canUpdateMetadata;
  if (patch.hidden !== undefined) next.hidden = patch.hidden;
  return next;
}

/** True when `permission` allows publishing a track from `source`. Hidden participants never publish media. */
export function canPublishSource(permission: ParticipantPermission, source: TrackSource): boolean {
  if (!permission.canPublish || permission.hidden) return false;
  return permission.canPublishSources.length === 0 || permission.canPublishSources.includes(source);
}

export function permissionState(permission: ParticipantPermission): PermissionState {
  return {
    canPublish: permission.canPublish,
    canSubscribe: permission.canSubscribe,
    canPublishData: permission.canPublishData,
    canPublishSources: permission.canPublishSources
      .map(sourceName)
      .filter((name): name is TrackSourceName => name !== 'unknown'),
    canUpdateMetadata: permission.canUpdateMetadata,
    hidden: permission.hidden,
  };
}
