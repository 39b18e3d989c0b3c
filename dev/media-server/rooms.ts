import { ConnectionQuality, DisconnectReason } from '@livekit/protocol';
import type { ServerContext } from './context';
import { ControlError } from './errors';
import { applyPermissionPatch, type PermissionPatch } from './grants';
import type { Participant, ParticipantState } from './participant';
import type { ServerDataMessage, ServerTextMessage } from './data';
import { Room, type RoomState } from './room';
import { SyntheticCrowd, type SyntheticOptions } from './synthetic/crowd';
import { movedToken, refreshToken } from './tokenRefresh';

/** A connection quality the control API can impose. */
export type QualityName = 'excellent' | 'good' | 'poor' | 'lost';

const QUALITIES: Record<QualityName, ConnectionQuality> = {
  excellent: ConnectionQuality.EXCELLENT,
  good: ConnectionQuality.GOOD,
  poor: ConnectionQuality.POOR,
  lost: ConnectionQuality.LOST,
};

/**
 * The rooms of one server by name, and what can be done to them from outside a client: the operations behind
 * the server's handle and the control API. Failures are {@link ControlError}s.
 */
export class RoomRegistry {
  private readonly ctx: ServerContext;
  private readonly roomsByName = new Map<string, Room>();
  private readonly crowd = new SyntheticCrowd();

  constructor(ctx: ServerContext) {
    this.ctx = ctx;
  }

  /** The room of that name, created when it does not exist yet. */
  ensureRoom(name: string): Room {
    let room = this.roomsByName.get(name);
    if (!room) {
      room = new Room(name, this.ctx);
      this.roomsByName.set(name, room);
    }
    return room;
  }

  /** The room of that name, if it exists. */
  existingRoom(name: string): Room | undefined {
    return this.roomsByName.get(name);
  }

  /** Every room. */
  list(): Room[] {
    return [...this.roomsByName.values()];
  }

  /**
   * Drops the signalling sockets of `room`'s participants (of `identity` alone, when given), keeping their peer
   * connections: each client resumes within `windowMs` or leaves. Returns the identities dropped.
   */
  dropSignal(room: string, identity: string | undefined, windowMs: number): string[] {
    if (identity !== undefined) this.requireParticipant(room, identity);
    return this.requireRoom(room).dropSignal(identity, windowMs);
  }

  /** Periodic work of every room. */
  tick(now: number): void {
    for (const room of this.roomsByName.values()) room.tick(now);
  }

  /** Forgets every room and returns them, for the caller to close. */
  takeAll(): Room[] {
    this.crowd.stop();
    const rooms = [...this.roomsByName.values()];
    this.roomsByName.clear();
    return rooms;
  }

  private requireRoom(name: string): Room {
    const room = this.roomsByName.get(name);
    if (!room) throw new ControlError(`no room named "${name}"`, 404);
    return room;
  }

  private requireParticipant(roomName: string, identity: string): Participant {
    const participant = this.requireRoom(roomName).participant(identity);
    if (!participant) throw new ControlError(`no participant "${identity}" in room "${roomName}"`, 404);
    return participant;
  }

  rooms(): RoomState[] {
    return [...this.roomsByName.values()].map((room) => room.state());
  }

  room(name: string): RoomState | undefined {
    return this.roomsByName.get(name)?.state();
  }

  setPermissions(room: string, identity: string, patch: PermissionPatch): ParticipantState {
    const participant = this.requireParticipant(room, identity);
    participant.setPermission(applyPermissionPatch(participant.permission, patch));
    refreshToken(participant);
    return participant.state();
  }

  updateParticipant(
    room: string,
    identity: string,
    update: { name?: string; metadata?: string; attributes?: Record<string, string> },
  ): ParticipantState {
    const participant = this.requireParticipant(room, identity);
    participant.applyMetadata(update);
    refreshToken(participant);
    return participant.state();
  }

  /**
   * LiveKit's MoveParticipant, once the caller checked it may: `participant` leaves `from` and continues in
   * `destination` (created when needed) on the same connection, with a token for it.
   */
  moveParticipant(from: Room, participant: Participant, destination: string): void {
    const to = this.ensureRoom(destination);
    const token = movedToken(participant, destination) ?? '';
    from.moveOut(participant);
    to.moveIn(participant, token, from.name);
  }

  removeParticipant(room: string, identity: string): void {
    const participant = this.requireParticipant(room, identity);
    this.requireRoom(room).removeParticipant(participant, DisconnectReason.PARTICIPANT_REMOVED, { sendLeave: true });
  }

  muteTrack(room: string, identity: string, trackSid: string, muted: boolean): void {
    if (!this.requireParticipant(room, identity).requestMute(trackSid, muted)) {
      throw new ControlError(`participant "${identity}" has no track ${trackSid}`, 404);
    }
  }

  setRoomMetadata(room: string, metadata: string): RoomState {
    const target = this.ensureRoom(room);
    target.setMetadata(metadata);
    return target.state();
  }

  setRecording(room: string, active: boolean): RoomState {
    const target = this.ensureRoom(room);
    target.setRecording(active);
    return target.state();
  }

  setActiveSpeakers(room: string, speakers: { identity: string; level?: number }[] | null): RoomState {
    const target = this.requireRoom(room);
    target.setSpeakers(speakers);
    return target.state();
  }

  setConnectionQuality(room: string, identity: string, quality: QualityName | null): ParticipantState {
    const participant = this.requireParticipant(room, identity);
    if (quality !== null && !(quality in QUALITIES)) throw new ControlError(`unknown quality "${String(quality)}"`, 400);
    participant.qualityOverride = quality === null ? undefined : QUALITIES[quality];
    this.requireRoom(room).qualityMayHaveChanged(participant);
    return participant.state();
  }

  sendData(room: string, message: ServerDataMessage): number {
    return this.requireRoom(room).sendServerData(message);
  }

  sendText(room: string, message: ServerTextMessage): number {
    return this.requireRoom(room).sendText(message);
  }

  /** Adds synthetic participants to a room (created if needed); returns their identities. */
  addSynthetic(room: string, options: SyntheticOptions): string[] {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > 1000) {
      throw new ControlError('"count" must be an integer from 1 to 1000', 400);
    }
    if (options.turnMs !== undefined && !(options.turnMs >= 100)) throw new ControlError('"turnMs" must be at least 100', 400);
    return this.crowd.add(this.ensureRoom(room), options);
  }

  /** Removes a room's synthetic participants (those named, or all); returns the identities removed. */
  removeSynthetic(room: string, identities?: readonly string[]): string[] {
    return this.crowd.remove(this.requireRoom(room), identities);
  }

  deleteRoom(room: string): void {
    const target = this.requireRoom(room);
    for (const participant of target.participants) {
      target.removeParticipant(participant, DisconnectReason.ROOM_DELETED, { sendLeave: true });
    }
    this.roomsByName.delete(room);
  }
}
