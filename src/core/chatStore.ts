import type { Room } from 'livekit-client';
import { getDataBus, sendData, type DataMessage } from './dataBus.js';
import { getRoomStore } from './roomStore.js';

/** The topic chat messages travel on (the format LiveKit's components also read). */
export const CHAT_TOPIC = 'lk-chat-topic';

/** One chat message. Render `message` as text, never as HTML. */
export interface ChatMessage {
  readonly id: string;
  /** Epoch milliseconds, as the sender stamped it. */
  readonly timestamp: number;
  readonly message: string;
  /** The sender's identity. */
  readonly from: string;
  readonly isLocal: boolean;
}

/** A room's chat history, kept while the provider (or a `useChat`) holds it. */
export interface ChatStore {
  subscribe(listener: () => void): () => void;
  getMessages(): readonly ChatMessage[];
  /** Sends a message; rejects with `not-permitted` without `canPublishData`. */
  send(text: string): Promise<ChatMessage>;
  /** Keeps the history listening without a subscriber; returns the release function. */
  retain(): () => void;
}

const MAX_MESSAGES = 500;
const stores = new WeakMap<Room, ChatStore>();
const decoder = new TextDecoder();

function parse(message: DataMessage): ChatMessage | undefined {
  try {
    const body = JSON.parse(decoder.decode(message.payload)) as Record<string, unknown>;
    if (typeof body.message !== 'string') return undefined;
    return {
      id: typeof body.id === 'string' ? body.id : `${message.from ?? 'server'}-${Date.now()}`,
      timestamp: typeof body.timestamp === 'number' ? body.timestamp : Date.now(),
      message: body.message,
      from: message.from ?? '',
      isLocal: false,
    };
  } catch {
    return undefined;
  }
}

let counter = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `msg-${Date.now()}-${++counter}`;

/** The room's chat store, created on first use. */
export function getChatStore(room: Room): ChatStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  let messages: readonly ChatMessage[] = [];
  let holders = 0;
  let unsubscribe: (() => void) | undefined;

  const append = (m: ChatMessage) => {
    const next = messages.length >= MAX_MESSAGES ? messages.slice(1 - MAX_MESSAGES) : messages.slice();
    next.push(m);
    messages = next;
    listeners.forEach((l) => l());
  };
  const hold = () => {
    if (holders++ === 0) {
      unsubscribe = getDataBus(room).subscribe(CHAT_TOPIC, (data) => {
        const m = parse(data);
        if (m) append(m);
      });
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--holders === 0) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
  };

  store = {
    subscribe(listener) {
      listeners.add(listener);
      const release = hold();
      return () => {
        listeners.delete(listener);
        release();
      };
    },
    getMessages: () => messages,
    async send(text) {
      const message: ChatMessage = {
        id: newId(),
        timestamp: Date.now(),
        message: text,
        from: getRoomStore(room).getState().local.identity,
        isLocal: true,
      };
      await sendData(room, JSON.stringify({ id: message.id, timestamp: message.timestamp, message: text }), {
        topic: CHAT_TOPIC,
        reliable: true,
      });
      append(message);
      return message;
    },
    retain: hold,
  };
  stores.set(room, store);
  return store;
}
