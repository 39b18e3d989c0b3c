/**
 * The face of `recording-control/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { RecordingControl, RecordingIndicator } from './Recording.js';
export { defaultRecordingControlLabels, type RecordingControlLabels } from './recordingControlLabels.js';
