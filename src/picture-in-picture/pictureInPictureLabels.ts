/**
 * Picture-in-picture's strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface PictureInPictureLabels {
  /** The picture-in-picture toggle (pressed while open). */
  pictureInPicture: string;
  /** Why the picture-in-picture toggle is disabled with the video-only fallback: nobody's video is on. */
  pictureInPictureNoVideo: string;
  /** The picture-in-picture window's title and the name of its content. */
  pictureInPictureWindow: string;
  /** Announced when picture-in-picture opens and closes. */
  pictureInPictureOpened: string;
  pictureInPictureClosed: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends PictureInPictureLabels {}
}

/** English defaults of {@link PictureInPictureLabels}. */
export const defaultPictureInPictureLabels: PictureInPictureLabels = {
  pictureInPicture: 'Picture-in-picture',
  pictureInPictureNoVideo: 'No video to show yet',
  pictureInPictureWindow: 'Meeting (picture-in-picture)',
  pictureInPictureOpened: 'Picture-in-picture opened',
  pictureInPictureClosed: 'Picture-in-picture closed',
};
