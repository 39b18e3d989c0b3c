import { Track } from 'livekit-client';
import { usePinned } from './usePinned.js';
import { useRoom } from '../room/useRoom.js';
import { cx, flag } from '../ui/dev.js';
import { defaultRenderTile, StageAndStrip, useManagedSubscriptions, type LayoutProps } from './GridLayout.js';
import { useLabels } from '../ui/labels.js';
import { parseTileKey, useTileKeys, type TileDescriptor } from './layout.js';
import { useSpotlight } from '../room/hooks/useSpotlight.js';
import { defaultLayoutLabels } from './layoutLabels.js';

/** Props of {@link FocusLayout}. */
export interface FocusLayoutProps extends LayoutProps {
  /**
   * The tile to show large. By default the tile the user pinned (`usePinned()`, the tiles' pin buttons), else the
   * cameras of the room's spotlight (`useSpotlight()`, all of them large), else the first screen share, else the
   * first remote camera.
   */
  focus?: TileDescriptor | undefined;
  /** How many other tiles the strip shows (default 8). */
  maxStripTiles?: number;
}

/**
 * One tile large (a pinned tile, else the spotlight's cameras, else a screen share, else a remote camera) and the
 * others in a strip. `data-pinned` is present while the large tile is the pinned one, `data-spotlight` while the
 * spotlight is what shows large: this user's pin wins over the room's spotlight, for this user only.
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
  const labels = useLabels(overrides, defaultLayoutLabels);
  const room = useRoom();
  const keys = useTileKeys();
  const [pinned] = usePinned();
  const spotlight = useSpotlight();
  useManagedSubscriptions(manageSubscriptions);
  const tiles = keys.map(parseTileKey);
  const find = (want: TileDescriptor | null | undefined) => want && tiles.find((t) => t.identity === want.identity && t.source === want.source);
  const chosen = find(focus) ?? find(pinned);
  const lit = chosen ? [] : tiles.filter((t) => t.source === Track.Source.Camera && spotlight.includes(t.identity));
  const main = chosen
    ? [chosen]
    : lit.length
      ? lit.sort((a, b) => spotlight.indexOf(a.identity) - spotlight.indexOf(b.identity))
      : [
          tiles.find((t) => t.source === Track.Source.ScreenShare) ??
            tiles.find((t) => !room.localParticipant || t.identity !== room.localParticipant.identity) ??
            tiles[0],
        ].filter((t) => !!t);
  const others = tiles.filter((t) => !main.includes(t)).slice(0, maxStripTiles);
  const isPinned = !focus && !!chosen && !!pinned && chosen.identity === pinned.identity && chosen.source === pinned.source;
  return (
    <div {...rest} className={cx('rk-focus-layout', className)} data-pinned={flag(isPinned)} data-spotlight={flag(lit.length > 0)}>
      <StageAndStrip main={main} strip={others} stripLabel={labels.participants} renderTile={renderTile} />
    </div>
  );
}
