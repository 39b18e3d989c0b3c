/**
 * No listener outlives the UI: after RoomKit's components unmount, the Room, its participants, their publications
 * and tracks carry exactly the listeners they had before the first mount (the `leakedListeners` and
 * `leakedTrackListeners` figures of `npm run bench`, here per event name so a failure names what is left).
 */
import { act, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { PreJoin, RoomProvider, VideoConference } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

type Emitter = { eventNames(): Array<string | symbol>; listenerCount(name: string | symbol): number };

/** Listeners by "whose:event", over the room, every participant, publication and track. */
function listeners(room: TestRoom): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (whose: string, emitter: Emitter) => {
    for (const name of emitter.eventNames()) counts[`${whose}:${String(name)}`] = (counts[`${whose}:${String(name)}`] ?? 0) + emitter.listenerCount(name);
  };
  add('room', room as unknown as Emitter);
  for (const participant of [room.localParticipant, ...room.remoteParticipants.values()]) {
    const whose = participant === room.localParticipant ? 'local participant' : 'remote participant';
    add(whose, participant as unknown as Emitter);
    for (const publication of participant.trackPublications.values()) {
      add(`${publication.source} publication`, publication as unknown as Emitter);
      if (publication.track) add(`${publication.source} track`, publication.track as unknown as Emitter);
    }
  }
  return counts;
}

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

let room: TestRoom | undefined;
afterEach(() => void room?.disconnect());

it.each([
  ['VideoConference', () => <VideoConference />],
  ['PreJoin', () => <PreJoin onSubmit={() => undefined} />],
])('%s leaves no listener on the room, its participants, publications or tracks once unmounted', async (_name, ui) => {
  room = createTestRoom({ participants: 6, local: { camera: true, microphone: true } });
  const before = listeners(room);
  for (let cycle = 0; cycle < 3; cycle++) {
    const view = render(<RoomProvider room={room}>{ui()}</RoomProvider>);
    await settle();
    view.unmount();
    await settle();
  }
  expect(listeners(room)).toEqual(before);
});
