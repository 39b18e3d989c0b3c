import { Track } from 'livekit-client';
import { usePinned } from './usePinned.js';
import { useRoom } from '../room/useRoom.js';
import { cx } from '../ui/dev.js';
import { defaultRenderTile, StageAndStrip, useManagedSubscriptions, type LayoutProps } from './GridLayout.js';
import { useLabels } from '../ui/labels.js';
import { parseTileKey, useTileKeys, type TileDescriptor } from './layout.js';
import { defaultPeopleLabels } from '../people/index.js';



/** Props of {@link FocusLayout}. */
export interface FocusLayoutProps extends LayoutProps {
  /**
   * The tile to show large. By default the tile the user pinned (`usePinned()`, the tiles' pin buttons), else the
   * first screen share, else the first remote camera.
   */
  focus?: TileDescriptor | undefined;
  /** How many other tiles the strip shows (default 8). */
  maxStripTiles?: number;
}

/**
 * One tile large (a pinned tile, else a screen share, else a remote camera) and the others in a strip.
 * `data-pinned` is present while the large tile is the pinned one.
 */
export function FocusLayout({
  focus,
  maxStripTiles = 8,
  renderTile = defaultRenderTile,
  manageSubscriptions = true,
  labels: overrides,
  className,
  ...rest
}: FocusLayoutProps) {
  const labels = useLabels(overrides, defaultPeopleLabels);
  const room = useRoom();
  const keys = useTileKeys();
  const [pinned] = usePinned();
  useManagedSubscriptions(manageSubscriptions);
  const tiles = keys.map(parseTileKey);
  const find = (want: TileDescriptor | null | undefined) => want && tiles.find((t) => t.identity === want.identity && t.source === want.source);
  const focused =
    find(focus) ??
    find(pinned) ??
    tiles.find((t) => t.source === Track.Source.ScreenShare) ??
    tiles.find((t) => !room.localParticipant || t.identity !== room.localParticipant.identity) ??
    tiles[0];
  const others = tiles.filter((t) => t !== focused).slice(0, maxStripTiles);
  const isPinned = !focus && !!focused && !!pinned && focused.identity === pinned.identity && focused.source === pinned.source;
  return (
    <div {...rest} className={cx('rk-focus-layout', className)} data-pinned={isPinned ? '' : undefined}>
      <StageAndStrip main={focused} strip={others} stripLabel={labels.participants} renderTile={renderTile} />
    </div>
  );
}
