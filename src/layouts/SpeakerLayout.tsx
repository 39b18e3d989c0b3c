import { Track } from 'livekit-client';
import { useSpeakerOrder } from './useSpeakerOrder.js';
import { cx } from '../ui/dev.js';
import { defaultRenderTile, Pagination, StageAndStrip, useManagedSubscriptions, type LayoutProps } from './GridLayout.js';
import { useLabels } from '../ui/labels.js';
import { defaultLayoutLabels } from './layoutLabels.js';



/** Props of {@link SpeakerLayout}. */
export interface SpeakerLayoutProps extends LayoutProps {
  /** How long someone must keep speaking before they take the large tile, or a strip slot from off screen (default 1200 ms). */
  holdMs?: number;
  /** How many others the strip shows per page (default 8). */
  maxStripTiles?: number;
}

/**
 * The speaker view: whoever spoke last (for at least `holdMs`) large, everyone else in a strip that pages.
 * The strip's order is stable: someone starting to speak does not reshuffle it; a speaker who is off screen takes
 * the slot of whoever on screen spoke least recently. Only the large tile and the strip's page are mounted, and
 * only their video is subscribed; a change of speaker re-renders the two tiles that move, no other.
 * `data-page`, `data-pages` and, on the large tile's container, `data-identity` carry the state.
 */
export function SpeakerLayout({
  holdMs,
  maxStripTiles = 8,
  renderTile = defaultRenderTile,
  manageSubscriptions = true,
  labels: overrides,
  className,
  ...rest
}: SpeakerLayoutProps) {
  const labels = useLabels(overrides, defaultLayoutLabels);
  const { main, strip, page, pages, setPage } = useSpeakerOrder({ stripSize: maxStripTiles, ...(holdMs === undefined ? {} : { holdMs }) });
  useManagedSubscriptions(manageSubscriptions);
  return (
    <div {...rest} className={cx('rk-speaker-layout', className)} data-page={page + 1} data-pages={pages}>
      <StageAndStrip
        main={main === null ? [] : [{ identity: main, source: Track.Source.Camera }]}
        mainIdentity={main ?? undefined}
        strip={strip.map((identity) => ({ identity, source: Track.Source.Camera }))}
        stripLabel={labels.otherParticipants}
        renderTile={renderTile}
      />
      <Pagination page={page} pages={pages} onPage={setPage} labels={labels} />
    </div>
  );
}
