import { useContext, useMemo } from 'react';
import { defaultLabels, LabelsContext, type RoomKitLabels } from '../ui/labels.js';

/** The labels only recording templates use (optional in {@link RoomKitLabels}, as their defaults ship apart). */
export type RecordingLabelKey = 'recordingView' | 'recordingWaiting';

/** @internal Every label, the recording template's included. */
export type RecordingLabels = RoomKitLabels & Required<Pick<RoomKitLabels, RecordingLabelKey>>;

/**
 * English defaults of the recording template labels (`RecordingView`). They live apart from `defaultLabels` so that
 * an app without a recording template does not ship them.
 */
export const defaultRecordingLabels: Required<Pick<RoomKitLabels, RecordingLabelKey>> = {
  recordingView: 'Recording',
  recordingWaiting: 'Waiting for participants…',
};

/** @internal `useLabels` with the recording defaults: English defaults, then the provider's overrides, then a component's. */
export function useRecordingLabels(overrides?: Partial<RoomKitLabels>): RecordingLabels {
  const fromProvider = useContext(LabelsContext);
  return useMemo(() => ({ ...defaultLabels, ...defaultRecordingLabels, ...fromProvider, ...overrides }) as RecordingLabels, [fromProvider, overrides]);
}
