import { useReaction } from './useReaction.js';
import { cx } from '../ui/dev.js';
import { ReactionGlyph } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { addTileFeature } from '../ui/tileFeatures.js';
import { defaultHandsLabels } from './handsLabels.js';

/** Props of {@link ReactionIndicator}. */
export interface ReactionIndicatorProps {
  identity: string;
  className?: string | undefined;
  labels?: Partial<RoomKitLabels> | undefined;
}

/**
 * The reaction `identity` sent, shown for a few seconds (floats up, or stays still under
 * `prefers-reduced-motion`). Rendered only while there is one; `data-emoji` carries it. It subscribes by
 * identity: a reaction re-renders this part alone, not its tile.
 */
export function ReactionIndicator({ identity, className, labels: overrides }: ReactionIndicatorProps) {
  const reaction = useReaction(identity);
  const labels = useLabels(overrides, defaultHandsLabels);
  if (!reaction) return null;
  return (
    <span
      key={reaction.id}
      className={cx('rk-reaction', className)}
      role="img"
      aria-label={labels.reactionName(reaction.emoji)}
      data-emoji={reaction.emoji}
    >
      <ReactionGlyph emoji={reaction.emoji} />
    </span>
  );
}

/**
 * @internal Puts reactions on every participant tile (`ParticipantTile.Reaction`). Called by the modules an app
 * imports to send reactions (`useSendReaction`, `ReactionsMenu`) and by the recording template, so an app without
 * them ships none of this (ui/tileFeatures.tsx).
 */
export function showReactionsOnTiles(): void {
  addTileFeature({ name: 'reactions', order: 15, Overlay: ReactionIndicator });
}
