import { memo, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import type { ConversationEntry } from './agentConversationStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import { useAgentTranscript } from './useAgentTranscript.js';
import { useAgentLabels } from './agentLabels.js';
import { cx, flag } from '../ui/dev.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { displayName } from '../room/displayName.js';

/** Props of {@link AgentTranscript}. */
export interface AgentTranscriptProps extends HTMLAttributes<HTMLElement> {
  /**
   * Renders one line's content instead of the speaker and the text (the `<li>` stays RoomKit's). Keep it stable
   * (defined outside the component, or `useCallback`): a line re-renders only when its entry or this function changes.
   */
  renderEntry?: (entry: ConversationEntry, speaker: string) => ReactNode;
  labels?: Partial<RoomKitLabels>;
}

/** How close to the end (CSS pixels) still counts as "at the end": the transcript keeps following. */
const FOLLOW_SLACK = 24;

/**
 * The conversation's one transcript ({@link useAgentTranscript}): the agent's and the person's speech and typed
 * messages both ways, in time order, interim lines replaced in place. It follows new lines (scrolls to the end)
 * until the person scrolls back; then it stays put (`data-scrolled-back`) and offers a "Jump to latest" button,
 * and following resumes once they are back at the end. Screen readers hear final lines only, politely; the log
 * itself is not live, so interim words are never announced. A new or changed line re-renders that line alone:
 * earlier lines keep their elements. Each line has `data-from` (`user` | `agent`), `data-type` (`speech` |
 * `chat`) and `data-final` once final; `data-empty` is on the transcript until the first line.
 */
export function AgentTranscript({ renderEntry, labels: overrides, className, ...rest }: AgentTranscriptProps) {
  const labels = useAgentLabels(overrides);
  const store = useRoomStore('AgentTranscript');
  const entries = useAgentTranscript();
  const log = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [scrolledBack, setScrolledBack] = useState(false);

  useLayoutEffect(() => {
    const el = log.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [entries]);

  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK;
    follow.current = atEnd;
    setScrolledBack(!atEnd);
  };
  const jump = () => {
    const el = log.current;
    follow.current = true;
    setScrolledBack(false);
    if (el) el.scrollTop = el.scrollHeight;
  };
  const nameOf = (entry: ConversationEntry) => {
    if (entry.from === 'user') return labels.agentYou;
    const p = store.getParticipant(entry.identity);
    return p ? displayName(p) : entry.identity;
  };
  let lastFinal: ConversationEntry | undefined;
  for (let i = entries.length - 1; i >= 0 && !lastFinal; i--) if (entries[i]!.final) lastFinal = entries[i];

  return (
    <section
      aria-label={labels.agentTranscript}
      {...rest}
      className={cx('rk-agent-transcript', className)}
      data-empty={flag(entries.length === 0)}
      data-scrolled-back={flag(scrolledBack)}
    >
      <div ref={log} className="rk-agent-transcript-log" role="log" aria-live="off" aria-label={labels.agentTranscript} tabIndex={0} onScroll={onScroll}>
        <ol className="rk-agent-transcript-list">
          {entries.length === 0 ? <li className="rk-agent-transcript-empty">{labels.agentTranscriptEmpty}</li> : null}
          {entries.map((entry) => (
            <TranscriptLine key={entry.key} entry={entry} speaker={nameOf(entry)} render={renderEntry} />
          ))}
        </ol>
      </div>
      {scrolledBack ? (
        <button type="button" className="rk-button rk-agent-jump" onClick={jump}>
          {labels.agentJumpToLatest}
        </button>
      ) : null}
      <p className="rk-visually-hidden" aria-live="polite" aria-atomic="true">
        {lastFinal ? labels.captionLine(nameOf(lastFinal), lastFinal.text) : ''}
      </p>
    </section>
  );
}

const TranscriptLine = memo(function TranscriptLine({
  entry,
  speaker,
  render,
}: {
  entry: ConversationEntry;
  speaker: string;
  render: AgentTranscriptProps['renderEntry'];
}) {
  return (
    <li className="rk-agent-line" data-from={entry.from} data-type={entry.type} data-final={flag(entry.final)}>
      {render ? (
        render(entry, speaker)
      ) : (
        <>
          <span className="rk-agent-line-speaker">{speaker}</span> <span className="rk-agent-line-text">{entry.text}</span>
        </>
      )}
    </li>
  );
});
