import { DataPacket, DataPacket_Kind, UserPacket } from '@livekit/protocol';
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
