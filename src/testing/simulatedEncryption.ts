import { RoomEvent, type Room } from 'livekit-client';
import { getEncryptionStore, setDecodeProbe } from '../core/encryptionStore.js';
import { RoomKitError } from '../core/RoomKitError.js';

/** Per simulated room: whose frames this session cannot decrypt, and how many have been decoded so far. */
const rooms = new WeakMap<Room, { failing: Set<string>; decoded: number }>();

/**
 * As an encrypted RoomProvider session does: the encryption store listens from the start, so failures are recorded
 * before any tile asks. The simulated receivers decode every participant's frames but those of the failing ones,
 * whose packets still arrive, so the store's checks read them as a real session reads its receivers.
 */
export function holdEncryptionStore(room: Room): { failing: Set<string>; decoded: number } {
  const held = rooms.get(room);
  if (held) return held;
  const state = { failing: new Set<string>(), decoded: 0 };
  rooms.set(room, state);
  setDecodeProbe(room, async (participant) => {
    state.decoded += 1;
    return state.failing.has(participant.identity)
      ? { frames: 0, samples: 0, packets: state.decoded }
      : { frames: state.decoded, samples: 0, packets: state.decoded };
  });
  getEncryptionStore(room).subscribe(() => undefined);
  return state;
}

function remote(room: Room, identity: string) {
  const participant = room.getParticipantByIdentity(identity);
  if (!participant || participant.isLocal) throw new RoomKitError('bad-request', `No remote participant "${identity}" in the test room.`);
  return participant;
}

/** livekit-client's `EncryptionError` for `identity`, as when that participant uses another passphrase. */
export function failDecryption(room: Room, identity: string): void {
  const participant = remote(room, identity);
  holdEncryptionStore(room).failing.add(identity);
  room.emit(RoomEvent.EncryptionError, new Error(`Decryption failed for ${identity}`), participant);
}

/**
 * `identity`'s frames decrypt again (both sides hold the same key once more): the store's next reads of the
 * receivers see frames decoded and end the mark. Resolves once they have.
 */
export async function recoverDecryption(room: Room, identity: string): Promise<void> {
  remote(room, identity);
  holdEncryptionStore(room).failing.delete(identity);
  const store = getEncryptionStore(room);
  // Two reads: the first may be the baseline of a mark made since the last one.
  await store.poll();
  await store.poll();
}
