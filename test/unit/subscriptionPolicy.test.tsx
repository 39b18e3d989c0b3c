import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Track, TrackEvent, type RemoteTrackPublication } from 'livekit-client';
import { GridLayout, RoomProvider, SpeakerLayout } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

/** Remote publications of one kind of source, by participant name. */
function publications(room: TestRoom, source: Track.Source) {
  const out = new Map<string, RemoteTrackPublication>();
  for (const p of room.remoteParticipants.values()) {
    const publication = p.getTrackPublication(source);
    if (publication) out.set(p.name ?? p.identity, publication);
  }
  return out;
}
const subscribedNames = (room: TestRoom, source: Track.Source) =>
  [...publications(room, source)].filter(([, p]) => p.isDesired && p.isSubscribed).map(([name]) => name).sort();
/** Names of the remote participants whose tiles are on the page. */
const tileNames = () =>
  screen
    .getAllByRole('group')
    .map((tile) => tile.getAttribute('aria-label') ?? '')
    .filter((name) => name.startsWith('Participant'))
    .sort();

function mountGrid(room: TestRoom) {
  return render(
    <RoomProvider room={room}>
      <GridLayout />
    </RoomProvider>,
  );
}

describe('subscription policy of a managing layout (testing kit)', () => {
  it('keeps only the cameras on the page subscribed (60 cameras, 24 remote tiles on the first page)', async () => {
    const room = createTestRoom({ participants: 60 });
    expect(subscribedNames(room, Track.Source.Camera)).toHaveLength(60);
    mountGrid(room);
    const page = tileNames();
    expect(page).toHaveLength(24);
    await waitFor(() => expect(subscribedNames(room, Track.Source.Camera)).toEqual(page));
  });

  it('moves subscriptions with a page flip and leaves no off-page camera subscribed', async () => {
    const room = createTestRoom({ participants: 60 });
    mountGrid(room);
    const first = tileNames();
    await waitFor(() => expect(subscribedNames(room, Track.Source.Camera)).toEqual(first));
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    const second = tileNames();
    expect(second).not.toEqual(first);
    await waitFor(() => expect(subscribedNames(room, Track.Source.Camera)).toEqual(second));
  });

  it('does not flap: flipping away and back within the grace period never unsubscribes the page shown', () => {
    // Fake timers: "within the grace period" is then a fact of the test, not of the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const room = createTestRoom({ participants: 60 });
      mountGrid(room);
      const first = tileNames();
      act(() => void vi.advanceTimersByTime(1000));
      expect(subscribedNames(room, Track.Source.Camera)).toEqual(first);
      const changes: string[] = [];
      for (const [name, publication] of publications(room, Track.Source.Camera)) {
        publication.on(TrackEvent.UpdateSubscription, (u: { subscribe: boolean }) => changes.push(`${name}: ${u.subscribe}`));
      }
      fireEvent.click(screen.getByRole('button', { name: /next/i }));
      const second = tileNames();
      fireEvent.click(screen.getByRole('button', { name: /previous/i }));
      expect(tileNames()).toEqual(first);
      act(() => void vi.advanceTimersByTime(1000));
      expect(subscribedNames(room, Track.Source.Camera)).toEqual(first);
      // The second page was subscribed while shown and released after the grace; the first page was never touched.
      expect(changes.sort()).toEqual([...second.map((n) => `${n}: true`), ...second.map((n) => `${n}: false`)].sort());
    } finally {
      vi.useRealTimers();
    }
  });

  it('in a room of up to 12 microphones, subscribes every one, muted or not, on the page and off it', async () => {
    const room = createTestRoom({ participants: 12 });
    // Two microphones the session is not subscribed to (as after a join without auto-subscribe), one of them muted.
    const mics = publications(room, Track.Source.Microphone);
    for (const name of ['Participant 1', 'Participant 12']) mics.get(name)!.setSubscribed(false);
    expect(mics.get('Participant 1')!.isMuted).toBe(true);
    render(
      <RoomProvider room={room}>
        <GridLayout maxTilesPerPage={6} />
      </RoomProvider>,
    );
    expect(tileNames()).not.toContain('Participant 12');
    await waitFor(() => expect(subscribedNames(room, Track.Source.Microphone)).toHaveLength(12));
  });

  it('subscribes a camera that was not subscribed when its tile shows it', async () => {
    const room = createTestRoom({ participants: 3 });
    const camera = publications(room, Track.Source.Camera).get('Participant 2')!;
    camera.setSubscribed(false);
    expect(camera.isSubscribed).toBe(false);
    mountGrid(room);
    await waitFor(() => expect(camera.isSubscribed).toBe(true));
    expect(subscribedNames(room, Track.Source.Camera)).toEqual(['Participant 1', 'Participant 2', 'Participant 3']);
  });

  it('in the speaker view, keeps only the large tile and the strip page subscribed, and follows a page flip', async () => {
    const room = createTestRoom({ participants: 30 });
    render(
      <RoomProvider room={room}>
        <SpeakerLayout maxStripTiles={5} />
      </RoomProvider>,
    );
    const first = tileNames();
    expect(first).toHaveLength(5); // Participant 1 large, "me" and Participants 2–5 in the strip
    await waitFor(() => expect(subscribedNames(room, Track.Source.Camera)).toEqual(first));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const second = tileNames();
    expect(second).not.toEqual(first);
    await waitFor(() => expect(subscribedNames(room, Track.Source.Camera)).toEqual(second));
  });
});
