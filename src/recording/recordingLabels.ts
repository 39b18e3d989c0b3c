import { useLabels, type CommonLabels, type RoomKitLabels } from '../ui/labels.js';

/**
 * The recording template's labels (`RecordingView`). Optional in `RoomKitLabels`: their English defaults,
 * `defaultRecordingLabels`, ship with `RecordingView`, so an app without a recording template carries none of them.
 */
export interface RecordingViewLabels {
  /** The recording view's region name. */
  recordingView?: string;
  /** Shown on the recording's stage while no one else is in the room. */
  recordingWaiting?: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends RecordingViewLabels {}
}

/** The labels only recording templates use. */
export type RecordingLabelKey = keyof RecordingViewLabels;

/** @internal The common labels and the recording template's. */
export type RecordingLabels = CommonLabels & Required<RecordingViewLabels>;

/**
 * English defaults of the recording template labels (`RecordingView`). They live apart from `defaultLabels` so that
 * an app without a recording template does not ship them.
 */
export const defaultRecordingLabels: Required<RecordingViewLabels> = {
  recordingView: 'Recording',
  recordingWaiting: 'Waiting for participants…',
};

/** @internal `useLabels` with the recording defaults: English defaults, then the provider's overrides, then a component's. */
export function useRecordingLabels(overrides?: Partial<RoomKitLabels>): RecordingLabels {
  return useLabels(overrides, defaultRecordingLabels);
}
