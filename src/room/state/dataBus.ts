import { RoomEvent, type DataPacket_Kind, type RemoteParticipant, type Room } from 'livekit-client';
import { RoomKitError } from '../RoomKitError.js';
import { getRoomStore } from './roomStore.js';

/** One data message received from the room. */
export interface DataMessage {
  /** The raw payload. */
  readonly payload: Uint8Array;
  /** The topic it was sent on, if any. */
  readonly topic: string | undefined;
  /** The sender's identity; undefined for messages sent by the server. */
  readonly from: string | undefined;
}

/** Options for sending data. */
export interface SendDataOptions {
  /** Topic to send on. */
  topic?: string;
  /** Reliable (ordered, retransmitted) delivery; default true. */
  reliable?: boolean;
  /** Only these identities receive it; default everyone. */
  destinationIdentities?: string[];
}

type Handler = (message: DataMessage) => void;

/** One `DataReceived` listener per room, fanned out by topic while anyone listens. */
export interface DataBus {
  subscribe(topic: string | undefined, handler: Handler): () => void;
}

const buses = new WeakMap<Room, DataBus>();

/** The room's data bus, created on first use. */
export function getDataBus(room: Room): DataBus {
  let bus = buses.get(room);
  if (bus) return bus;
  const handlers = new Map<string | undefined, Set<Handler>>();
  let count = 0;
  const onData = (payload: Uint8Array, participant?: RemoteParticipant, _kind?: DataPacket_Kind, topic?: string) => {
    const message: DataMessage = { payload, topic, from: participant?.identity };
    for (const key of topic === undefined ? [undefined] : [topic, undefined]) {
      handlers.get(key)?.forEach((h) => h(message));
    }
  };
  bus = {
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      if (count++ === 0) room.on(RoomEvent.DataReceived, onData);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
        if (--count === 0) room.off(RoomEvent.DataReceived, onData);
      };
    },
  };
  buses.set(room, bus);
  return bus;
}

/**
 * @internal The error for a message that cannot be sent: `method` needs `needs`, got `value` (its type, or the string
 * itself), and nothing was sent; `fix` says what to do.
 */
export function invalidMessage(method: string, needs: string, value: unknown, fix: string): RoomKitError {
  const got = typeof value === 'string' ? JSON.stringify(value) : ((value as object | null)?.constructor?.name ?? String(value));
  return new RoomKitError('invalid-message', `\`${method}\` needs ${needs}, but got ${got}: nothing was sent. ${fix}`);
}

/**
 * Sends data to the room, refusing it when the effective grants forbid it.
 *
 * @throws {RoomKitError} `invalid-message` for a payload that is neither a `Uint8Array` nor a string,
 * `not-permitted` without `canPublishData`, `not-connected` before the room connects.
 */
export async function sendData(room: Room, payload: Uint8Array | string, options: SendDataOptions = {}): Promise<void> {
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) {
    throw invalidMessage('useDataChannel().send', 'a Uint8Array or a string', payload, 'Encode other data first (TextEncoder).');
  }
  assertCanSendData(room);
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : new Uint8Array(payload);
  await room.localParticipant.publishData(bytes, {
    reliable: options.reliable ?? true,
    ...(options.topic === undefined ? {} : { topic: options.topic }),
    ...(options.destinationIdentities === undefined ? {} : { destinationIdentities: options.destinationIdentities }),
  });
}

/**
 * @internal Throws unless the session may send data (or text streams) now.
 *
 * @throws {RoomKitError} `not-permitted` without `canPublishData`, `not-connected` before the room connects.
 */
export function assertCanSendData(room: Room): void {
  const state = getRoomStore(room).getState();
  if (!state.grants.canPublishData) {
    throw new RoomKitError(
      'not-permitted',
      'This session may not send data or chat: its token lacks the canPublishData grant. Ask your backend for a token with canPublishData.',
    );
  }
  if (state.connectionState !== 'connected') {
    throw new RoomKitError('not-connected', `Data can only be sent while connected; the room is ${state.connectionState}.`);
  }
}
