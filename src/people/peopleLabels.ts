/**
 * The participant list's and the admin menu's strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface PeopleLabels {
  adminMenu: (name: string) => string;
  muteParticipant: string;
  removeParticipant: string;
  allowPublishing: string;
  revokePublishing: string;
  /** The admin menu's item that puts someone in the room's spotlight, for everyone. */
  spotlight: string;
  /** The admin menu's item that takes someone out of the room's spotlight. */
  endSpotlight: string;
  adminActionFailed: (reason: string) => string;
  participants: string;
  /** The control-bar toggle of the participant list, with the number of listed participants: "Participants (12)". */
  participantsToggle: (count: number) => string;
  /** The participant list's rows, named with how many it shows: "12 people". */
  participantListRows: (count: number) => string;
  /** The participant list's search box. */
  participantSearch: string;
  /** The placeholder of the participant list's search box. */
  participantSearchPlaceholder: string;
  /** Announced while searching: how many of the listed participants match (0 when none). */
  participantSearchResults: (matches: number, total: number) => string;
  /** A participant list row's microphone state when it is on. */
  microphoneOn: string;
  /** A participant list row's camera state when it is on. */
  cameraOn: string;
  /**
   * The waiting room's screen while a host has not let this session in yet. `room` is the meeting's name as the app
   * names it (RoomProvider's `meetingName`, or the room its `useConnection` asked for), or empty: then name none.
   */
  waitingForHost: (room: string) => string;
  /** The waiting room's button that stops waiting and leaves. */
  cancelWaiting: string;
  /** What a person a host turned away from the waiting room reads. */
  waitingDenied: string;
  /** The participant list's waiting-room section, with how many wait: "Waiting (3)". */
  waitingQueue: (count: number) => string;
  /** The button that lets one waiting person in; `name` completes its accessible name. */
  admit: string;
  /** The accessible name of the button that lets `name` in: "Admit Ann". */
  admitPerson: (name: string) => string;
  /** The button that lets everyone waiting in. */
  admitAll: string;
  /** The button that turns one waiting person away. */
  deny: string;
  /** The accessible name of the button that turns `name` away: "Deny Ann". */
  denyPerson: (name: string) => string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends PeopleLabels {}
}

/** The waiting screen's strings, which a room kind shows without the participant list (`AudioConference`). */
export type WaitingLabels = Pick<PeopleLabels, 'waitingForHost' | 'cancelWaiting' | 'waitingDenied'>;

/** @internal English defaults of {@link WaitingLabels}. */
export function defaultWaitingLabels(): WaitingLabels {
  return {
    waitingForHost: (room) => (room ? `Waiting for the host to let you in to ${room}.` : 'Waiting for the host to let you in.'),
    cancelWaiting: 'Cancel',
    waitingDenied: 'The host did not let you in.',
  };
}

/** English defaults of {@link PeopleLabels}. */
export const defaultPeopleLabels: PeopleLabels = {
  adminMenu: (name) => `Manage ${name}`,
  muteParticipant: 'Mute microphone',
  removeParticipant: 'Remove from room',
  allowPublishing: 'Allow publishing',
  revokePublishing: 'Revoke publishing',
  spotlight: 'Spotlight for everyone',
  endSpotlight: 'End spotlight',
  adminActionFailed: (reason) => `Action failed: ${reason}`,
  participants: 'Participants',
  participantsToggle: (count) => `Participants (${count})`,
  participantListRows: (count) => (count === 1 ? '1 person' : `${count} people`),
  participantSearch: 'Search participants',
  participantSearchPlaceholder: 'Search by name',
  participantSearchResults: (matches, total) => (matches === 0 ? 'No one matches' : `${matches} of ${total} shown`),
  microphoneOn: 'Microphone on',
  cameraOn: 'Camera on',
  ...defaultWaitingLabels(),
  waitingQueue: (count) => `Waiting (${count})`,
  admit: 'Admit',
  admitPerson: (name) => `Admit ${name}`,
  admitAll: 'Admit all',
  deny: 'Deny',
  denyPerson: (name) => `Deny ${name}`,
};
