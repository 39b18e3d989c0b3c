/**
 * `@roomkit/react/recording`: the recording template LiveKit Egress opens (`RecordingView`, its stage, the address it
 * reads and the START_RECORDING / END_RECORDING signals). It reuses the meeting's stylesheet,
 * `@roomkit/react/styles.css`, and needs none of its own. The recording indicator and control of a meeting are in the
 * root entry.
 *
 * @packageDocumentation
 */
export { RecordingView } from './RecordingView.js';
export type { RecordingViewProps } from './RecordingView.js';
export { RecordingStage, recordingTile } from './RecordingStage.js';
export type { RecordingStageProps } from './RecordingStage.js';
export { defaultRecordingLabels } from './recordingLabels.js';
export type { RecordingLabelKey } from './recordingLabels.js';
export { useRecordingParams } from './useRecordingParams.js';
export { useRecordingLayout } from './useRecordingLayout.js';
export { useRecorderSignals } from './useRecorderSignals.js';
export type { RecorderSignalState, UseRecorderSignalsOptions } from './useRecorderSignals.js';
export { parseRecordingParams, toRecordingLayout, layoutFromMetadata } from './recordingParams.js';
export type { RecordingLayout, RecordingParams } from './recordingParams.js';
export { createRecorderSignals, egressConsoleSink, EGRESS_SIGNAL_LINES } from './recordingSignals.js';
export type { RecorderSignal, RecorderSignals, RecorderSignalSink, RecorderSignalsOptions } from './recordingSignals.js';
export type { RecordingViewLabels } from './recordingLabels.js';
