/**
 * The breakout rooms' strings: the status everyone sees in a breakout room and the host's panel. Part of
 * `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English defaults ship with
 * the components that show them.
 */
export interface BreakoutLabels {
  /** The status line in a breakout room. */
  inBreakoutRoom: (name: string) => string;
  /** The countdown once a host closes the rooms. */
  breakoutClosing: (seconds: number) => string;
  /** A host's message to every room. */
  breakoutBroadcast: (from: string, message: string) => string;
  /** The host panel's heading. */
  breakoutRooms: string;
  /** How many rooms to open. */
  breakoutRoomCount: string;
  /** A room's default name. */
  breakoutRoomName: (index: number) => string;
  /** The field of a room's name. */
  breakoutRoomNameField: (index: number) => string;
  /** The room picker of one person. */
  breakoutRoomFor: (name: string) => string;
  /** The main room, in a room picker and in the rooms' list. */
  mainRoom: string;
  splitAtRandom: string;
  openBreakoutRooms: string;
  /** The host joins one room. */
  visitBreakoutRoom: (name: string) => string;
  returnToMainRoom: string;
  broadcastField: string;
  sendBroadcast: string;
  /** The countdown before the rooms close, in seconds. */
  closeCountdownField: string;
  closeBreakoutRooms: string;
  /** Nobody is assigned to a room. */
  breakoutRoomEmpty: string;
  breakoutFailed: (reason: string) => string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends BreakoutLabels {}
}

/** English defaults of {@link BreakoutLabels}. */
export const defaultBreakoutLabels: BreakoutLabels = {
  inBreakoutRoom: (name) => `You are in ${name}`,
  breakoutClosing: (seconds) => `Back to the main room in ${seconds} s`,
  breakoutBroadcast: (from, message) => `${from} to all rooms: ${message}`,
  breakoutRooms: 'Breakout rooms',
  breakoutRoomCount: 'Rooms',
  breakoutRoomName: (index) => `Room ${index}`,
  breakoutRoomNameField: (index) => `Name of room ${index}`,
  breakoutRoomFor: (name) => `Room for ${name}`,
  mainRoom: 'Main room',
  splitAtRandom: 'Split at random',
  openBreakoutRooms: 'Open rooms',
  visitBreakoutRoom: (name) => `Join ${name}`,
  returnToMainRoom: 'Return to the main room',
  broadcastField: 'Message to all rooms',
  sendBroadcast: 'Send to all rooms',
  closeCountdownField: 'Countdown (seconds)',
  closeBreakoutRooms: 'Close rooms',
  breakoutRoomEmpty: 'Nobody yet',
  breakoutFailed: (reason) => `Breakout rooms: ${reason}`,
};
