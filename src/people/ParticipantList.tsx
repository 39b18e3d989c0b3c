import { Track } from 'livekit-client';
import { memo, useContext, useEffect, useId, useMemo, useRef, type HTMLAttributes, type ReactNode } from 'react';
import type { ParticipantState } from '../room/state/roomStore.js';
import { useParticipant } from '../room/hooks/useParticipant.js';
import { useRaisedHands, RaisedHandIndicator } from '../hands/index.js';
import { useParticipantList } from './useParticipantList.js';
import { useCan } from '../room/hooks/useCan.js';
import { cx, DEV, devWarn, flag } from '../ui/dev.js';
import { CameraIcon, MicIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels, type CommonLabels } from '../ui/labels.js';
import { ParticipantAdminMenu } from './ParticipantAdminMenu.js';
import { AdminActionsContext, anyAdminAction, splitAdminActions, useAdminActions, type AdminActions } from './AdminActions.js';
import { displayName } from '../room/displayName.js';
import { useVirtualRows } from '../ui/useVirtualRows.js';
import { useControllableState } from '../ui/useControllableState.js';
import { defaultPeopleLabels, type PeopleLabels } from './peopleLabels.js';
import { WaitingQueue } from './WaitingQueue.js';
import { defaultTileLabels, type TileLabels } from '../tile/index.js';

/** This file's English defaults besides the common ones. */
const DEFAULTS = { ...defaultPeopleLabels, ...defaultTileLabels };

/** The strings this file shows. */
type Labels = CommonLabels & PeopleLabels & Omit<TileLabels, 'agentState'>;


/** Props of {@link ParticipantList}. */
export interface ParticipantListProps extends Omit<HTMLAttributes<HTMLElement>, 'children'>, AdminActions {
  /** Height of one row in CSS pixels (default 48). Rows have a fixed height: that is what lets the list virtualize. */
  rowHeight?: number;
  /**
   * Height of the scrolling list in CSS pixels. Omit it to let CSS size the list (it fills its panel) and measure
   * it with a `ResizeObserver`; where nothing can be measured (server rendering, jsdom) 480 is assumed.
   */
  viewportHeight?: number;
  /** Rows mounted beyond each edge of the viewport, so a fast scroll shows no gap (default 4). */
  overscan?: number;
  /** Show the search box once more participants are listed than this (default: how many rows fit in view). */
  searchThreshold?: number;
  /** The search text (controlled); omit to let the list keep it. */
  search?: string;
  /** The search text at first when uncontrolled (default empty). */
  defaultSearch?: string;
  /** Called with the new text as the user types in the search box. */
  onSearchChange?: (search: string) => void;
  /**
   * Extra content at the end of each row, before the admin menu: e.g. a raised-hand badge. Called with the
   * row's participant whenever that row re-renders; keep the function stable (define it outside the render, or
   * wrap it in `useCallback`) so a list re-render does not re-render every row.
   */
  renderRowExtra?: (participant: ParticipantState) => ReactNode;
  labels?: Partial<RoomKitLabels>;
}

interface RowProps {
  identity: string;
  position: number;
  setSize: number;
  height: number;
  labels: Labels;
  overrides: Partial<RoomKitLabels> | undefined;
  renderExtra: ((participant: ParticipantState) => ReactNode) | undefined;
}

type MediaState = 'on' | 'muted' | 'off';

function mediaState(participant: ParticipantState, source: Track.Source): MediaState {
  const track = participant.tracks.find((t) => t.source === source);
  return !track ? 'off' : track.muted ? 'muted' : 'on';
}

/** One row, subscribed to its own participant: a speaking or mute change re-renders this row only. */
const Row = memo(function ParticipantListRow({ identity, position, setSize, height, labels, overrides, renderExtra }: RowProps) {
  const participant = useParticipant(identity);
  if (!participant) return null;
  const name = displayName(participant);
  const mic = mediaState(participant, Track.Source.Microphone);
  const camera = mediaState(participant, Track.Source.Camera);
  return (
    <li
      className="rk-participant-row"
      style={{ position: 'absolute', insetInline: 0, top: (position - 1) * height, height, boxSizing: 'border-box' }}
      aria-posinset={position}
      aria-setsize={setSize}
      data-identity={identity}
      data-speaking={flag(participant.isSpeaking)}
      data-local={flag(participant.isLocal)}
      data-muted={flag(mic !== 'on')}
      data-microphone={mic}
      data-camera={camera}
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
      {participant.isSpeaking ? (
        <span className="rk-participant-speaking">
          <span className="rk-visually-hidden">{labels.speaking}</span>
        </span>
      ) : null}
      <RaisedHandIndicator identity={identity} labels={overrides} />
      <span className="rk-participant-media">
        <span className="rk-indicator" role="img" aria-label={mic === 'on' ? labels.microphoneOn : labels.microphoneMuted} data-muted={flag(mic !== 'on')}>
          <MicIcon off={mic !== 'on'} />
        </span>
        <span className="rk-indicator" role="img" aria-label={camera === 'on' ? labels.cameraOn : labels.cameraOff} data-muted={flag(camera !== 'on')}>
          <CameraIcon off={camera !== 'on'} />
        </span>
      </span>
      {renderExtra ? <span className="rk-participant-extra">{renderExtra(participant)}</span> : null}
      <ParticipantAdminMenu identity={identity} labels={overrides} />
    </li>
  );
});

/**
 * Who is in the room: every listed participant (the local one first, marked as you; hidden participants never;
 * raised hands before everyone, in the order raised) with name, raised hand, microphone and camera state,
 * speaking state and, for a `roomAdmin` session, the
 * {@link ParticipantAdminMenu} (actions from this list's `onMuteParticipant`, `onRemoveParticipant`,
 * `onUpdatePermissions` and `onLowerHand` props, else from VideoConference's; without `roomAdmin` they are ignored, with a
 * development warning). A labelled
 * search box (name or identity, case-insensitive) appears once more people are listed than fit in view.
 *
 * Virtualized: rows have a fixed height, and only those in view (plus `overscan` on each side) are mounted, so a
 * room of 1000 mounts a few dozen rows. Each row subscribes to its own participant, so one person speaking or
 * muting re-renders one row; a join or leave re-renders the list. The rows are a `list` reachable with Tab
 * (arrow keys and Page Up/Down then scroll it); each mounted row's controls follow it in tab order, and the row
 * holding focus stays mounted while scrolled out of view. The
 * scrolling element is `.rk-participant-viewport`; give it a height (or the list a `viewportHeight`).
 *
 * Data attributes: the root has `data-count` (listed participants) and `data-matches` (rows after searching);
 * each row `data-speaking`, `data-local`, `data-muted` (microphone not on), `data-microphone` and `data-camera`
 * (`on` | `muted` | `off`), `data-agent`, and `data-identity`.
 */
export function ParticipantList(props: ParticipantListProps) {
  const [adminProps, {
  rowHeight = 48,
  viewportHeight,
  overscan = 4,
  searchThreshold,
  search: searchProp,
  defaultSearch = '',
  onSearchChange,
  renderRowExtra,
  labels: overrides,
  className,
  ...rest
}] = splitAdminActions(props);
  const labels = useLabels(overrides, DEFAULTS);
  const isAdmin = useCan('roomAdmin');
  const outerActions = useContext(AdminActionsContext);
  const actions = useAdminActions(adminProps, outerActions);
  if (!isAdmin && anyAdminAction(adminProps)) {
    if (DEV) devWarn('<ParticipantList> shows no admin menu: this session lacks the roomAdmin grant, so its admin actions are ignored.');
  }
  const [search, setSearch] = useControllableState(searchProp, defaultSearch, onSearchChange);
  const { identities: listed, total } = useParticipantList({ search });
  // Raised hands come first, in the order raised; everyone else keeps the list's order.
  const hands = useRaisedHands();
  const identities = useMemo(() => {
    if (hands.length === 0) return listed;
    const shown = new Set(listed);
    const raised = hands.map((h) => h.identity).filter((id) => shown.has(id));
    const up = new Set(raised);
    return [...raised, ...listed.filter((id) => !up.has(id))];
  }, [listed, hands]);
  const { viewportRef, indices, height, onScroll, onFocus, onBlur, toTop } = useVirtualRows(identities, { rowHeight, viewportHeight, overscan });
  const searchId = useId();

  const showSearch = total > (searchThreshold ?? Math.floor(height / rowHeight)) || search !== '';
  const count = identities.length;

  // A new search starts at the top. Only on a change: an equal setState stays queued in React and would render
  // the list once more at its next update.
  const searchedFor = useRef(search);
  useEffect(() => {
    if (searchedFor.current === search) return;
    searchedFor.current = search;
    toTop();
  }, [search, toTop]);

  const row = (i: number) => {
    const identity = identities[i]!;
    return (
      <Row key={identity} identity={identity} position={i + 1} setSize={count} height={rowHeight} labels={labels} overrides={overrides} renderExtra={renderRowExtra} />
    );
  };

  return (
    // The admin actions, the props' over the conference's, for the waiting queue and every row's admin menu.
    <AdminActionsContext.Provider value={actions}>
      <section aria-label={labels.participants} {...rest} className={cx('rk-participant-list', className)} data-count={total} data-matches={count}>
        {isAdmin ? <WaitingQueue labels={overrides} /> : null}
        {showSearch ? (
          <div className="rk-participant-search">
            <label className="rk-visually-hidden" htmlFor={searchId}>
              {labels.participantSearch}
            </label>
            <input
              id={searchId}
              className="rk-input"
              type="search"
              value={search}
              placeholder={labels.participantSearchPlaceholder}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </div>
        ) : null}
        <p className={search === '' || count > 0 ? 'rk-visually-hidden' : 'rk-participant-search-status'} role="status">
          {search === '' ? '' : labels.participantSearchResults(count, total)}
        </p>
        <div
          ref={viewportRef}
          className="rk-participant-viewport"
          onScroll={onScroll}
          style={{ overflowY: 'auto', ...(viewportHeight !== undefined ? { height: viewportHeight } : {}) }}
        >
          <ul
            role="list"
            className="rk-participant-rows"
            aria-label={labels.participantListRows(count)}
            tabIndex={0}
            onFocus={onFocus}
            onBlur={onBlur}
            style={{ position: 'relative', height: count * rowHeight, margin: 0, padding: 0 }}
          >
            {indices.map(row)}
          </ul>
        </div>
      </section>
    </AdminActionsContext.Provider>
  );
}
