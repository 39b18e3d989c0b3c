/**
 * The captions' strings (`Captions` and its toggle). Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface CaptionsLabels {
  /** The captions region and its toggle. */
  captions: string;
  /** The captions toggle's label. */
  showCaptions: string;
  /** What a caption line announces: the speaker and the final text. */
  captionLine: (speaker: string, text: string) => string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends CaptionsLabels {}
}

/** English defaults of {@link CaptionsLabels}. */
export const defaultCaptionsLabels: CaptionsLabels = {
  captions: 'Captions',
  showCaptions: 'Captions',
  captionLine: (speaker, text) => `${speaker}: ${text}`,
};
