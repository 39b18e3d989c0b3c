import { DisconnectReason, Track } from 'livekit-client';
import { AGENT_STATE_ATTRIBUTE } from '../room/state/agentState.js';
import { RoomKitError } from '../room/RoomKitError.js';
import type { TokenVideoGrant, TrackSourceName } from '../room/connection/token.js';
import { deliverMedia, subscriptionAnswerer } from './simulatedMedia.js';
import {
  localParticipantInfo,
  participantInfo,
  permissionFrom,
  sid,
  type SimContext,
  type SimParticipant,
  type SimTrack,
} from './simulatedServer.js';

/** Grants of the simulated local participant, as a token would carry them. Absent flags take the server defaults. */
export type TestGrants = Omit<TokenVideoGrant, 'room' | 'roomJoin'>;

/** Connection quality as a test scripts it. */
export type TestConnectionQuality = 'excellent' | 'good' | 'poor' | 'lost';

/** A simulated remote participant. */
export interface TestParticipantInit {
  identity: string;
  name?: string;
  metadata?: string;
  /** Publishes a camera (true), a muted camera ('muted'), or none (default). */
  camera?: boolean | 'muted';
  /** Publishes a microphone (true), a muted one ('muted'), or none (default). */
  microphone?: boolean | 'muted';
  screenShare?: boolean;
  /** Publishes a screen share's sound (`screen_share_audio`), as a shared tab with its sound does beside `screenShare`. */
  screenShareAudio?: boolean;
  speaking?: boolean;
  connectionQuality?: TestConnectionQuality;
  /** A hidden participant: present in the room, never listed. */
  hidden?: boolean;
  /** Its tracks are end-to-end encrypted (default: as the room, see `TestRoomInit.encrypted`). */
  encrypted?: boolean;
  /**
   * The server lets this participant publish (default true): its live permission, as every session sees it in
   * `ParticipantInfo.permission`. False makes a listener of an audio room. Change it later with `setPermissions`.
   */
  canPublish?: boolean;
  /**
   * The participant's kind, as its token says it (default `standard`); `agent` for an AI agent, whose
   * microphone carries a synthetic voice in a browser (so visualizers move).
   */
  kind?: TestParticipantKind;
  /** Participant attributes. */
  attributes?: Record<string, string>;
  /**
   * Knocks at a waiting room: joins with no rights (no publish, subscribe or data), as the token route's `wait: true`
   * makes it. A `roomAdmin` session sees them in the queue; `TestRoom.admit` and `deny` play the host's answer.
   */
  waiting?: boolean;
  /** An agent's initial `lk.agent.state` attribute. */
  agentState?: string;
  /**
   * The participant raised its hand before this session joined, at this time (epoch ms): its client answers the
   * session's catch-up request on `roomkit.hand`, as a real RoomKit client does.
   */
  handRaisedAt?: number;
}

/** Participant kinds a test can give (livekit-client's `ParticipantKind`). */
export type TestParticipantKind = 'standard' | 'ingress' | 'egress' | 'sip' | 'agent';

const KIND: Record<TestParticipantKind, number> = { standard: 0, ingress: 1, egress: 2, sip: 3, agent: 4 };

const QUALITY: Record<TestConnectionQuality, number> = { poor: 0, good: 1, excellent: 2, lost: 3 };
const DISCONNECTED = 3;

/** The participants `TestRoomInit.participants` names: a list as given, or a number of generated ones with cameras ("Participant N", every third muted). */
export function participantInits(participants: number | readonly TestParticipantInit[] | undefined): readonly TestParticipantInit[] {
  if (typeof participants !== 'number') return participants ?? [];
  return Array.from({ length: participants }, (_, i) => ({
    identity: `participant-${i + 1}`,
    name: `Participant ${i + 1}`,
    camera: true,
    microphone: i % 3 === 0 ? ('muted' as const) : true,
  }));
}

/**
 * The participants the simulated server holds, and the updates it sends when they join, leave, publish,
 * speak, or have their permissions changed. Every method flushes the store, as each server message would
 * reach the UI on its own.
 */
export class SimulatedParticipants {
  private readonly remotes = new Map<string, SimParticipant>();
  private readonly answerSubscriptions: (p: SimParticipant) => void;

  constructor(private readonly ctx: SimContext) {
    this.answerSubscriptions = subscriptionAnswerer(ctx, (identity) => this.remotes.get(identity));
  }

  /** How many remote participants are in the room. */
  get size(): number {
    return this.remotes.size;
  }

  /** A participant joins (with the tracks `init` names). */
  add(init: TestParticipantInit): void {
    if (this.remotes.has(init.identity) || init.identity === this.ctx.local.identity) {
      throw new RoomKitError('invalid-token', `A participant "${init.identity}" is already in the test room.`);
    }
    const p: SimParticipant = {
      sid: sid('PA'),
      identity: init.identity,
      name: init.name ?? init.identity,
      metadata: init.metadata ?? '',
      hidden: init.hidden ?? false,
      kind: KIND[init.kind ?? 'standard'],
      attributes: { ...init.attributes, ...(init.agentState === undefined ? {} : { [AGENT_STATE_ATTRIBUTE]: init.agentState }) },
      permission: permissionFrom({
        hidden: init.hidden ?? false,
        ...(init.canPublish === undefined ? {} : { canPublish: init.canPublish }),
        ...(init.waiting ? { canPublish: false, canSubscribe: false, canPublishData: false } : {}),
      }),
      tracks: [],
      version: 0,
      encrypted: init.encrypted ?? this.ctx.encrypted,
    };
    this.remotes.set(p.identity, p);
    const tracks: Array<[TrackSourceName, boolean]> = [];
    if (init.camera) tracks.push(['camera', init.camera === 'muted']);
    if (init.microphone) tracks.push(['microphone', init.microphone === 'muted']);
    if (init.screenShare) tracks.push(['screen_share', false]);
    if (init.screenShareAudio) tracks.push(['screen_share_audio', false]);
    p.tracks = tracks.map(([source, muted]) => ({ sid: sid('TR'), source, muted }));
    this.sendUpdate(p);
    for (const t of p.tracks) deliverMedia(this.ctx, p, t);
    if (init.connectionQuality) this.setConnectionQuality(p.identity, init.connectionQuality);
    if (init.speaking) this.setSpeaking(p.identity, true, 0.6);
    this.ctx.flush();
  }

  /** A participant leaves. */
  remove(identity: string): void {
    const p = this.remote(identity);
    this.remotes.delete(identity);
    p.version++;
    this.ctx.internals.handleParticipantUpdates([
      { ...participantInfo(p), state: DISCONNECTED, disconnectReason: DisconnectReason.CLIENT_INITIATED },
    ]);
    this.ctx.flush();
  }

  /** Everyone is gone (the session ended); no update is sent. */
  clear(): void {
    this.remotes.clear();
  }

  /** A participant's (remote or local) display name or metadata changes. */
  update(identity: string, changes: { name?: string; metadata?: string }): void {
    const p = this.anyone(identity);
    if (changes.name !== undefined) p.name = changes.name;
    if (changes.metadata !== undefined) p.metadata = changes.metadata;
    if (p === this.ctx.local) {
      p.version++;
      this.ctx.room.localParticipant.updateInfo(localParticipantInfo(p) as never);
    } else {
      this.sendUpdate(p);
    }
    this.ctx.flush();
  }

  /** A participant's (remote or local) attributes change (an empty value removes one), as the server sets them. */
  setAttributes(identity: string, attributes: Record<string, string>): void {
    const p = this.anyone(identity);
    const next = { ...p.attributes };
    for (const [key, value] of Object.entries(attributes)) {
      if (value === '') delete next[key];
      else next[key] = value;
    }
    p.attributes = next;
    if (p === this.ctx.local) {
      p.version++;
      this.ctx.room.localParticipant.updateInfo(localParticipantInfo(p) as never);
    } else {
      this.sendUpdate(p);
    }
    this.ctx.flush();
  }

  /** The sid of a participant's (remote or local) microphone track, if it publishes one. */
  microphoneSid(identity: string): string | undefined {
    if (identity === this.ctx.local.identity) return this.ctx.room.localParticipant.getTrackPublication(Track.Source.Microphone)?.trackSid;
    return this.remote(identity).tracks.find((t) => t.source === 'microphone')?.sid;
  }

  /** A remote participant publishes a track (or, when it has one from `source`, mutes or unmutes it). */
  publishTrack(identity: string, source: TrackSourceName, muted: boolean): void {
    const p = this.remote(identity);
    if (p.tracks.some((t) => t.source === source)) return this.setMuted(identity, source, muted);
    const track: SimTrack = { sid: sid('TR'), source, muted };
    p.tracks = [...p.tracks, track];
    this.sendUpdate(p);
    deliverMedia(this.ctx, p, track);
    this.ctx.flush();
  }

  /** A remote participant unpublishes a track. */
  unpublishTrack(identity: string, source: TrackSourceName): void {
    const p = this.remote(identity);
    p.tracks = p.tracks.filter((t) => t.source !== source);
    this.sendUpdate(p);
    this.ctx.flush();
  }

  /** A remote participant mutes or unmutes a track. */
  setMuted(identity: string, source: TrackSourceName, muted: boolean): void {
    const p = this.remote(identity);
    const track = p.tracks.find((t) => t.source === source);
    if (!track) throw new RoomKitError('not-connected', `"${identity}" has no ${source} track to mute; publish one first.`);
    track.muted = muted;
    this.sendUpdate(p);
    this.ctx.flush();
  }

  /** A participant (remote or local) starts or stops speaking. */
  setSpeaking(identity: string, speaking: boolean, level: number): void {
    const target = this.anyone(identity);
    this.ctx.internals.handleSpeakersChanged([{ sid: target.sid, level: speaking ? level : 0, active: speaking }]);
    this.ctx.flush();
  }

  /** A participant's (remote or local) connection quality changes. */
  setConnectionQuality(identity: string, quality: TestConnectionQuality): void {
    const target = this.anyone(identity);
    this.ctx.internals.handleConnectionQualityUpdate({
      updates: [{ participantSid: target.sid, quality: QUALITY[quality], score: quality === 'excellent' ? 4.5 : 2 }],
    });
    this.ctx.flush();
  }

  /** The server changes a participant's live permissions (the fields `permissions` carries). */
  setPermissions(identity: string, permissions: Omit<TestGrants, 'roomAdmin' | 'roomRecord'>): void {
    const target = this.anyone(identity);
    const current = target.permission;
    target.permission = permissionFrom({
      canPublish: current.canPublish as boolean,
      canSubscribe: current.canSubscribe as boolean,
      canPublishData: current.canPublishData as boolean,
      hidden: current.hidden as boolean,
      ...permissions,
    });
    if (permissions.hidden !== undefined) target.hidden = permissions.hidden;
    if (target === this.ctx.local) {
      target.version++;
      this.ctx.room.localParticipant.updateInfo(localParticipantInfo(target) as never);
    } else {
      this.sendUpdate(target);
    }
    this.ctx.flush();
  }

  private anyone(identity: string): SimParticipant {
    return identity === this.ctx.local.identity ? this.ctx.local : this.remote(identity);
  }

  private remote(identity: string): SimParticipant {
    const p = this.remotes.get(identity);
    if (!p) {
      throw new RoomKitError(
        'not-connected',
        `No participant "${identity}" in the test room. Known: ${[...this.remotes.keys()].join(', ') || 'none'}.`,
      );
    }
    return p;
  }

  private sendUpdate(p: SimParticipant) {
    p.version++;
    this.ctx.internals.handleParticipantUpdates([participantInfo(p)]);
    this.answerSubscriptions(p);
  }
}
