/**
 * The face of `breakouts/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { BreakoutRooms } from './BreakoutRooms.js';
export { BreakoutStatus } from './BreakoutStatus.js';
export { defaultBreakoutLabels, type BreakoutLabels } from './breakoutLabels.js';
