import { memo, useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import { splitLinks } from './links.js';
import { getChatStore } from './chatStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useChat } from './useChat.js';
import { useClientValue } from '../room/useClientValue.js';
import { cx } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { displayName } from '../room/displayName.js';
import { defaultChatLabels } from './chatLabels.js';



/** Props of {@link Chat}. */
export interface ChatProps extends HTMLAttributes<HTMLElement> {
  labels?: Partial<RoomKitLabels>;
}

const timeFormat = typeof Intl !== 'undefined' ? new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }) : undefined;
/** A message's time is the reader's (their time zone and locale): the browser's, never the server's. */
const inBrowser = () => true;

/**
 * The room's chat: a readable history for everyone, and a send box that is disabled, with a visible reason,
 * where the session lacks `canPublishData`. Messages are rendered as text, never as HTML.
 * `data-can-send` is present when sending is allowed; a message has `data-local` when sent from here and
 * `data-edited` (with an "edited" note) once edited. While it is mounted, chat messages make no notification (see
 * `useNotifications`): the log shows them and, being `role="log"`, screen readers hear them.
 */
export function Chat({ labels: overrides, className, ...rest }: ChatProps) {
  const labels = useLabels(overrides, defaultChatLabels);
  const store = useRoomStore('Chat');
  const { messages, send, canSend, sending, error } = useChat();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const reasonId = useId();
  const log = useRef<HTMLDivElement>(null);
  // The server (and the render that hydrates its HTML) leaves the times empty: its clock is not the reader's.
  const showTimes = useClientValue(inBrowser, false);

  // On screen, its log says new messages (role="log"): no chat notification while it is mounted.
  useEffect(() => getChatStore(store.room).show(), [store]);

  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || !canSend) return;
    send(text).then(
      () => setDraft(''),
      () => {
        /* shown through `error` */
      },
    );
  };

  const nameOf = (identity: string) => {
    const p = store.getParticipant(identity);
    return p ? displayName(p) : identity;
  };

  return (
    <section aria-label={labels.chat} {...rest} className={cx('rk-chat', className)} data-can-send={canSend ? '' : undefined}>
      <div ref={log} className="rk-chat-log" role="log" aria-label={labels.chatLog} tabIndex={0}>
        <ol className="rk-chat-list">
        {messages.length === 0 ? <li className="rk-chat-empty">{labels.chatEmpty}</li> : null}
        {messages.map((m) => (
          <li key={`${m.from}:${m.id}`} className="rk-chat-message" data-local={m.isLocal ? '' : undefined} data-edited={m.editTimestamp === undefined ? undefined : ''}>
            <span className="rk-chat-from">{m.isLocal ? labels.you : nameOf(m.from)}</span>{' '}
            <time className="rk-chat-time" dateTime={new Date(m.timestamp).toISOString()}>
              {showTimes ? timeFormat?.format(m.timestamp) : null}
            </time>
            <p className="rk-chat-text">
              <MessageText message={m.message} />
              {m.editTimestamp === undefined ? null : <span className="rk-chat-edited"> {labels.chatEdited}</span>}
            </p>
          </li>
        ))}
        </ol>
      </div>
      <form className="rk-chat-form" onSubmit={submit}>
        <label className="rk-visually-hidden" htmlFor={inputId}>
          {labels.chatInput}
        </label>
        <input
          id={inputId}
          className="rk-input"
          value={draft}
          placeholder={labels.chatPlaceholder}
          onChange={(e) => setDraft(e.target.value)}
          disabled={!canSend}
          aria-describedby={canSend ? undefined : reasonId}
          maxLength={2000}
          autoComplete="off"
        />
        <button type="submit" className="rk-button rk-chat-send" disabled={!canSend || sending || draft.trim() === ''} aria-describedby={canSend ? undefined : reasonId}>
          {labels.chatSend}
        </button>
      </form>
      {!canSend ? (
        <p id={reasonId} className="rk-chat-reason">
          {labels.chatSendDisabled}
        </p>
      ) : null}
      {error && canSend ? (
        <p role="alert" className="rk-chat-error">
          {labels.chatSendFailed(error.message)}
        </p>
      ) : null}
    </section>
  );
}

/** A message's text with its `http(s)` addresses as links that open in a new tab; nothing else becomes markup. */
const MessageText = memo(function MessageText({ message }: { message: string }) {
  return (
    <>
      {splitLinks(message).map((piece, i) =>
        piece.href === undefined ? (
          piece.text
        ) : (
          <a key={i} className="rk-chat-link" href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </a>
        ),
      )}
    </>
  );
});
