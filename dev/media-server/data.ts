import { DataPacket, DataPacket_Kind, UserPacket } from '@livekit/protocol';
import type { Logger } from './log';
import type { Participant } from './participant';

/** A server-sent data message (control API). */
export interface ServerDataMessage {
  payload: string | Uint8Array;
  topic?: string;
  reliable?: boolean;
  /** Identities to deliver to; everyone when absent or empty. */
  destinationIdentities?: string[];
}

/** A sequenced reliable packet as the room forwarded it, kept for participants whose channel opens later. */
export interface SentReliable {
  /** The sender's sid. */
  sender: string;
  /** The sender's sequence number (livekit-client numbers each reliable packet from 1). */
  seq: number;
  /** Identities it is for; everyone when empty. */
  destinations: readonly string[];
  bytes: Uint8Array;
}

/**
 * The room's most recent sequenced reliable packets. A participant joins the room (the others see it and send to
 * it) before its data channel is open; what was sent to it in between is held by sequence number and replayed
 * from here when the channel opens, as LiveKit's SFU does (a participant's `joiningMessageFirstSeqs`, replayed from
 * the room's cache once its transport is established). Without it, a chat message or a text stream's header sent
 * in the first second of someone's session never reaches them.
 */
export class ReliableHistory {
  private readonly entries: SentReliable[] = [];
  constructor(readonly limit = 512) {}

  record(entry: SentReliable): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.shift();
  }

  /** What was sent by each sender in `firstSeqs` from that sequence number on, in the order it was sent. */
  since(firstSeqs: ReadonlyMap<string, number>): SentReliable[] {
    return this.entries.filter((e) => e.seq >= (firstSeqs.get(e.sender) ?? Infinity));
  }
}

/**
 * One participant's side of {@link ReliableHistory}: until its reliable channel opens it records, per sender, the
 * first sequence number it missed; when the channel opens it takes the packets to replay, and from then on
 * everything is sent as it comes.
 */
export class JoiningReliable {
  private open = false;
  private readonly firstSeqs = new Map<string, number>();

  /** Whether a packet can be sent now; if not, it is remembered for the replay. */
  canSend(sender: string, seq: number): boolean {
    if (this.open) return true;
    if (!this.firstSeqs.has(sender)) this.firstSeqs.set(sender, seq);
    return false;
  }

  /** The channel opened: what `identity` missed since it joined, to send before anything else. */
  opened(history: ReliableHistory, identity: string): SentReliable[] {
    if (this.open) return [];
    this.open = true;
    const missed = history.since(this.firstSeqs).filter((e) => e.destinations.length === 0 || e.destinations.includes(identity));
    this.firstSeqs.clear();
    return missed;
  }
}

/**
 * Forwards a data packet from `from` to the other `members` on the same kind of channel, stamped with the
 * sender. Dropped when the sender lacks canPublishData, and for server-only packet kinds. A sequenced reliable
 * packet is recorded in `history` and held for a member whose channel is not open yet (see {@link ReliableHistory}).
 */
export function relayDataPacket(
  members: Iterable<Participant>,
  from: Participant,
  label: string,
  data: Uint8Array,
  logger: Logger,
  history: ReliableHistory,
): void {
  if (label !== '_reliable' && label !== '_lossy') return;
  let packet: DataPacket;
  try {
    packet = DataPacket.fromBinary(data);
  } catch {
    logger.warn(`${from.identity} sent an undecodable data packet`);
    return;
  }
  if (!from.permission.canPublishData) {
    from.droppedDataPackets += 1;
    logger.info(`dropped a data packet from ${from.identity}: no canPublishData`);
    return;
  }
  if (packet.value.case === undefined || packet.value.case === 'speaker') return;
  packet.participantIdentity = from.identity;
  packet.participantSid = from.sid;
  let destinations = packet.destinationIdentities;
  if (packet.value.case === 'user') {
    const user = packet.value.value;
    user.participantIdentity = from.identity;
    user.participantSid = from.sid;
    if (destinations.length === 0) destinations = user.destinationIdentities;
  }
  const bytes = packet.toBinary();
  const sequenced = label === '_reliable' && packet.sequence > 0;
  if (sequenced) history.record({ sender: from.sid, seq: packet.sequence, destinations: [...destinations], bytes });
  for (const member of members) {
    if (member === from) continue;
    if (destinations.length > 0 && !destinations.includes(member.identity)) continue;
    if (sequenced) member.sendReliable(from.sid, packet.sequence, bytes);
    else member.sendData(label, bytes);
  }
}

/** Sends a data packet from the server (no sender identity) to `members`. Returns how many it reached. */
export function sendServerDataPacket(members: Iterable<Participant>, message: ServerDataMessage): number {
  const reliable = message.reliable ?? true;
  const payload = typeof message.payload === 'string' ? new TextEncoder().encode(message.payload) : message.payload;
  const destinations = message.destinationIdentities ?? [];
  const packet = new DataPacket({
    kind: reliable ? DataPacket_Kind.RELIABLE : DataPacket_Kind.LOSSY,
    destinationIdentities: destinations,
    value: { case: 'user', value: new UserPacket({ payload, topic: message.topic, destinationIdentities: destinations }) },
  });
  const bytes = packet.toBinary();
  let delivered = 0;
  for (const member of members) {
    if (destinations.length > 0 && !destinations.includes(member.identity)) continue;
    if (member.sendData(reliable ? '_reliable' : '_lossy', bytes)) delivered += 1;
  }
  return delivered;
}
