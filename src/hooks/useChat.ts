import { useCallback, useState } from 'react';
import { getChatStore, type ChatMessage } from '../core/chatStore.js';
import type { RoomKitError } from '../core/RoomKitError.js';
import { toRoomKitError } from '../core/toRoomKitError.js';
import { useRoomStore } from './RoomContext.js';
import type { RoomHookOptions } from './useRoom.js';
import { useStoreValue } from './useStoreValue.js';

/** What {@link useChat} returns. */
export interface ChatState {
  /** The history, oldest first, including messages sent from here. */
  messages: readonly ChatMessage[];
  /** Sends a message. Rejects with `not-permitted` without `canPublishData`. */
  send: (text: string) => Promise<ChatMessage>;
  /** The effective grants allow sending. */
  canSend: boolean;
  /** A send is in progress. */
  sending: boolean;
  /** The last send failure, cleared by the next successful send. */
  error: RoomKitError | undefined;
}

/** The room's chat: history and sending, gated on `canPublishData`. */
export function useChat(options: RoomHookOptions = {}): ChatState {
  const store = useRoomStore('useChat', options.room);
  const chat = getChatStore(store.room);
  const messages = useStoreValue(chat.subscribe, chat.getMessages);
  const canSend = useStoreValue(store.subscribe, () => store.getState().grants.canPublishData);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<RoomKitError | undefined>(undefined);
  const send = useCallback(
    async (text: string) => {
      setSending(true);
      try {
        const message = await chat.send(text);
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
    [chat],
  );
  return { messages, send, canSend, sending, error };
}
