import { Track } from 'livekit-client';
import { useEffect, type HTMLAttributes, type ReactNode } from 'react';
import { getVideoSubscriptions } from '../core/videoSubscriptions.js';
import { useRoom } from '../hooks/useRoom.js';
import { cx } from './dev.js';
import { defaultRenderTile } from './GridLayout.js';
import { useLabels, type RoomKitLabels } from './labels.js';
import { parseTileKey, useTileKeys, type TileDescriptor } from './layout.js';

/** Props of {@link FocusLayout}. */
export interface FocusLayoutProps extends HTMLAttributes<HTMLDivElement> {
  /** The tile to show large; by default the first screen share, else the first remote camera. */
  focus?: TileDescriptor | undefined;
  /** How many other tiles the strip shows (default 8). */
  maxStripTiles?: number;
  renderTile?: (tile: TileDescriptor) => ReactNode;
  manageSubscriptions?: boolean;
  labels?: Partial<RoomKitLabels>;
}

/** One tile large (a screen share or a pinned participant) and the others in a strip. */
export function FocusLayout({
  focus,
  maxStripTiles = 8,
  renderTile = defaultRenderTile,
  manageSubscriptions = true,
  labels: overrides,
  className,
  ...rest
}: FocusLayoutProps) {
  const labels = useLabels(overrides);
  const room = useRoom();
  const keys = useTileKeys();
  useEffect(() => (manageSubscriptions ? getVideoSubscriptions(room).manage() : undefined), [room, manageSubscriptions]);
  const tiles = keys.map(parseTileKey);
  const focused =
    (focus && tiles.find((t) => t.identity === focus.identity && t.source === focus.source)) ??
    tiles.find((t) => t.source === Track.Source.ScreenShare) ??
    tiles.find((t) => !room.localParticipant || t.identity !== room.localParticipant.identity) ??
    tiles[0];
  const others = tiles.filter((t) => t !== focused).slice(0, maxStripTiles);
  return (
    <div {...rest} className={cx('rk-focus-layout', className)}>
      <div className="rk-focus-main">{focused ? renderTile(focused) : null}</div>
      <div className="rk-focus-strip" role="list" aria-label={labels.participants}>
        {others.map((t) => (
          <div role="listitem" key={`${t.identity}:${t.source}`} className="rk-grid-cell">
            {renderTile(t)}
          </div>
        ))}
      </div>
    </div>
  );
}
