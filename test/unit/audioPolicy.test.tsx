import { act, render } from '@testing-library/react';
import { Track, TrackEvent, type RemoteTrackPublication } from 'livekit-client';
import { EVERY_MICROPHONE_UP_TO } from '../../src/media/audioSubscriptions';
import { GridLayout, RoomProvider } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

/**
 * The audio half of the subscription policy in a room bigger than a dozen microphones: those speaking and the last
 * dozen heard are subscribed, whoever else is not. Participants 1, 4, 7… have their microphones muted.
 */
const audio = (room: TestRoom, identity: string, source = Track.Source.Microphone) =>
  room.remoteParticipants.get(identity)!.getTrackPublication(source) as RemoteTrackPublication;
const subscribedMics = (room: TestRoom) =>
  [...room.remoteParticipants.values()]
    .filter((p) => p.getTrackPublication(Track.Source.Microphone)?.isSubscribed)
    .map((p) => p.identity)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
/** A turn: `identity` speaks for half a minute, then stops (fake timers: any hold the policy kept would run out). */
const turn = (room: TestRoom, identity: string) => {
  act(() => void room.setSpeaking(identity, true));
  act(() => void vi.advanceTimersByTime(30_000));
  act(() => void room.setSpeaking(identity, false));
};
/** Records every change of subscription the policy asks for, by identity, in order. */
function changesOf(room: TestRoom): Array<[string, boolean]> {
  const changes: Array<[string, boolean]> = [];
  for (const p of room.remoteParticipants.values()) {
    p.getTrackPublication(Track.Source.Microphone)?.on(TrackEvent.UpdateSubscription, (update: { subscribe: boolean }) => changes.push([p.identity, update.subscribe]));
  }
  return changes;
}
/** Unmuted participants 2, 3, 5, 6, 8…: `n` of them. */
const talkers = (n: number) => Array.from({ length: 40 }, (_, i) => i + 1).filter((i) => i % 3 !== 1).slice(0, n).map((i) => `participant-${i}`);

function mount(room: TestRoom) {
  return render(
    <RoomProvider room={room}>
      <GridLayout />
    </RoomProvider>,
  );
}

describe('audio subscription policy of a managing layout, more than 12 microphones (testing kit)', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => void vi.useRealTimers());

  it('subscribes no silent or muted microphone, and those speaking at the mount', () => {
    const room = createTestRoom({ participants: 40 }); // every third microphone muted, all subscribed at first
    expect(subscribedMics(room)).toHaveLength(40);
    room.setSpeaking('participant-2', true);
    mount(room);
    expect(subscribedMics(room)).toEqual(['participant-2']);
  });

  it('subscribes a speaker at once, on the page or off it, and keeps it after it stops', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    act(() => void room.setSpeaking('participant-40', true));
    expect(subscribedMics(room)).toEqual(['participant-40']);
    act(() => void room.setSpeaking('participant-40', false));
    expect(subscribedMics(room)).toEqual(['participant-40']);
  });

  it('keeps a regular speaker who returns subscribed: a meeting of ten taking turns changes no subscription after its first round', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    const regulars = talkers(10);
    for (const identity of regulars) turn(room, identity);
    expect(subscribedMics(room)).toEqual(regulars);
    const changes = changesOf(room);
    for (let round = 0; round < 3; round++) for (const identity of [...regulars].reverse()) turn(room, identity);
    expect(changes).toEqual([]);
    expect(subscribedMics(room)).toEqual(regulars);
  });

  it('keeps the last dozen heard: the next one lets go of the one heard longest ago, in the same task', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    const [oldest, second, ...rest] = talkers(EVERY_MICROPHONE_UP_TO + 1) as [string, string, ...string[]];
    const newcomer = rest.pop()!;
    for (const identity of [oldest, second, ...rest]) turn(room, identity);
    expect(subscribedMics(room)).toHaveLength(EVERY_MICROPHONE_UP_TO);
    turn(room, oldest); // heard again: the most recent now
    const changes = changesOf(room);
    act(() => void room.setSpeaking(newcomer, true));
    // one task, so one renegotiation: the newcomer in, the one heard longest ago (not `oldest`, heard again) out
    expect(changes).toEqual([
      [newcomer, true],
      [second, false],
    ]);
    expect(subscribedMics(room)).toHaveLength(EVERY_MICROPHONE_UP_TO);
    expect(subscribedMics(room)).toContain(oldest);
  });

  it('subscribes a microphone as it is unmuted (before any speech), and keeps it', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    expect(audio(room, 'participant-4').isMuted).toBe(true);
    act(() => void room.setMuted('participant-4', 'microphone', false));
    expect(subscribedMics(room)).toEqual(['participant-4']);
    turn(room, 'participant-2');
    expect(subscribedMics(room)).toEqual(['participant-2', 'participant-4']);
  });

  it("subscribes a newcomer's live microphone, but not a muted one, and forgets whoever leaves", () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    act(() => {
      room.addParticipant({ identity: 'talker', microphone: true });
      room.addParticipant({ identity: 'listener', microphone: 'muted' });
    });
    expect(subscribedMics(room)).toEqual(['talker']);
    act(() => void room.removeParticipant('talker'));
    for (const identity of talkers(EVERY_MICROPHONE_UP_TO)) turn(room, identity);
    expect(subscribedMics(room)).toEqual(talkers(EVERY_MICROPHONE_UP_TO)); // 'talker' took no place among them
  });

  it("always subscribes an agent's microphone and screen-share audio", () => {
    const room = createTestRoom({ participants: 40 });
    room.addParticipant({ identity: 'agent', kind: 'agent', microphone: true });
    room.publishTrack('participant-5', 'screen_share_audio');
    mount(room);
    for (const identity of talkers(EVERY_MICROPHONE_UP_TO + 1)) turn(room, identity);
    expect(subscribedMics(room)).toContain('agent');
    expect(audio(room, 'participant-5', Track.Source.ScreenShareAudio).isSubscribed).toBe(true);
  });

  it('switches between every microphone and the heard ones as the room crosses a dozen microphones', () => {
    const room = createTestRoom({ participants: EVERY_MICROPHONE_UP_TO });
    mount(room);
    expect(subscribedMics(room)).toHaveLength(EVERY_MICROPHONE_UP_TO);
    turn(room, 'participant-3');
    act(() => void room.addParticipant({ identity: 'one-more', microphone: 'muted' }));
    expect(subscribedMics(room)).toEqual(['participant-3']); // heard while the room was small
    act(() => void room.removeParticipant('one-more'));
    expect(subscribedMics(room)).toHaveLength(EVERY_MICROPHONE_UP_TO);
  });

  it('leaves subscriptions as they are once the layout unmounts, and stops following speakers', () => {
    const room = createTestRoom({ participants: 40 });
    const { unmount } = mount(room);
    act(() => void room.setSpeaking('participant-3', true));
    unmount();
    act(() => void room.setSpeaking('participant-8', true));
    expect(subscribedMics(room)).toEqual(['participant-3']);
  });
});
