import type { HTMLAttributes } from 'react';
import { useRoomStore } from '../room/RoomContext.js';
import { useTranscriptions } from './useTranscriptions.js';
import { cx, flag } from '../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { displayName } from '../room/displayName.js';
import { defaultCaptionsLabels } from './captionsLabels.js';



/** Props of {@link Captions}. */
export interface CaptionsProps extends HTMLAttributes<HTMLElement> {
  /** How many lines to show (default 3). */
  lines?: number;
  labels?: Partial<RoomKitLabels>;
}

/**
 * Live captions: the last few transcription segments with the speaker's name, interim text replaced in place.
 * Screen readers hear final lines only, politely (interim text is never announced): the live region is there
 * from the start, so the first line is announced too. `data-empty` is present until the room has transcriptions. Each line has `data-final` when final, `data-speaker` (identity) and `data-local`.
 * Only this component re-renders when a segment arrives.
 */
export function Captions({ lines = 3, labels: overrides, className, ...rest }: CaptionsProps) {
  const labels = useLabels(overrides, defaultCaptionsLabels);
  const store = useRoomStore('Captions');
  const segments = useTranscriptions({ limit: lines });
  const nameOf = (identity: string) => {
    const p = store.getParticipant(identity);
    return p ? displayName(p) : identity;
  };
  let lastFinal;
  for (let i = segments.length - 1; i >= 0 && !lastFinal; i--) if (segments[i]!.final) lastFinal = segments[i];
  const localIdentity = store.getState().local.identity;
  return (
    <section aria-label={labels.captions} {...rest} className={cx('rk-captions', className)} data-empty={flag(segments.length === 0)}>
      <ol className="rk-captions-list" aria-hidden="true">
        {segments.map((s) => (
          <li
            key={`${s.sender}:${s.id}`}
            className="rk-caption"
            data-final={flag(s.final)}
            data-speaker={s.speaker}
            data-local={flag(s.speaker === localIdentity)}
          >
            <span className="rk-caption-speaker">{nameOf(s.speaker)}</span> <span className="rk-caption-text">{s.text}</span>
          </li>
        ))}
      </ol>
      <p className="rk-visually-hidden" aria-live="polite" aria-atomic="true">
        {lastFinal ? labels.captionLine(nameOf(lastFinal.speaker), lastFinal.text) : ''}
      </p>
    </section>
  );
}
