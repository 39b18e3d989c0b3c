import { memo } from 'react';
import { useParticipant } from '../room/hooks/useParticipant.js';
import type { AudioRoomLabels } from './audioRoomLabels.js';
import { flag } from '../ui/dev.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { ParticipantAdminMenu } from '../people/index.js';
import { displayName } from '../room/displayName.js';
import { RaisedHandIndicator } from '../hands/index.js';
import { useVirtualRows } from '../ui/useVirtualRows.js';

interface RowProps {
  identity: string;
  position: number;
  setSize: number;
  height: number;
  labels: AudioRoomLabels;
  overrides: Partial<RoomKitLabels> | undefined;
}

/** One listener, subscribed to its own participant and hand: a change re-renders this row only. */
const Row = memo(function ListenerRow({ identity, position, setSize, height, labels, overrides }: RowProps) {
  const participant = useParticipant(identity);
  if (!participant) return null;
  const name = displayName(participant);
  return (
    <li
      className="rk-participant-row rk-listener-row"
      style={{ position: 'absolute', insetInline: 0, top: (position - 1) * height, height, boxSizing: 'border-box' }}
      aria-posinset={position}
      aria-setsize={setSize}
      data-identity={identity}
      data-local={flag(participant.isLocal)}
      data-agent={flag(participant.kind === 'agent')}
    >
      <span className="rk-avatar rk-participant-avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="rk-participant-row-name">
        {name}
        {participant.isLocal ? <span className="rk-you"> {labels.you}</span> : null}
        {participant.kind === 'agent' ? <span className="rk-visually-hidden">, {labels.agent}</span> : null}
      </span>
      <RaisedHandIndicator identity={identity} labels={overrides} />
      <ParticipantAdminMenu identity={identity} labels={overrides} />
    </li>
  );
});

/** @internal Props of {@link ListenerList}. */
export interface ListenerListProps {
  identities: readonly string[];
  /** The list's accessible name. */
  label: string;
  labels: AudioRoomLabels;
  overrides: Partial<RoomKitLabels> | undefined;
  rowHeight: number;
  /** Height of the scrolling element in CSS pixels; omit to let CSS size it and measure it (480 where unmeasurable). */
  viewportHeight: number | undefined;
  overscan: number;
}

/**
 * @internal An audio room's listeners, virtualized as `ParticipantList` is: rows have a fixed height and only those
 * in view (plus `overscan` on each side) are mounted; the row holding focus stays mounted while scrolled away.
 * The list is reachable with Tab (arrow keys and Page Up/Down scroll it); each row's admin menu follows it.
 */
export function ListenerList({ identities, label, labels, overrides, rowHeight, viewportHeight, overscan }: ListenerListProps) {
  const { viewportRef, indices, onScroll, onFocus, onBlur } = useVirtualRows(identities, { rowHeight, viewportHeight, overscan });
  const count = identities.length;
  const row = (i: number) => (
    <Row key={identities[i]} identity={identities[i]!} position={i + 1} setSize={count} height={rowHeight} labels={labels} overrides={overrides} />
  );

  return (
    <div
      ref={viewportRef}
      className="rk-participant-viewport rk-listener-viewport"
      onScroll={onScroll}
      style={{ overflowY: 'auto', ...(viewportHeight !== undefined ? { height: viewportHeight } : {}) }}
    >
      <ul
        role="list"
        className="rk-participant-rows"
        aria-label={label}
        tabIndex={0}
        onFocus={onFocus}
        onBlur={onBlur}
        style={{ position: 'relative', height: count * rowHeight, margin: 0, padding: 0 }}
      >
        {indices.map(row)}
      </ul>
    </div>
  );
}
