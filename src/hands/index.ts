/**
 * The face of `hands/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { RaiseHandToggle } from './RaiseHand.js';
export { RaisedHandIndicator, showHandsOnTiles } from './HandIndicators.js';
export { ReactionIndicator, showReactionsOnTiles } from './ReactionIndicator.js';
export { ReactionsMenu } from './Reactions.js';
export { getHandStore } from './handStore.js';
export type { HandEvent } from './handStore.js';
export { getReactionStore } from './reactionStore.js';
export { useIsHandRaised } from './useIsHandRaised.js';
export { useLowerHand } from './useLowerHand.js';
export { useRaisedHands } from './useRaisedHands.js';
export { defaultHandsLabels, type HandsLabels } from './handsLabels.js';
