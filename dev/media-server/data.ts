import { randomUUID } from 'node:crypto';
import { DataPacket, DataPacket_Kind, DataStream_Chunk, DataStream_Header, DataStream_TextHeader, DataStream_Trailer, UserPacket } from '@livekit/protocol';
import type { Logger } from './log';
import type { Participant } from './participant';
import type { ReliableHistory } from './reliableReplay';

/** A server-sent data message (control API). */
export interface ServerDataMessage {
  payload: string | Uint8Array;
  topic?: string;
  reliable?: boolean;
  /** Identities to deliver to; everyone when absent or empty. */
  destinationIdentities?: string[];
  /** Send it as this participant of the room (a synthetic one, say) rather than as the server. */
  from?: string;
}

/** A text stream (one message, as `localParticipant.sendText` sends it) from a participant of the room. */
export interface ServerTextMessage {
  /** The sender: a participant of the room (a synthetic one, say). */
  from: string;
  text: string;
  /** Default `lk.chat`, LiveKit's chat topic. */
  topic?: string;
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
  if (packet.value.case === 'encryptedPacket') from.encryptedDataPackets += 1;
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

/**
 * Sends a data packet from the server (no sender identity), or as `sender` when given, to `members` (never back to
 * the sender). Returns how many it reached.
 */
export function sendServerDataPacket(members: Iterable<Participant>, message: ServerDataMessage, sender?: Participant): number {
  const reliable = message.reliable ?? true;
  const payload = typeof message.payload === 'string' ? new TextEncoder().encode(message.payload) : message.payload;
  const destinations = message.destinationIdentities ?? [];
  const from = sender ? { participantIdentity: sender.identity, participantSid: sender.sid } : {};
  const packet = new DataPacket({
    kind: reliable ? DataPacket_Kind.RELIABLE : DataPacket_Kind.LOSSY,
    ...(sender ? { participantIdentity: sender.identity } : {}),
    destinationIdentities: destinations,
    value: { case: 'user', value: new UserPacket({ payload, topic: message.topic, destinationIdentities: destinations, ...from }) },
  });
  return deliver(members, sender, destinations, reliable ? '_reliable' : '_lossy', [packet.toBinary()]);
}

/**
 * Sends one text stream from `sender` to the other `members`, as livekit-client's `sendText` does: a header with
 * the whole length, one chunk, a trailer. Returns how many it reached.
 */
export function sendTextStream(members: Iterable<Participant>, sender: Participant, message: ServerTextMessage): number {
  const streamId = randomUUID();
  const content = new TextEncoder().encode(message.text);
  const envelope = (value: DataPacket['value']) =>
    new DataPacket({ kind: DataPacket_Kind.RELIABLE, participantIdentity: sender.identity, value }).toBinary();
  const header = new DataStream_Header({
    streamId,
    timestamp: BigInt(Date.now()),
    topic: message.topic ?? 'lk.chat',
    mimeType: 'text/plain',
    totalLength: BigInt(content.length),
    contentHeader: { case: 'textHeader', value: new DataStream_TextHeader({}) },
  });
  return deliver(members, sender, [], '_reliable', [
    envelope({ case: 'streamHeader', value: header }),
    envelope({ case: 'streamChunk', value: new DataStream_Chunk({ streamId, chunkIndex: 0n, content }) }),
    envelope({ case: 'streamTrailer', value: new DataStream_Trailer({ streamId }) }),
  ]);
}

function deliver(members: Iterable<Participant>, sender: Participant | undefined, destinations: readonly string[], label: string, packets: Uint8Array[]): number {
  let delivered = 0;
  for (const member of members) {
    if (member === sender || (destinations.length > 0 && !destinations.includes(member.identity))) continue;
    let reached = true;
    for (const bytes of packets) reached = member.sendData(label, bytes) && reached;
    if (reached) delivered += 1;
  }
  return delivered;
}
