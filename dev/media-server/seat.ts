import type { DisconnectReason } from '@livekit/protocol';
import type { Participant, ParticipantHost } from './participant';
import type { Publication } from './publication';

/**
 * Where a participant sits: the room its requests, media and data go to. A participant keeps its seat for its whole
 * session; LiveKit's MoveParticipant changes the room the seat points at (`Room.moveIn`), so the peer connection,
 * its publications and its signalling carry on in the destination room without a reconnect.
 */
export class Seat implements ParticipantHost {
  /** The room (a `Room`) the participant is in now. */
  room: ParticipantHost;
  /** The client's signal protocol (JoinRequest `clientInfo.protocol`); LiveKit moves only clients past 15. */
  protocol = 0;

  constructor(room: ParticipantHost) {
    this.room = room;
  }

  publications(): Iterable<Publication> {
    return this.room.publications();
  }

  participantChanged(participant: Participant): void {
    this.room.participantChanged(participant);
  }

  removeParticipant(participant: Participant, reason: DisconnectReason, options: { sendLeave: boolean }): void {
    this.room.removeParticipant(participant, reason, options);
  }

  publicationReady(publication: Publication): void {
    this.room.publicationReady(publication);
  }

  publicationRemoved(publication: Publication): void {
    this.room.publicationRemoved(publication);
  }

  relayData(from: Participant, label: string, data: Uint8Array): void {
    this.room.relayData(from, label, data);
  }

  get reliableHistory(): ParticipantHost['reliableHistory'] {
    return this.room.reliableHistory;
  }

  mediaStateChanged(participant: Participant): void {
    this.room.mediaStateChanged(participant);
  }
}

const seats = new WeakMap<Participant, Seat>();

/** Gives `participant` its seat (when the room creates it). */
export function seatParticipant(participant: Participant, seat: Seat): void {
  seats.set(participant, seat);
}

/** The seat of a participant a room created. */
export function seatOf(participant: Participant): Seat | undefined {
  return seats.get(participant);
}
