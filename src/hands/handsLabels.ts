/**
 * Raised hands' and reactions' strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface HandsLabels {
  /** The raise-hand toggle (pressed while the hand is up). */
  raiseHand: string;
  /** The badge on a tile whose participant has a hand raised. */
  handRaised: string;
  /** Announced when someone raises a hand. */
  handRaisedBy: (name: string) => string;
  /** Announced when someone lowers a hand. */
  handLoweredBy: (name: string) => string;
  /** Announced when an admin lowered the local participant's hand. */
  handLoweredForYou: string;
  /** The admin menu item that lowers a participant's hand. */
  lowerHand: string;
  /** The reactions menu button and its group. */
  reactions: string;
  /** A reaction's name, for its button and its badge (the emoji is one of `REACTION_EMOJIS`). */
  reactionName: (emoji: string) => string;
  /** Announced when someone reacts. */
  reacted: (name: string, emoji: string) => string;
  /** Shown while the sender's reaction limit holds sending back. */
  reactionsLimited: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends HandsLabels {}
}

const REACTION_NAMES: Record<string, string> = {
  '👍': 'Thumbs up',
  '👏': 'Applause',
  '😂': 'Laughing',
  '❤️': 'Heart',
  '🎉': 'Celebrate',
  '😮': 'Surprised',
};

/** English defaults of {@link HandsLabels}. */
export const defaultHandsLabels: HandsLabels = {
  raiseHand: 'Raise hand',
  handRaised: 'Hand raised',
  handRaisedBy: (name) => `${name} raised their hand`,
  handLoweredBy: (name) => `${name} lowered their hand`,
  handLoweredForYou: 'A moderator lowered your hand',
  lowerHand: 'Lower hand',
  reactions: 'Reactions',
  reactionName: (emoji) => REACTION_NAMES[emoji] ?? emoji,
  reacted: (name, emoji) => `${name} reacted ${emoji}`,
  reactionsLimited: 'Too many reactions. Wait a moment.',
};
