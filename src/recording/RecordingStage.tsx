import { Track } from 'livekit-client';
import type { HTMLAttributes } from 'react';
import type { RecordingLayout } from './recordingParams.js';
import { cx } from '../ui/dev.js';
import { FocusLayout, GridLayout, useTileKeys, type TileDescriptor, SpeakerLayout } from '../layouts/index.js';
import { useSpotlight } from '../room/hooks/useSpotlight.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { ParticipantTile, showAgentOnTiles } from '../tile/index.js';
import { useRecordingLabels } from './recordingLabels.js';
import { showHandsOnTiles, showReactionsOnTiles } from '../hands/index.js';

// A recording shows raised hands, reactions and agents on its tiles, as the meeting does.
showHandsOnTiles();
showReactionsOnTiles();
showAgentOnTiles();

/**
 * A read-only tile for recordings: video (or initials), name, muted microphone, speaking, raised hand and reaction,
 * and nothing to press (no pin toggle, no admin menu). Pass it as a layout's `renderTile`.
 */
export const recordingTile = (tile: TileDescriptor) => <ParticipantTile key={`${tile.identity}:${tile.source}`} identity={tile.identity} source={tile.source} />;

/** Props of {@link RecordingStage}. */
export interface RecordingStageProps extends HTMLAttributes<HTMLDivElement> {
  /** The layout while nobody is spotlighted or shares a screen (either takes the stage, in the focus layout). */
  layout: RecordingLayout;
  labels?: Partial<RoomKitLabels>;
}

/**
 * What a recording shows: the visible participants in the chosen layout (`grid` or `speaker`) with read-only tiles
 * ({@link recordingTile}), the room's spotlight (`useSpotlight`) or else a screen share large in the focus layout
 * while there is one, as everyone's conference shows it, and "Waiting for
 * participants…" (`labels.recordingWaiting`, a `.rk-placeholder` status with `data-state="waiting"`) while there
 * is no one to show. `children` go over the stage (captions). `data-layout` says which shows (`grid` | `speaker` | `focus`, absent while waiting).
 */
export function RecordingStage({ layout, labels: overrides, className, children, ...rest }: RecordingStageProps) {
  const labels = useRecordingLabels(overrides);
  const tiles = useTileKeys();
  const sharing = tiles.some((k) => k.endsWith(Track.Source.ScreenShare));
  const spotlight = useSpotlight();
  const shown = sharing || spotlight.length ? 'focus' : layout;
  return (
    <div {...rest} className={cx('rk-conference-stage rk-recording-stage', className)} data-layout={tiles.length ? shown : undefined}>
      {tiles.length === 0 ? (
        <div className="rk-placeholder" role="status" data-state="waiting">
          {labels.recordingWaiting}
        </div>
      ) : shown === 'focus' ? (
        <FocusLayout renderTile={recordingTile} labels={overrides} />
      ) : shown === 'speaker' ? (
        <SpeakerLayout renderTile={recordingTile} labels={overrides} />
      ) : (
        <GridLayout renderTile={recordingTile} labels={overrides} />
      )}
      {children}
    </div>
  );
}
