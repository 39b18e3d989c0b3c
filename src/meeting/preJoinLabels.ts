/**
 * `PreJoin`'s strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface PreJoinLabels {
  displayName: string;
  join: string;
  joinAsViewer: string;
  viewerNotice: string;
  /**
   * Shown where this browser cannot join calls (`useBrowserSupport().join` is `'no'`: no WebRTC), with Join
   * disabled: which browsers can. Those tested are Chromium 156 and Firefox ESR 153; Safari as LiveKit supports it.
   */
  browserCannotJoin: string;
  cameraPreview: string;
  previewOff: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends PreJoinLabels {}
}

/** English defaults of {@link PreJoinLabels}. */
export const defaultPreJoinLabels: PreJoinLabels = {
  displayName: 'Display name',
  join: 'Join',
  joinAsViewer: 'Join as viewer',
  viewerNotice: 'You will join as a viewer: you can watch and listen, but not publish.',
  browserCannotJoin: 'This browser cannot join calls. Open this page in a current Chrome or Edge, Firefox, or Safari.',
  cameraPreview: 'Camera preview',
  previewOff: 'Camera is off',
};
