/**
 * The recording indicator's and control's strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface RecordingControlLabels {
  recording: string;
  startRecording: string;
  stopRecording: string;
  recordingFailed: (reason: string) => string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends RecordingControlLabels {}
}

/** English defaults of {@link RecordingControlLabels}. */
export const defaultRecordingControlLabels: RecordingControlLabels = {
  recording: 'Recording',
  startRecording: 'Start recording',
  stopRecording: 'Stop recording',
  recordingFailed: (reason) => `Recording change failed: ${reason}`,
};
