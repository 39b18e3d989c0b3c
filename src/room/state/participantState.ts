import type { ConnectionQuality, Participant, Track, TrackPublication } from 'livekit-client';
import { keep, sameValue } from '../sameValue.js';
import type { TokenClaims } from '../connection/token.js';

/** One published track as the store sees it. Unchanged tracks keep their object identity. */
export interface TrackState {
  /** The publication's track sid. */
  readonly sid: string;
  /** camera, microphone, screen_share, screen_share_audio or unknown. */
  readonly source: Track.Source;
  /** audio or video. */
  readonly kind: Track.Kind;
  /** Muted by its publisher. */
  readonly muted: boolean;
  /** Media is flowing to this session (always true for local tracks). */
  readonly subscribed: boolean;
  /** livekit-client's publication, for attaching media. */
  readonly publication: TrackPublication;
  /** livekit-client's track, present once subscribed (or published, for local tracks). */
  readonly track: Track | undefined;
}

/** One participant as the store sees it. A participant whose state did not change keeps its object identity. */
export interface ParticipantState {
  readonly identity: string;
  readonly sid: string;
  /** The display name; empty when none was set. */
  readonly name: string;
  readonly metadata: string | undefined;
  readonly attributes: Readonly<Record<string, string>>;
  readonly isLocal: boolean;
  /** What kind of participant this is: `agent` for an AI agent (its state is the `lk.agent.state` attribute). */
  readonly kind: ParticipantKindName;
  readonly isSpeaking: boolean;
  readonly connectionQuality: ConnectionQuality;
  /** Hidden participants are never listed by RoomKit's hooks and components. */
  readonly hidden: boolean;
  /** The server lets this participant publish (its live permission; true until known). */
  readonly canPublish: boolean;
  /**
   * Waiting to be let in (a waiting room): the server lets this visible participant neither publish, subscribe
   * nor send data. RoomKit lists waiting participants apart (`useWaitingRoom`), never among the meeting's people.
   */
  readonly waiting: boolean;
  readonly tracks: readonly TrackState[];
  /** livekit-client's participant. */
  readonly participant: Participant;
}

/** livekit-client's `ParticipantKind`, as a name; `standard` for livekit-client versions without kinds. */
export type ParticipantKindName = 'standard' | 'ingress' | 'egress' | 'sip' | 'agent' | 'connector' | 'bridge' | 'unknown';

const KIND_NAMES: readonly ParticipantKindName[] = ['standard', 'ingress', 'egress', 'sip', 'agent', 'unknown', 'unknown', 'connector', 'bridge'];

/** @internal A participant's kind by name, whatever livekit-client version (older ones have no kinds). */
export function kindOf(participant: Participant): ParticipantKindName {
  // No kind (older livekit-client) is index 0, 'standard'.
  return KIND_NAMES[(participant as { kind?: number }).kind ?? 0] ?? 'unknown';
}

const EMPTY_TRACKS: readonly TrackState[] = Object.freeze([]);
const EMPTY_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

/** True when both arrays hold the same items (by identity) in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((v, i) => v === b[i]));
}

function readTrack(publication: TrackPublication, isLocal: boolean, prev: TrackState | undefined): TrackState {
  const track = publication.track;
  const subscribed = isLocal ? track !== undefined : publication.isSubscribed;
  const { trackSid: sid, source, kind, isMuted: muted } = publication;
  return keep(prev, { sid, source, kind, muted, subscribed, publication, track });
}

function readTracks(participant: Participant, prev: ParticipantState | undefined): readonly TrackState[] {
  if (participant.trackPublications.size === 0) return prev && prev.tracks.length === 0 ? prev.tracks : EMPTY_TRACKS;
  const previous = new Map(prev?.tracks.map((t) => [t.publication, t]));
  const next: TrackState[] = [];
  for (const publication of participant.trackPublications.values()) {
    next.push(readTrack(publication, participant.isLocal, previous.get(publication)));
  }
  return prev && sameItems(prev.tracks, next) ? prev.tracks : next;
}

/**
 * Reads one livekit-client participant into a {@link ParticipantState}, keeping `prev` (and each unchanged
 * track and the attributes object) when nothing observable changed. `token`, the local participant's token claims,
 * fills its identity, name and hidden flag before the server has sent its info.
 */
export function readParticipant(participant: Participant, prev: ParticipantState | undefined, token?: TokenClaims): ParticipantState {
  const identity = participant.identity || token?.identity || '';
  const name = participant.name || (participant.identity ? '' : (token?.name ?? ''));
  // livekit-client before 2.4 has no attributes.
  const raw = participant.attributes ?? {};
  const attributes = Object.keys(raw).length ? raw : EMPTY_ATTRIBUTES;
  const permissions = participant.permissions;
  const hidden = permissions?.hidden ?? token?.video.hidden ?? false;
  const canPublish = permissions?.canPublish ?? true;
  const waiting = permissions !== undefined && !hidden && !permissions.canPublish && !permissions.canSubscribe && !permissions.canPublishData;
  return keep(prev, {
    identity,
    sid: participant.sid,
    name,
    metadata: participant.metadata,
    attributes: prev && sameValue(prev.attributes, attributes) ? prev.attributes : { ...attributes },
    isLocal: participant.isLocal,
    kind: kindOf(participant),
    isSpeaking: participant.isSpeaking,
    connectionQuality: participant.connectionQuality,
    hidden,
    canPublish,
    waiting,
    tracks: readTracks(participant, prev),
    participant,
  });
}
