/**
 * The face of `layouts/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { FocusLayout } from './FocusLayout.js';
export { GridLayout } from './GridLayout.js';
export { SpeakerLayout } from './SpeakerLayout.js';
export { useTileKeys } from './layout.js';
export type { TileDescriptor } from './layout.js';
export type { PinnedTile } from './pinStore.js';
export { usePinned } from './usePinned.js';
export { useSpeakerOrder } from './useSpeakerOrder.js';
export { defaultLayoutLabels, type LayoutLabels } from './layoutLabels.js';
