/**
 * The face of `waiting-room/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { deniedOf, waitingOf, useWaitingRoom } from './useWaitingRoom.js';
