/**
 * The face of `captions/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { Captions } from './Captions.js';
export { getTranscriptionStore } from './transcriptionStore.js';
export type { TranscriptionSegment } from './transcriptionStore.js';
export { useHasTranscriptions, useTranscriptions } from './useTranscriptions.js';
export { defaultCaptionsLabels, type CaptionsLabels } from './captionsLabels.js';
