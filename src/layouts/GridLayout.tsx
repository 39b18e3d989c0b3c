import { memo, useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { getVideoSubscriptions } from '../media/videoSubscriptions.js';
import { useRoom } from '../room/useRoom.js';
import { cx } from '../ui/dev.js';
import { useLabels, type RoomKitLabels, type CommonLabels } from '../ui/labels.js';
import { bestColumns, pageSize, parseTileKey, useTileKeys, type TileDescriptor } from './layout.js';
import { useElementSize } from '../ui/useElementSize.js';
import { TileParts } from '../ui/tileFeatures.js';
import { ParticipantTile } from '../tile/index.js';
import { PinButton } from './PinButton.js';
import { defaultLayoutLabels, type LayoutLabels } from './layoutLabels.js';

/** This file's English defaults besides the common ones. */
const DEFAULTS = defaultLayoutLabels;



/** What every layout (`GridLayout`, `FocusLayout`, `SpeakerLayout`) takes besides its own options. */
export interface LayoutProps extends HTMLAttributes<HTMLDivElement> {
  /** Renders one tile; by default a ParticipantTile with a pin toggle and the admin menu (shown only to admins). */
  renderTile?: (tile: TileDescriptor) => ReactNode;
  /** Unsubscribe video that is not on screen (default true). */
  manageSubscriptions?: boolean;
  labels?: Partial<RoomKitLabels>;
}

/** @internal While mounted (and `enabled`), the layout manages the room's video subscriptions. */
export function useManagedSubscriptions(enabled: boolean) {
  const room = useRoom();
  useEffect(() => (enabled ? getVideoSubscriptions(room).manage() : undefined), [room, enabled]);
}

/** Props of {@link GridLayout}. */
export interface GridLayoutProps extends LayoutProps {
  /** Smallest tile width in CSS pixels before the grid pages (default 160). */
  minTileWidth?: number;
  /** Smallest tile height in CSS pixels before the grid pages (default 90). */
  minTileHeight?: number;
  /** At most this many tiles on a page (default 25). */
  maxTilesPerPage?: number;
  /** Tile width / height (default 16/9). */
  aspectRatio?: number;
}

const FALLBACK = { width: 1280, height: 720 };

/**
 * @internal The layouts' default tile: a ParticipantTile with a pin toggle, and the tile features' actions (the admin
 * menu, shown only to admins, when the app has it).
 */
export const defaultRenderTile = (tile: TileDescriptor) => (
  <ParticipantTile
    key={`${tile.identity}:${tile.source}`}
    identity={tile.identity}
    source={tile.source}
    actions={
      <>
        <PinButton identity={tile.identity} source={tile.source} />
        <TileParts part="Action" identity={tile.identity} />
      </>
    }
  />
);

/**
 * @internal One tile of a layout, memoised on its identity, source and renderer: when the layout re-renders
 * (someone joins, the speaker view moves someone), the tiles that stayed do not.
 */
export const TileSlot = memo(function TileSlot({
  identity,
  source,
  renderTile,
}: TileDescriptor & { renderTile: (tile: TileDescriptor) => ReactNode }) {
  return <>{renderTile({ identity, source })}</>;
});

/**
 * @internal The stage and the strip that `FocusLayout` and `SpeakerLayout` share: one tile large (or none), the
 * others in a labelled list. Keys are `identity:source`, so a tile that stays in the strip keeps its element.
 */
export function StageAndStrip({
  main,
  mainIdentity,
  strip,
  stripLabel,
  renderTile,
}: {
  /** The large tiles: one, or the spotlight's several side by side. */
  main: readonly TileDescriptor[];
  /** Set as `data-identity` on the stage (the speaker view's contract). */
  mainIdentity?: string | undefined;
  strip: readonly TileDescriptor[];
  stripLabel: string;
  renderTile: (tile: TileDescriptor) => ReactNode;
}) {
  return (
    <>
      <div className="rk-focus-main" data-identity={mainIdentity}>
        {main.map((t) => (
          <TileSlot key={`${t.identity}:${t.source}`} identity={t.identity} source={t.source} renderTile={renderTile} />
        ))}
      </div>
      <div className="rk-focus-strip" role="list" aria-label={stripLabel}>
        {strip.map((t) => (
          <div role="listitem" key={`${t.identity}:${t.source}`} className="rk-grid-cell">
            <TileSlot identity={t.identity} source={t.source} renderTile={renderTile} />
          </div>
        ))}
      </div>
    </>
  );
}

/** @internal Previous / next page buttons and "Page 2 of 5", shared by the layouts that page. */
export function Pagination({ page, pages, onPage, labels }: { page: number; pages: number; onPage: (page: number) => void; labels: CommonLabels & LayoutLabels }) {
  if (pages <= 1) return null;
  return (
    <nav className="rk-pagination" aria-label={labels.page(page + 1, pages)}>
      <button type="button" className="rk-button" onClick={() => onPage(Math.max(0, page - 1))} disabled={page === 0}>
        {labels.previousPage}
      </button>
      <span className="rk-page-status" aria-live="polite">
        {labels.page(page + 1, pages)}
      </span>
      <button type="button" className="rk-button" onClick={() => onPage(Math.min(pages - 1, page + 1))} disabled={page >= pages - 1}>
        {labels.nextPage}
      </button>
    </nav>
  );
}

/**
 * Every visible participant's tile in a grid whose columns follow the tile count and the grid's own size.
 * When tiles would get smaller than the minimum, it pages, and mounts only the current page; video off the
 * page is unsubscribed. `data-page` and `data-pages` carry the paging state.
 */
export function GridLayout({
  minTileWidth = 160,
  minTileHeight = 90,
  maxTilesPerPage = 25,
  aspectRatio = 16 / 9,
  renderTile = defaultRenderTile,
  manageSubscriptions = true,
  labels: overrides,
  className,
  style,
  ...rest
}: GridLayoutProps) {
  const labels = useLabels(overrides, DEFAULTS);
  const keys = useTileKeys();
  const [ref, size] = useElementSize<HTMLDivElement>(FALLBACK);
  const [requestedPage, setPage] = useState(0);
  useManagedSubscriptions(manageSubscriptions);

  const perPage = pageSize(size.width, size.height, minTileWidth, minTileHeight, maxTilesPerPage);
  const pages = Math.max(1, Math.ceil(keys.length / perPage));
  const page = Math.min(requestedPage, pages - 1);
  const visible = keys.slice(page * perPage, (page + 1) * perPage);
  const columns = bestColumns(visible.length, size.width, size.height, aspectRatio);

  return (
    <div {...rest} className={cx('rk-grid-layout', className)} data-page={page + 1} data-pages={pages}>
      <div
        ref={ref}
        className="rk-grid"
        role="list"
        aria-label={labels.participants}
        style={{ ...style, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {visible.map((key) => (
          <div role="listitem" key={key} className="rk-grid-cell">
            <TileSlot {...parseTileKey(key)} renderTile={renderTile} />
          </div>
        ))}
      </div>
      <Pagination page={page} pages={pages} onPage={setPage} labels={labels} />
    </div>
  );
}
