/**
 * `PreJoin`'s strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface PreJoinLabels {
  displayName: string;
  join: string;
  joinAsViewer: string;
  viewerNotice: string;
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
  cameraPreview: 'Camera preview',
  previewOff: 'Camera is off',
};
