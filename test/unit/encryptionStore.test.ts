/**
 * The encryption store's "cannot decrypt" mark: made by livekit-client's EncryptionError, ended by frames that decode
 * again (read from the receivers, here a probe the test controls), rechecked and reported again after a key change.
 */
import { RoomEvent, type Participant } from 'livekit-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DECODE_POLL_MS, monitorDecryption, STALLED_READS, type DecodeSample } from '../../src/e2ee/decryptionMonitor';
import { getEncryptionStore } from '../../src/e2ee/encryptionStore';
import { createTestRoom } from '../../src/testing/index';

/** A room with Eve and Bob, and receivers whose counts the test sets (undefined: nothing to read). */
function setup() {
  const room = createTestRoom({ participants: [{ identity: 'eve', name: 'Eve', camera: true, microphone: true }, { identity: 'bob', name: 'Bob' }] });
  const samples = new Map<string, DecodeSample | undefined>();
  const reads: string[] = [];
  const store = getEncryptionStore(room);
  const failures: string[] = [];
  const changes = vi.fn();
  const unsubscribe = store.subscribe(changes);
  const monitor = monitorDecryption(room, (identity) => failures.push(identity), async (participant) => {
    reads.push(participant.identity);
    const sample = samples.get(participant.identity);
    return sample && { ...sample };
  });
  const fail = (identity: string) => room.emit(RoomEvent.EncryptionError, new Error('InvalidKey'), room.getParticipantByIdentity(identity) as Participant);
  return { room, store, monitor, samples, reads, failures, changes, unsubscribe, fail };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('encryption store: cannot decrypt, and recovery', () => {
  it('marks a participant on its first EncryptionError and reports it once, however often livekit-client repeats it', () => {
    const { store, failures, changes, fail } = setup();
    fail('eve');
    fail('eve');
    expect(store.decryptionFailed('eve')).toBe(true);
    expect(store.decryptionFailed('bob')).toBe(false);
    expect(failures).toEqual(['eve']);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('ends the mark once frames decode again, read from the receivers every DECODE_POLL_MS, and then stops reading', async () => {
    const { store, samples, reads, changes, fail } = setup();
    samples.set('eve', { frames: 10, samples: 0, packets: 100 });
    fail('eve');
    // Frames still dropped: packets arrive, nothing decodes. The mark holds.
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    samples.set('eve', { frames: 10, samples: 0, packets: 150 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('eve')).toBe(true);
    expect(reads).toEqual(['eve', 'eve']);
    // The other side re-keyed to this session's key: frames decode again.
    samples.set('eve', { frames: 14, samples: 0, packets: 200 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('eve')).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * DECODE_POLL_MS);
    expect(reads).toHaveLength(3);
  });

  it('an audio-only participant recovers on half a second of decoded audio, not on what a jitter buffer still held', async () => {
    const { store, samples, fail } = setup();
    samples.set('bob', { frames: 0, samples: 48_000, packets: 50 });
    fail('bob');
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    samples.set('bob', { frames: 0, samples: 48_000 + 4_800, packets: 100 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('bob')).toBe(true);
    samples.set('bob', { frames: 0, samples: 48_000 + 4_800 + 40_000, packets: 150 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('bob')).toBe(false);
  });

  it('after a key change here, a participant still on the old key stays marked and is reported again', async () => {
    const { store, monitor, samples, failures, fail } = setup();
    samples.set('eve', { frames: 5, samples: 0, packets: 10 });
    fail('eve');
    monitor.keyChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.decryptionFailed('eve')).toBe(true);
    expect(failures).toEqual(['eve']);
    // A video that decrypts again waits for its next key frame: a few reads of packets alone say nothing yet.
    for (let read = 1; read < STALLED_READS; read++) {
      samples.set('eve', { frames: 5, samples: 0, packets: 10 + 50 * read });
      await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    }
    expect(failures).toEqual(['eve']);
    samples.set('eve', { frames: 5, samples: 0, packets: 60 * STALLED_READS });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(failures).toEqual(['eve', 'eve']);
    // Reported once per key: later reads with the same key say nothing new.
    samples.set('eve', { frames: 5, samples: 0, packets: 90 * STALLED_READS });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(failures).toEqual(['eve', 'eve']);
    // After the next key change, livekit-client's error is no evidence (its worker reports frames that were in flight
    // when the key changed): the reads are, as before.
    monitor.keyChanged('eve');
    fail('eve');
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual(['eve', 'eve']);
    for (let read = 1; read <= STALLED_READS; read++) {
      samples.set('eve', { frames: 5, samples: 0, packets: 100 * STALLED_READS + 50 * read });
      await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    }
    expect(failures).toEqual(['eve', 'eve', 'eve']);
  });

  it('a late error after a key change or a recovery (frames that were in flight) is not reported while frames decode', async () => {
    const { store, monitor, samples, failures, fail } = setup();
    samples.set('eve', { frames: 5, samples: 0, packets: 10 });
    fail('eve');
    expect(failures).toEqual(['eve']);
    // This session takes the other side's new key; the worker still reports a frame it failed before the change.
    monitor.keyChanged();
    fail('eve');
    samples.set('eve', { frames: 9, samples: 0, packets: 60 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('eve')).toBe(false);
    // Recovered, then another late error (another track's frame from before the change): marked on its word, ended
    // by the frames that keep decoding, never reported.
    fail('eve');
    expect(store.decryptionFailed('eve')).toBe(true);
    for (let read = 1; read <= 2; read++) {
      samples.set('eve', { frames: 9 + 4 * read, samples: 0, packets: 60 + 50 * read });
      await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    }
    expect(store.decryptionFailed('eve')).toBe(false);
    expect(failures).toEqual(['eve']);
    // A real failure after the recovery (the other side re-keyed again): the media confirms it, and it is reported.
    fail('eve');
    for (let read = 0; read <= STALLED_READS; read++) {
      samples.set('eve', { frames: 17, samples: 0, packets: 200 + 50 * read });
      await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    }
    expect(store.decryptionFailed('eve')).toBe(true);
    expect(failures).toEqual(['eve', 'eve']);
  });

  it('a participant marked again after it recovered, with nothing to read, is reported on the error', async () => {
    const { store, samples, failures, fail } = setup();
    samples.set('bob', { frames: 0, samples: 0, packets: 10 });
    fail('bob');
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    samples.set('bob', { frames: 0, samples: 30_000, packets: 60 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('bob')).toBe(false);
    samples.set('bob', undefined); // unsubscribed: no receiver to read
    fail('bob');
    expect(failures).toEqual(['bob']);
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(failures).toEqual(['bob', 'bob']);
    expect(store.decryptionFailed('bob')).toBe(true);
  });

  it('after a key change that matches the other side, the mark ends on the first frames decoded', async () => {
    const { store, monitor, samples, failures, fail } = setup();
    samples.set('eve', { frames: 5, samples: 0, packets: 10 });
    fail('eve');
    monitor.keyChanged();
    await vi.advanceTimersByTimeAsync(0);
    samples.set('eve', { frames: 9, samples: 0, packets: 60 });
    await vi.advanceTimersByTimeAsync(DECODE_POLL_MS);
    expect(store.decryptionFailed('eve')).toBe(false);
    expect(failures).toEqual(['eve']);
  });

  it('a key change for one participant rechecks that one only; where no receiver can be read, it drops the mark', async () => {
    const { store, monitor, samples, fail } = setup();
    samples.set('eve', { frames: 5, samples: 0, packets: 10 });
    fail('eve');
    fail('bob');
    monitor.keyChanged('bob');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.decryptionFailed('bob')).toBe(false);
    expect(store.decryptionFailed('eve')).toBe(true);
  });

  it('a participant that publishes again or leaves starts clean; nothing is read once the monitor stops', async () => {
    const { room, store, monitor, reads, failures, fail } = setup();
    fail('eve');
    fail('bob');
    room.unpublishTrack('eve', 'camera').publishTrack('eve', 'camera');
    expect(store.decryptionFailed('eve')).toBe(false);
    room.removeParticipant('bob');
    expect(store.decryptionFailed('bob')).toBe(false);
    fail('eve');
    expect(failures).toEqual(['eve', 'bob', 'eve']); // a first failure again: reported at once
    monitor.stop();
    await vi.advanceTimersByTimeAsync(3 * DECODE_POLL_MS);
    expect(reads).toEqual([]);
  });
});
