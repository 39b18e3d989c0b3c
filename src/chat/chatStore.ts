import { RoomEvent, type Participant, type Room } from 'livekit-client';
import { getDataBus, assertCanSendData, invalidMessage, type DataMessage } from '../room/state/dataBus.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { getRoomStore } from '../room/state/roomStore.js';
import { listenWhileHeld, refCounted } from '../room/refCounted.js';
import {
  canSendTextStreams,
  readTextStream,
  registerTextStreams,
  serverSupportsDataStreams,
  type TextStreamReaderLike,
  type TextStreamSender,
} from '../room/state/textStreams.js';

/** The text-stream topic chat travels on (LiveKit's components and agents read it). */
export const CHAT_TOPIC = 'lk.chat';
/** The data-packet topic of the legacy chat format, still sent as a copy for older clients. */
export const LEGACY_CHAT_TOPIC = 'lk-chat-topic';

/** One chat message. Render `message` as text, never as HTML. */
export interface ChatMessage {
  /** Stable across transports: a text stream's id equals its legacy copy's `id`. */
  readonly id: string;
  /** Epoch milliseconds, as the sender stamped it. */
  readonly timestamp: number;
  readonly message: string;
  /** The sender's identity. */
  readonly from: string;
  readonly isLocal: boolean;
  /** When the message was last edited (epoch milliseconds); absent while it was never edited. */
  readonly editTimestamp?: number;
  /** The text stream's attributes, when it arrived as one and carried any. */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** A room's chat history, kept while a subscriber (or a `retain()`) holds it. */
export interface ChatStore {
  subscribe(listener: () => void): () => void;
  getMessages(): readonly ChatMessage[];
  /**
   * Sends a message as a text stream on `lk.chat` plus a legacy `lk-chat-topic` copy with the same id (legacy
   * only where livekit-client has no text streams). Rejects with `invalid-message` for a text that is not a string
   * or is blank, and `not-permitted` without `canPublishData`: nothing is sent then.
   */
  send(text: string): Promise<ChatMessage>;
  /**
   * Replaces the text of one of this session's messages everywhere (same id, an `update` text stream). Rejects with
   * `invalid-message` for a text that is not a string or is blank.
   */
  edit(id: string, text: string): Promise<ChatMessage>;
  /** Keeps the history listening without a subscriber; returns the release function. */
  retain(): () => void;
  /**
   * Says the messages are on screen until the returned function is called (`<Chat>` holds it while mounted), so
   * nothing else needs to announce them: the notifications make none meanwhile and drop the ones they kept.
   */
  show(): () => void;
  /** Whether anything holds {@link ChatStore.show}. */
  isShown(): boolean;
}

const MAX_MESSAGES = 500;
const stores = new WeakMap<Room, ChatStore>();
const decoder = new TextDecoder();

interface Entry {
  message: ChatMessage;
  /** A text stream for this message has been seen (later ones are edits). */
  streamed: boolean;
}

interface LegacyBody {
  id: string | undefined;
  timestamp: number | undefined;
  editTimestamp: number | undefined;
  message: string;
  ignoreLegacy: boolean;
}

function parseLegacy(payload: Uint8Array): LegacyBody | undefined {
  try {
    const body = JSON.parse(decoder.decode(payload)) as Record<string, unknown>;
    if (typeof body.message !== 'string') return undefined;
    return {
      id: typeof body.id === 'string' && body.id ? body.id : undefined,
      timestamp: typeof body.timestamp === 'number' ? body.timestamp : undefined,
      editTimestamp: typeof body.editTimestamp === 'number' ? body.editTimestamp : undefined,
      message: body.message,
      ignoreLegacy: body.ignoreLegacy === true,
    };
  } catch {
    return undefined;
  }
}

let counter = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `msg-${Date.now()}-${++counter}`;

const keyOf = (from: string, id: string) => `${from}\u0000${id}`;

/** Throws `invalid-message` unless `text` is a string with something besides white space in it. */
function checkText(text: unknown, method: 'send' | 'edit'): void {
  if (!(typeof text === 'string' && text.trim())) throw invalidMessage(`useChat().${method}`, 'a non-blank string', text, 'Send text with more than white space in it.');
}

/** The room's chat store, created on first use. */
export function getChatStore(room: Room): ChatStore {
  let store = stores.get(room);
  if (store) return store;
  const listeners = new Set<() => void>();
  const entries = new Map<string, Entry>();
  let messages: readonly ChatMessage[] = [];
  let listeningToStreams = false;

  const notify = () => listeners.forEach((l) => l());
  let shown = false;

  const append = (message: ChatMessage, streamed: boolean) => {
    const next = messages.length >= MAX_MESSAGES ? messages.slice(1 - MAX_MESSAGES) : messages.slice();
    if (messages.length >= MAX_MESSAGES) {
      const dropped = messages[0]!;
      entries.delete(keyOf(dropped.from, dropped.id));
    }
    next.push(message);
    messages = next;
    entries.set(keyOf(message.from, message.id), { message, streamed });
    notify();
  };

  const replace = (entry: Entry, message: ChatMessage) => {
    if (entry.message === message) return;
    const old = entry.message;
    entry.message = message;
    messages = messages.map((m) => (m === old ? message : m));
    notify();
  };

  /** A message arrived in full by some transport: new, a duplicate (same text: dropped) or an edit. */
  const receive = (incoming: ChatMessage, editedAt: number) => {
    const entry = entries.get(keyOf(incoming.from, incoming.id));
    if (!entry) return append(incoming, false);
    if (entry.message.message === incoming.message) return;
    replace(entry, { ...entry.message, message: incoming.message, editTimestamp: editedAt });
  };

  const onTextStream = (reader: TextStreamReaderLike, sender: TextStreamSender) => {
    const { id, timestamp } = reader.info;
    const from = sender.identity;
    const key = keyOf(from, id);
    const existing = entries.get(key);
    const base = (text: string): ChatMessage => ({
      id,
      timestamp,
      message: text,
      from,
      isLocal: false,
      ...(reader.info.attributes && Object.keys(reader.info.attributes).length ? { attributes: { ...reader.info.attributes } } : {}),
    });
    if (existing?.streamed) {
      // A second stream with a known id is an edit (`type: 'update'`).
      void readTextStream(reader, (text, done) => {
        if (done) receive(base(text), timestamp);
      });
      return;
    }
    if (existing) existing.streamed = true;
    // The first stream of a message is shown once complete: screen readers announce it whole, never a fragment
    // of an agent's streamed reply.
    void readTextStream(reader, (text, done) => {
      if (!done) return;
      const entry = entries.get(key);
      if (!entry) append(base(text), true);
      else {
        entry.streamed = true;
        if (entry.message.message !== text) replace(entry, { ...entry.message, message: text });
      }
    });
  };

  const onLegacy = (data: DataMessage) => {
    const body = parseLegacy(data.payload);
    if (!body) return;
    // A copy of a text stream this session receives anyway. Without text streams it is the only copy: show it.
    if (body.ignoreLegacy && listeningToStreams) return;
    const now = Date.now();
    receive(
      {
        id: body.id ?? `${data.from ?? 'server'}-${body.timestamp ?? now}-${++counter}`,
        timestamp: body.timestamp ?? now,
        message: body.message,
        from: data.from ?? '',
        isLocal: false,
      },
      body.editTimestamp ?? body.timestamp ?? now,
    );
  };

  /**
   * livekit-client's own chat packets (`sendChatMessage`/`editChatMessage`). The protocol also has a `deleted`
   * flag, but livekit-client does not pass it on, and text streams carry no deletion: deletions cannot arrive.
   */
  const onChatPacket = (msg: { id: string; timestamp: number; message: string; editTimestamp?: number }, participant?: Participant) => {
    const from = participant?.identity ?? '';
    receive({ id: msg.id, timestamp: msg.timestamp, message: msg.message, from, isLocal: false }, msg.editTimestamp ?? Date.now());
  };

  // A conversation belongs to a room. When this session's room changes (LiveKit's MoveParticipant to a breakout
  // room, or a join elsewhere), the history shown is that room's; each room's is kept, so a return shows it again.
  let roomName = room.name;
  const histories = new Map<string, readonly ChatMessage[]>();
  const followRoom = () => {
    if (room.name === roomName || room.name === '') return;
    const left = roomName;
    roomName = room.name;
    if (left === '') return; // the first join: what arrived so far is this room's
    histories.set(left, messages);
    messages = histories.get(roomName) ?? [];
    histories.delete(roomName);
    entries.clear();
    for (const message of messages) entries.set(keyOf(message.from, message.id), { message, streamed: true });
    notify();
  };

  const hold = refCounted(() => {
    followRoom();
    const roomEvents = [RoomEvent.Connected, RoomEvent.Moved].filter(Boolean); // no Moved before livekit-client 2.12
    for (const event of roomEvents) room.on(event, followRoom);
    const offLegacy = getDataBus(room).subscribe(LEGACY_CHAT_TOPIC, onLegacy);
    const offStreams = registerTextStreams(room, CHAT_TOPIC, onTextStream);
    listeningToStreams = offStreams !== undefined;
    // livekit-client's own chat packets, where this version has them.
    if (RoomEvent.ChatMessage) room.on(RoomEvent.ChatMessage, onChatPacket as never);
    return () => {
      offLegacy();
      offStreams?.();
      listeningToStreams = false;
      if (RoomEvent.ChatMessage) room.off(RoomEvent.ChatMessage, onChatPacket as never);
      for (const event of roomEvents) room.off(event, followRoom);
    };
  });

  const sendLegacy = async (body: Record<string, unknown>) => {
    await room.localParticipant.publishData(new TextEncoder().encode(JSON.stringify(body)), {
      reliable: true,
      topic: LEGACY_CHAT_TOPIC,
    });
  };

  /** The legacy copy is a courtesy to older clients: its failure does not fail a sent text stream. */
  const sendLegacyCopy = async (body: Record<string, unknown>) => {
    try {
      await sendLegacy({ ...body, ignoreLegacy: serverSupportsDataStreams(room) });
    } catch {
      // The text stream went out; older clients miss this one message.
    }
  };

  store = {
    subscribe: (listener) => listenWhileHeld(listeners, listener, hold),
    getMessages: () => messages,
    show: refCounted(() => {
      shown = true;
      notify();
      return () => void (shown = false);
    }),
    isShown: () => shown,
    async send(text) {
      checkText(text, 'send');
      assertCanSendData(room);
      const from = getRoomStore(room).getState().local.identity;
      let message: ChatMessage;
      if (canSendTextStreams(room)) {
        const info = await room.localParticipant.sendText(text, { topic: CHAT_TOPIC });
        message = { id: info.id, timestamp: info.timestamp, message: text, from, isLocal: true };
        await sendLegacyCopy({ id: message.id, timestamp: message.timestamp, message: text });
      } else {
        message = { id: newId(), timestamp: Date.now(), message: text, from, isLocal: true };
        await sendLegacy({ id: message.id, timestamp: message.timestamp, message: text });
      }
      append(message, true);
      return message;
    },
    async edit(id, text) {
      checkText(text, 'edit');
      const from = getRoomStore(room).getState().local.identity;
      const entry = entries.get(keyOf(from, id));
      if (!entry || !entry.message.isLocal) {
        throw new RoomKitError('not-permitted', `Only this session's own chat messages can be edited; "${id}" is not one of them.`);
      }
      assertCanSendData(room);
      const editTimestamp = Date.now();
      if (canSendTextStreams(room)) {
        const writer = await room.localParticipant.streamText({
          topic: CHAT_TOPIC,
          streamId: id,
          type: 'update',
          totalSize: new TextEncoder().encode(text).byteLength,
        });
        await writer.write(text);
        await writer.close();
        await sendLegacyCopy({ id, timestamp: editTimestamp, message: text, editTimestamp });
      } else {
        await sendLegacy({ id, timestamp: editTimestamp, message: text, editTimestamp });
      }
      const edited: ChatMessage = { ...entry.message, message: text, editTimestamp };
      replace(entry, edited);
      return edited;
    },
    retain: hold,
  };
  stores.set(room, store);
  return store;
}
