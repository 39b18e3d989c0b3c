import { RoomEvent, type DisconnectReason, type Participant, type Room } from 'livekit-client';

/** Room events that change one participant; the participant is the handler's argument at `index`. */
const PARTICIPANT_EVENTS: ReadonlyArray<readonly [RoomEvent, number]> = [
  [RoomEvent.ParticipantConnected, 0],
  [RoomEvent.ParticipantDisconnected, 0],
  [RoomEvent.ParticipantPermissionsChanged, 1],
  [RoomEvent.TrackPublished, 1],
  [RoomEvent.TrackUnpublished, 1],
  [RoomEvent.TrackSubscribed, 2],
  [RoomEvent.TrackUnsubscribed, 2],
  [RoomEvent.TrackMuted, 1],
  [RoomEvent.TrackUnmuted, 1],
  [RoomEvent.TrackSubscriptionStatusChanged, 2],
  [RoomEvent.TrackSubscriptionFailed, 1],
  [RoomEvent.LocalTrackPublished, 1],
  [RoomEvent.LocalTrackUnpublished, 1],
  [RoomEvent.ParticipantNameChanged, 1],
  [RoomEvent.ParticipantMetadataChanged, 1],
  [RoomEvent.ParticipantAttributesChanged, 1],
  [RoomEvent.ConnectionQualityChanged, 1],
];

/** Room events after which everything is read again (the participant set may have been replaced). */
const RESYNC_EVENTS: readonly RoomEvent[] = [
  RoomEvent.SignalConnected,
  RoomEvent.Connected,
  RoomEvent.Reconnected,
  RoomEvent.ConnectionStateChanged,
  // LiveKit's MoveParticipant (livekit-client 2.12+; absent before): another room, its name and its participants
  ...(RoomEvent.Moved ? [RoomEvent.Moved] : []),
];

/** Room events that change only room-level fields. */
const ROOM_EVENTS: readonly RoomEvent[] = [
  RoomEvent.RoomMetadataChanged,
  RoomEvent.RecordingStatusChanged,
  RoomEvent.AudioPlaybackStatusChanged,
];

/** What the room store does when a Room event arrives. */
export interface RoomEventMarks {
  /** One participant changed; `undefined` when the event did not say which (read everyone). */
  participant(participant: Participant | undefined): void;
  /** Everything may have changed (the participant set may have been replaced). */
  all(): void;
  /** Only room-level fields changed. */
  room(): void;
  /** The active speakers changed to `speakers`. */
  speakers(speakers: Participant[]): void;
  /** The session ended. */
  disconnected(reason: DisconnectReason | undefined): void;
  /** The session (re)connected. */
  connected(): void;
}

/** Attaches one listener per Room event the store needs. Returns the function that detaches them all. */
export function attachRoomEvents(room: Room, mark: RoomEventMarks): () => void {
  const offs: Array<() => void> = [];
  const on = (event: RoomEvent, handler: (...args: never[]) => void) => {
    room.on(event, handler as never);
    offs.push(() => room.off(event, handler as never));
  };
  for (const [event, index] of PARTICIPANT_EVENTS) {
    on(event, (...args: unknown[]) => mark.participant(args[index] as Participant | undefined));
  }
  for (const event of RESYNC_EVENTS) on(event, () => mark.all());
  for (const event of ROOM_EVENTS) on(event, () => mark.room());
  on(RoomEvent.ActiveSpeakersChanged, (speakers: Participant[]) => mark.speakers(speakers));
  on(RoomEvent.Disconnected, (reason?: DisconnectReason) => mark.disconnected(reason));
  on(RoomEvent.Connected, () => mark.connected());
  return () => offs.forEach((off) => off());
}
