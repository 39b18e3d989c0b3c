import { useCallback, useState } from 'react';
import { getChatStore, type ChatMessage } from './chatStore.js';
import type { RoomKitError } from '../room/RoomKitError.js';
import { toRoomKitError } from '../room/toRoomKitError.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/** What {@link useChat} returns. */
export interface ChatState {
  /** The history, oldest first, including messages sent from here. */
  messages: readonly ChatMessage[];
  /**
   * Sends a message: a text stream on `lk.chat` (what LiveKit's components and agents read) plus a legacy
   * `lk-chat-topic` copy with the same id, so every client shows it once. Rejects with `invalid-message` for a
   * text that is not a string or is blank (empty, white space only), and `not-permitted` without `canPublishData`;
   * nothing is sent then.
   */
  send: (text: string) => Promise<ChatMessage>;
  /**
   * Replaces the text of one of this session's messages for everyone (`editTimestamp` is set). Rejects with
   * `invalid-message` for a text that is not a string or is blank.
   */
  edit: (id: string, text: string) => Promise<ChatMessage>;
  /** The effective grants allow sending. */
  canSend: boolean;
  /** A send is in progress. */
  sending: boolean;
  /** The last send failure, cleared by the next successful send. */
  error: RoomKitError | undefined;
}

/**
 * The room's chat: history and sending, gated on `canPublishData`. Receives `lk.chat` text streams and legacy
 * `lk-chat-topic` packets, each message once (by id across both); an edit replaces its message in place.
 */
export function useChat(options: RoomHookOptions = {}): ChatState {
  const store = useRoomStore('useChat', options.room);
  const chat = getChatStore(store.room);
  const messages = useStoreValue(chat.subscribe, chat.getMessages);
  const canSend = useStoreValue(store.subscribe, () => store.getState().grants.canPublishData);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  const run = useCallback(
    async (action: () => Promise<ChatMessage>) => {
      setSending(true);
      try {
        const message = await action();
        setError(undefined);
        return message;
      } catch (e) {
        const failure = toRoomKitError(e);
        setError(failure);
        throw failure;
      } finally {
        setSending(false);
      }
    },
    [],
  );
  const send = useCallback((text: string) => run(() => chat.send(text)), [chat, run]);
  const edit = useCallback((id: string, text: string) => run(() => chat.edit(id, text)), [chat, run]);
  return { messages, send, edit, canSend, sending, error };
}
