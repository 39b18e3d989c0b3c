import { RoomEvent, Track, type Participant, type RemoteParticipant, type RemoteTrackPublication, type Room, type TrackPublication } from 'livekit-client';
import { kindOf } from '../room/state/participantState.js';

/**
 * Up to this many remote microphones, every one is subscribed, muted or not: a small meeting never misses the
 * first word of anyone. In a bigger room, the microphones of this many of the people heard last stay subscribed.
 */
export const EVERY_MICROPHONE_UP_TO = 12;

/**
 * @internal The audio half of a managing layout's subscription policy (see `getVideoSubscriptions`).
 *
 * - Screen-share audio and an agent's microphone are always subscribed.
 * - In a room of up to {@link EVERY_MICROPHONE_UP_TO} remote microphones, every microphone is.
 * - In a bigger room, the microphones of those speaking now (the server's speaker updates, which it computes from
 *   what every publisher sends, subscribed or not) and of the last {@link EVERY_MICROPHONE_UP_TO} people heard
 *   (speaking, unmuting or publishing an unmuted microphone), however long ago. The next one heard lets go of the
 *   one heard longest ago, in the same task, so the two changes share one renegotiation. Anyone else's is not
 *   subscribed: a muted microphone sends nothing and a silent one only Opus DTX, while each subscribed track costs
 *   the page a media element, livekit-client's stats polling and decoding.
 *
 * A meeting's regular speakers therefore stay subscribed between their turns: one who speaks again is heard from
 * the first word, with no renegotiation (which blocks the main thread: LiveKit renegotiates for every change of
 * subscriptions). The trade-off: someone whose microphone has been on and silent, and who is not among the last
 * heard, is subscribed only once the server announces them as a speaker, so the start of their speech is lost
 * (measured in `npm run bench`, `bigRoomSpeechStartMs`). Unmuting, the usual way to take the word in a big room,
 * subscribes at once.
 *
 * Returns a function that stops the policy; subscriptions are left as they are.
 */
export function manageAudio(room: Room): () => void {
  /** The people heard, the one heard longest ago first; the last {@link EVERY_MICROPHONE_UP_TO} are kept. */
  const heard = new Set<RemoteParticipant>();
  let speakers = new Set<Participant>(room.activeSpeakers);
  let small = true;

  const microphones = () => {
    let n = 0;
    for (const p of room.remoteParticipants.values()) if (p.getTrackPublication(Track.Source.Microphone)) n++;
    return n;
  };
  const wanted = (publication: RemoteTrackPublication, participant: RemoteParticipant) =>
    publication.source !== Track.Source.Microphone ||
    kindOf(participant) === 'agent' ||
    small ||
    participant.isSpeaking ||
    heard.has(participant);
  const applyTo = (participant: RemoteParticipant) => {
    for (const publication of participant.audioTrackPublications.values()) {
      const want = wanted(publication, participant);
      if (publication.isDesired !== want) publication.setSubscribed(want);
    }
  };
  const sweep = () => {
    small = microphones() <= EVERY_MICROPHONE_UP_TO;
    room.remoteParticipants.forEach(applyTo);
  };
  /** `participant` is heard now: kept, and whoever falls out of the last heard is let go in this same task. */
  const hear = (participant: RemoteParticipant) => {
    heard.delete(participant);
    heard.add(participant);
    const changed = [participant];
    for (const p of heard) {
      if (heard.size <= EVERY_MICROPHONE_UP_TO) break;
      heard.delete(p);
      changed.push(p);
    }
    changed.forEach(applyTo);
  };
  const isRemote = (p: Participant): p is RemoteParticipant => room.remoteParticipants.get(p.identity) === p;

  const onSpeakers = (next: Participant[]) => {
    const now = new Set(next);
    // Starting and stopping both count as heard: whoever stops speaking is the last heard.
    for (const p of new Set([...speakers, ...now])) if (isRemote(p) && speakers.has(p) !== now.has(p)) hear(p);
    speakers = now;
  };
  const onUnmuted = (publication: TrackPublication, participant: Participant) => {
    if (publication.source === Track.Source.Microphone && isRemote(participant)) hear(participant);
  };
  const onPublished = (publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (publication.kind !== Track.Kind.Audio) return;
    if (small !== microphones() <= EVERY_MICROPHONE_UP_TO) sweep();
    if (publication.source === Track.Source.Microphone && !publication.isMuted) hear(participant);
    else applyTo(participant);
  };
  /** A subscription someone else asked for (an app's autoSubscribe): the policy decides. */
  const onSubscribed = (_track: Track, publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (publication.kind === Track.Kind.Audio) applyTo(participant);
  };
  const onGone = () => {
    for (const p of heard) if (!isRemote(p)) heard.delete(p);
    if (small !== microphones() <= EVERY_MICROPHONE_UP_TO) sweep();
  };

  const listeners: ReadonlyArray<readonly [RoomEvent, (...args: never[]) => void]> = [
    [RoomEvent.Connected, sweep],
    [RoomEvent.ActiveSpeakersChanged, onSpeakers],
    [RoomEvent.TrackUnmuted, onUnmuted],
    [RoomEvent.TrackPublished, onPublished],
    [RoomEvent.TrackSubscribed, onSubscribed],
    [RoomEvent.TrackUnpublished, onGone],
    [RoomEvent.ParticipantDisconnected, onGone],
  ];
  // One table for both directions, so every listener added is the one removed. Each handler's arguments are its
  // own event's, which the table no longer states to the typed emitter.
  const emitter = room as unknown as Record<'on' | 'off', (event: RoomEvent, handler: (...args: never[]) => void) => unknown>;
  for (const [event, handler] of listeners) emitter.on(event, handler);
  sweep();
  return () => {
    for (const [event, handler] of listeners) emitter.off(event, handler);
    heard.clear();
  };
}
