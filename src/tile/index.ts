/**
 * The face of `tile/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { ParticipantTile } from './ParticipantTile.js';
export { showAgentOnTiles } from './agentOnTiles.js';
export { defaultAgentStateLabels, defaultTileLabels, type TileLabels } from './tileLabels.js';
