import { act, render } from '@testing-library/react';
import { Track, TrackEvent, type RemoteTrackPublication } from 'livekit-client';
import { EVERY_MICROPHONE_UP_TO, HEARD_HOLD_MS, RELEASE_SLACK_MS } from '../../src/media/audioSubscriptions';
import { GridLayout, RoomProvider } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

/**
 * The audio half of the subscription policy in a room bigger than a dozen microphones: only those heard or about to
 * be are subscribed. Fake timers make "within the hold" a fact of the test, not of the machine's speed.
 */
/** Past a hold and the batching slack: every ended hold has been released. */
const RELEASED = HEARD_HOLD_MS + RELEASE_SLACK_MS;
const audio = (room: TestRoom, identity: string, source = Track.Source.Microphone) =>
  room.remoteParticipants.get(identity)!.getTrackPublication(source) as RemoteTrackPublication;
const subscribedMics = (room: TestRoom) =>
  [...room.remoteParticipants.values()]
    .filter((p) => p.getTrackPublication(Track.Source.Microphone)?.isSubscribed)
    .map((p) => p.identity)
    .sort();
const later = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

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

  it('subscribes a speaker at once, on the page or off it, and keeps it for the hold after it stops', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    act(() => void room.setSpeaking('participant-40', true));
    expect(subscribedMics(room)).toEqual(['participant-40']);
    later(HEARD_HOLD_MS * 2);
    expect(subscribedMics(room)).toEqual(['participant-40']); // still speaking
    act(() => void room.setSpeaking('participant-40', false));
    later(HEARD_HOLD_MS - 100);
    expect(subscribedMics(room)).toEqual(['participant-40']); // a pause in a conversation
    later(RELEASED - HEARD_HOLD_MS + 100);
    expect(subscribedMics(room)).toEqual([]);
  });

  it('lets ended holds go together with the next subscription, or together after the slack', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    act(() => void room.setSpeaking('participant-2', true));
    act(() => void room.setSpeaking('participant-2', false));
    later(HEARD_HOLD_MS + 100);
    expect(subscribedMics(room)).toEqual(['participant-2']); // ended, waiting for company
    act(() => void room.setSpeaking('participant-3', true));
    expect(subscribedMics(room)).toEqual(['participant-3']); // one change, one renegotiation
    act(() => void room.setSpeaking('participant-3', false));
    later(RELEASE_SLACK_MS / 2);
    act(() => void room.setMuted('participant-4', 'microphone', false));
    later(HEARD_HOLD_MS + RELEASE_SLACK_MS / 4);
    expect(subscribedMics(room)).toEqual(['participant-3', 'participant-4']); // both holds ended, not yet released
    later(RELEASE_SLACK_MS / 2);
    expect(subscribedMics(room)).toEqual([]); // released together
  });

  it('changes nothing when a subscribed speaker stops: an ended hold waits for a subscription or the slack', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    act(() => void room.setSpeaking('participant-2', true));
    act(() => void room.setSpeaking('participant-2', false));
    later(1000);
    act(() => void room.setSpeaking('participant-3', true));
    later(HEARD_HOLD_MS);
    const changes: string[] = [];
    for (const p of room.remoteParticipants.values()) {
      p.getTrackPublication(Track.Source.Microphone)?.on(TrackEvent.UpdateSubscription, () => changes.push(p.identity));
    }
    act(() => void room.setSpeaking('participant-3', false)); // participant-2's hold has ended meanwhile
    expect(changes).toEqual([]);
    expect(subscribedMics(room)).toEqual(['participant-2', 'participant-3']);
    later(RELEASE_SLACK_MS);
    expect(changes).toEqual(['participant-2']);
  });

  it('subscribes a microphone as it is unmuted (before any speech), and lets it go after the hold of silence', () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    expect(audio(room, 'participant-4').isMuted).toBe(true);
    act(() => void room.setMuted('participant-4', 'microphone', false));
    expect(subscribedMics(room)).toEqual(['participant-4']);
    later(RELEASED);
    expect(subscribedMics(room)).toEqual([]);
    // Muting and unmuting again starts a new hold.
    act(() => void room.setMuted('participant-4', 'microphone', true));
    act(() => void room.setMuted('participant-4', 'microphone', false));
    expect(subscribedMics(room)).toEqual(['participant-4']);
  });

  it("subscribes a newcomer's live microphone for the hold, but not a muted one", () => {
    const room = createTestRoom({ participants: 40 });
    mount(room);
    act(() => {
      room.addParticipant({ identity: 'talker', microphone: true });
      room.addParticipant({ identity: 'listener', microphone: 'muted' });
    });
    expect(subscribedMics(room)).toEqual(['talker']);
    later(RELEASED);
    expect(subscribedMics(room)).toEqual([]);
  });

  it("always subscribes an agent's microphone and screen-share audio", () => {
    const room = createTestRoom({ participants: 40 });
    room.addParticipant({ identity: 'agent', kind: 'agent', microphone: true });
    room.publishTrack('participant-5', 'screen_share_audio');
    mount(room);
    later(HEARD_HOLD_MS * 2);
    expect(subscribedMics(room)).toEqual(['agent']);
    expect(audio(room, 'participant-5', Track.Source.ScreenShareAudio).isSubscribed).toBe(true);
  });

  it('switches between every microphone and the heard ones as the room crosses a dozen microphones', () => {
    const room = createTestRoom({ participants: EVERY_MICROPHONE_UP_TO });
    mount(room);
    expect(subscribedMics(room)).toHaveLength(EVERY_MICROPHONE_UP_TO);
    act(() => void room.addParticipant({ identity: 'one-more', microphone: 'muted' }));
    expect(subscribedMics(room)).toEqual([]);
    act(() => void room.removeParticipant('one-more'));
    expect(subscribedMics(room)).toHaveLength(EVERY_MICROPHONE_UP_TO);
  });

  it('leaves subscriptions as they are once the layout unmounts, and stops following speakers', () => {
    const room = createTestRoom({ participants: 40 });
    const { unmount } = mount(room);
    act(() => void room.setSpeaking('participant-3', true));
    unmount();
    act(() => void room.setSpeaking('participant-7', true));
    later(HEARD_HOLD_MS * 2);
    expect(subscribedMics(room)).toEqual(['participant-3']);
  });
});
