import { useState } from 'react';
import { getChatStore } from './chatStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useStoreValue } from '../room/useStoreValue.js';
import { ChatIcon } from '../ui/icons.js';
import type { CommonLabels } from '../ui/labels.js';
import type { ChatLabels } from './chatLabels.js';

/** The strings this file shows. */
type Labels = CommonLabels & ChatLabels;


/** Messages from others that arrived while the chat panel was closed (0 while it is open). */
function useUnreadChat(open: boolean): number {
  const store = useRoomStore('ChatToggle');
  const chat = getChatStore(store.room);
  const received = useStoreValue(chat.subscribe, () => chat.getMessages().reduce((n, m) => (m.isLocal ? n : n + 1), 0));
  const [seen, setSeen] = useState(received);
  // While open, everything is seen: adjusted during render, so the count never shows for a frame.
  if (open && seen !== received) setSeen(received);
  return open ? 0 : Math.max(0, received - seen);
}

/** @internal The chat toggle of a room's toolbar: the only part of the bar that follows chat (for its unread count). */
export function ChatToggle({ open, onToggle, labels }: { open: boolean; onToggle: (() => void) | undefined; labels: Labels }) {
  const unread = useUnreadChat(open);
  return (
    <button
      type="button"
      className="rk-button rk-chat-toggle"
      aria-pressed={open}
      onClick={onToggle}
      data-unread={unread || undefined}
      // One name however a browser joins the label and the count (which it contains, as axe wants): "Chat, 2 unread".
      aria-label={unread ? `${labels.showChat}, ${labels.unreadMessages(unread)}` : undefined}
    >
      <ChatIcon />
      <span className="rk-button-label">{labels.showChat}</span>
      {unread ? (
        <>
          {' '}
          <span className="rk-unread">{unread}</span>
        </>
      ) : null}
    </button>
  );
}
