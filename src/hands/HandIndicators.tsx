import { useIsHandRaised } from './useIsHandRaised.js';
import { cx } from '../ui/dev.js';
import { HandIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { addTileFeature } from '../ui/tileFeatures.js';
import { defaultHandsLabels } from './handsLabels.js';

/** Props of {@link RaisedHandIndicator}. */
export interface RaisedHandIndicatorProps {
  identity: string;
  className?: string | undefined;
  labels?: Partial<RoomKitLabels> | undefined;
}

/** A hand badge, rendered only while `identity` has a hand raised (`role="img"` named "Hand raised"). */
export function RaisedHandIndicator({ identity, className, labels: overrides }: RaisedHandIndicatorProps) {
  const raised = useIsHandRaised(identity);
  const labels = useLabels(overrides, defaultHandsLabels);
  if (!raised) return null;
  return (
    <span className={cx('rk-indicator rk-hand-badge', className)} role="img" aria-label={labels.handRaised} data-hand-raised="">
      <HandIcon />
    </span>
  );
}

/**
 * @internal Puts raised hands (a badge among the indicators, `data-hand-raised`) on every participant tile. Called by
 * the modules an app imports to use hands (`useRaiseHand`, `useLowerHand`, `useRaisedHands`, and the components
 * built on them), so an app without them ships none of this (ui/tileFeatures.tsx).
 */
export function showHandsOnTiles(): void {
  addTileFeature({
    name: 'hands',
    order: 10,
    useFlags: (identity) => ({ 'hand-raised': useIsHandRaised(identity) }),
    Indicator: RaisedHandIndicator,
  });
}
