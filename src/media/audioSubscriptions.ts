import { RoomEvent, Track, type Participant, type RemoteParticipant, type RemoteTrackPublication, type Room, type TrackPublication } from 'livekit-client';
import { kindOf } from '../room/state/participantState.js';

/**
 * Up to this many remote microphones, every one is subscribed, muted or not: a small meeting never misses the
 * first word of anyone.
 */
export const EVERY_MICROPHONE_UP_TO = 12;
/** How long a microphone stays subscribed after its participant last spoke, unmuted it or published it. */
export const HEARD_HOLD_MS = 15_000;
/**
 * A microphone whose hold ended is let go with the next subscription the policy makes, or at most this much later
 * together with any others whose hold ended meanwhile: every change of subscriptions costs a renegotiation, and
 * changes made in the same task share one.
 */
export const RELEASE_SLACK_MS = 5_000;

/**
 * @internal The audio half of a managing layout's subscription policy (see `getVideoSubscriptions`).
 *
 * - Screen-share audio and an agent's microphone are always subscribed.
 * - In a room of up to {@link EVERY_MICROPHONE_UP_TO} remote microphones, every microphone is.
 * - In a bigger room a microphone is subscribed while its participant is heard or about to be: speaking now (the
 *   server's speaker updates, which it computes from what every publisher sends, subscribed or not), or within
 *   {@link HEARD_HOLD_MS} of having spoken, unmuted or published the microphone (released in batches, see
 *   {@link RELEASE_SLACK_MS}). Anyone else's is not: a muted
 *   microphone sends nothing and a silent one only Opus DTX, while each subscribed track costs the page a media
 *   element, livekit-client's stats polling and decoding.
 *
 * The trade-off: someone whose microphone has been on and silent for longer than the hold is subscribed only once
 * the server announces them as a speaker, so the start of their speech is lost (measured in `npm run bench`,
 * `bigRoomSpeechStartMs`). Unmuting, the usual way to take the word in a big room, subscribes at once.
 *
 * Returns a function that stops the policy; subscriptions are left as they are.
 */
export function manageAudio(room: Room): () => void {
  /** Participants heard recently (epoch ms); their microphones stay subscribed until released. */
  const heardAt = new Map<RemoteParticipant, number>();
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
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
    heardAt.has(participant);
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
  /** Plans the next release: when the earliest hold ends, plus the slack. */
  const schedule = () => {
    if (releaseTimer !== undefined || heardAt.size === 0) return;
    const due = Math.min(...heardAt.values()) + HEARD_HOLD_MS - Date.now();
    releaseTimer = setTimeout(release, Math.max(0, due) + RELEASE_SLACK_MS);
  };
  /** Lets go of the microphones whose hold ended, all in this task. */
  const release = () => {
    clearTimeout(releaseTimer);
    releaseTimer = undefined;
    const now = Date.now();
    for (const [participant, at] of heardAt) {
      if (now - at < HEARD_HOLD_MS) continue;
      heardAt.delete(participant);
      applyTo(participant);
    }
    schedule();
  };
  /**
   * Starts (or restarts) a participant's hold. When that subscribes its microphone, ended holds are released in
   * the same task, so the two changes share one renegotiation; otherwise nothing changes now.
   */
  const heard = (participant: RemoteParticipant) => {
    heardAt.set(participant, Date.now());
    const changes = [...participant.audioTrackPublications.values()].some((p) => p.isDesired !== wanted(p, participant));
    if (changes) {
      release();
      applyTo(participant);
    } else schedule();
  };
  const isRemote = (p: Participant): p is RemoteParticipant => room.remoteParticipants.get(p.identity) === p;

  const onSpeakers = (next: Participant[]) => {
    const now = new Set(next);
    // Starting and stopping both count as heard: the hold runs from the end of the speech.
    for (const p of new Set([...speakers, ...now])) if (isRemote(p) && speakers.has(p) !== now.has(p)) heard(p);
    speakers = now;
  };
  const onUnmuted = (publication: TrackPublication, participant: Participant) => {
    if (publication.source === Track.Source.Microphone && isRemote(participant)) heard(participant);
  };
  const onPublished = (publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (publication.kind !== Track.Kind.Audio) return;
    if (small !== microphones() <= EVERY_MICROPHONE_UP_TO) sweep();
    if (publication.source === Track.Source.Microphone && !publication.isMuted) heard(participant);
    else applyTo(participant);
  };
  /** A subscription someone else asked for (an app's autoSubscribe): the policy decides. */
  const onSubscribed = (_track: Track, publication: RemoteTrackPublication, participant: RemoteParticipant) => {
    if (publication.kind === Track.Kind.Audio) applyTo(participant);
  };
  const onGone = () => {
    for (const p of heardAt.keys()) if (!isRemote(p)) heardAt.delete(p);
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
    clearTimeout(releaseTimer);
    heardAt.clear();
  };
}
