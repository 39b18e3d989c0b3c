import { RoomKitError } from '../room/RoomKitError.js';
import type { SimContext } from './simulatedServer.js';

/** A data message the local participant sent, as the simulated server received it. */
export interface SentData {
  payload: Uint8Array;
  topic: string | undefined;
  reliable: boolean;
  text: string;
  /** Only these identities receive it; absent when sent to everyone. */
  destinationIdentities?: string[];
}

/** The simulated server receives the local participant's data into `sent` (oldest first). */
export function installDataReceiver(ctx: SimContext, sent: SentData[], onSent?: (data: SentData) => void): void {
  ctx.room.localParticipant.publishData = async (payload: Uint8Array, options = {}) => {
    if (ctx.local.permission.canPublishData === false) {
      throw new RoomKitError('not-permitted', 'The simulated server dropped data: the session lacks canPublishData.');
    }
    const data: SentData = {
      payload,
      topic: options.topic,
      reliable: options.reliable ?? true,
      text: new TextDecoder().decode(payload),
      ...(options.destinationIdentities?.length ? { destinationIdentities: [...options.destinationIdentities] } : {}),
    };
    sent.push(data);
    onSent?.(data);
  };
}

/** The server forwards data from `from` (or from itself, with `from` undefined) to this session. */
export function deliverData(
  ctx: SimContext,
  from: string | undefined,
  payload: Uint8Array | string,
  options: { topic?: string; reliable?: boolean },
): void {
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const kind = options.reliable === false ? 1 : 0;
  const user = { payload: bytes, topic: options.topic, participantIdentity: from ?? '', destinationIdentities: [] };
  if (typeof ctx.internals.handleUserPacket !== 'function') {
    // livekit-client before 2.2 hands the Room the user packet itself.
    ctx.internals.handleDataPacket(user, kind);
    return;
  }
  ctx.internals.handleDataPacket({ participantIdentity: from ?? '', kind, destinationIdentities: [], value: { case: 'user', value: user } }, 0);
}

/** The legacy chat message (`lk-chat-topic`) a participant's client sends for `message`. */
export function chatMessage(from: string, message: string, timestamp: number): { payload: string; topic: string } {
  const id = `${from}-${timestamp}-${Math.random().toString(36).slice(2, 8)}`;
  return { payload: JSON.stringify({ id, timestamp, message }), topic: 'lk-chat-topic' };
}
