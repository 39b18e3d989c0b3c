/**
 * The layouts' strings (pages, pinning, speaker view). Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface LayoutLabels {
  previousPage: string;
  nextPage: string;
  page: (page: number, pages: number) => string;
  /** A tile's pin toggle (its state is `aria-pressed`): "Pin Ada". */
  pin: (name: string) => string;
  /** The pinned tile's screen share variant: "Pin Ada's screen". */
  pinScreen: (name: string) => string;
  /** The control bar's speaker view toggle (pressed: speaker view, else grid). */
  speakerView: string;
  /** The speaker view's strip of the other participants. */
  otherParticipants: string;
  /** The conference's badge while the room's spotlight shows large. */
  spotlightOn: string;
  /** The conference's badge while this user's pin shows large instead of the room's spotlight. */
  spotlightPinned: string;
  /** The grid's and the strip's name: "Participants" (the participant list's heading too, `PeopleLabels`). */
  participants: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends LayoutLabels {}
}

/** English defaults of {@link LayoutLabels}. */
export const defaultLayoutLabels: LayoutLabels = {
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page, pages) => `Page ${page} of ${pages}`,
  pin: (name) => `Pin ${name}`,
  pinScreen: (name) => `Pin ${name}'s screen`,
  speakerView: 'Speaker view',
  otherParticipants: 'Other participants',
  spotlightOn: 'Spotlight',
  spotlightPinned: 'Your pin replaces the spotlight',
  participants: 'Participants',
};
