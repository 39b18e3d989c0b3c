import { RoomEvent } from 'livekit-client';
import { createRoomStore, getRoomStore } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';

describe('room store', () => {
  it('keeps the identity of participants that did not change (structural sharing)', () => {
    const room = createTestRoom({ participants: 5 });
    const store = getRoomStore(room);
    const unsubscribe = store.subscribe(() => {});
    const before = store.getRemoteParticipants();
    const stateBefore = store.getState();
    room.setSpeaking('participant-3', true);
    const after = store.getRemoteParticipants();
    expect(after).not.toBe(before);
    after.forEach((p, i) => {
      if (p.identity === 'participant-3') {
        expect(p).not.toBe(before[i]);
        expect(p.isSpeaking).toBe(true);
        expect(p.tracks).toBe(before[i]!.tracks);
      } else {
        expect(p).toBe(before[i]);
      }
    });
    const stateAfter = store.getState();
    expect(stateAfter.local).toBe(stateBefore.local);
    expect(stateAfter.remoteIdentities).toBe(stateBefore.remoteIdentities);
    expect(stateAfter.grants).toBe(stateBefore.grants);
    expect(stateAfter.activeSpeakers).toEqual(['participant-3']);
    unsubscribe();
  });

  it('notifies once for a burst of events (a join with tracks fires several)', async () => {
    const room = createTestRoom({ participants: 2 });
    const store = getRoomStore(room);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const events: string[] = [];
    const record = (name: string) => () => events.push(name);
    room.on(RoomEvent.ParticipantConnected, record('connected'));
    room.on(RoomEvent.TrackPublished, record('published'));
    room.on(RoomEvent.TrackSubscribed, record('subscribed'));
    // Drive the room without the kit's synchronous flush: the store batches on its own.
    const flush = store.flush;
    (store as { flush: () => void }).flush = () => {};
    room.addParticipant({ identity: 'zoe', camera: true, microphone: true });
    (store as { flush: () => void }).flush = flush;
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getParticipant('zoe')?.tracks.map((t) => t.source).sort()).toEqual(['camera', 'microphone']);
    unsubscribe();
  });

  it('does not notify when an event changes nothing it exposes', async () => {
    const room = createTestRoom({ participants: 1 });
    const store = getRoomStore(room);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    room.emit(RoomEvent.ParticipantNameChanged, 'Participant 1', room.remoteParticipants.get('participant-1')!);
    store.flush();
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('attaches its room listeners with the first subscriber and removes them with the last', () => {
    const room = createTestRoom();
    const count = () => room.eventNames().reduce((n, e) => n + room.listenerCount(e as RoomEvent), 0);
    const base = count();
    const store = createRoomStore(room);
    const a = store.subscribe(() => {});
    const b = store.subscribe(() => {});
    expect(count()).toBeGreaterThan(base);
    a();
    expect(count()).toBeGreaterThan(base);
    b();
    expect(count()).toBe(base);
  });

  it('reads the current state without subscribers, with stable identities', () => {
    const room = createTestRoom({ participants: 2 });
    const store = createRoomStore(room);
    const first = store.getState();
    expect(store.getState()).toBe(first);
    room.setMuted('participant-2', 'microphone', true);
    const second = store.getState();
    expect(second).toBe(first); // top-level fields unchanged
    expect(store.getParticipant('participant-2')?.tracks.find((t) => t.source === 'microphone')?.muted).toBe(true);
  });

  it('excludes hidden participants from the visible list but can still look them up', () => {
    const room = createTestRoom({ participants: [{ identity: 'ghost', hidden: true }, { identity: 'amy' }] });
    const store = getRoomStore(room);
    expect(store.getState().remoteIdentities).toEqual(['amy']);
    expect(store.getParticipant('ghost')?.hidden).toBe(true);
  });
});
