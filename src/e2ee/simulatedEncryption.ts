import { RoomEvent, type Room } from 'livekit-client';
import { monitorDecryption, type DecryptionMonitor } from './decryptionMonitor.js';
import { getEncryptionStore } from './encryptionStore.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { showEncryptionOnTiles } from './encryptionOnTiles.js';

// Encryption in use: every tile shows its lock, and says when it cannot decrypt.
showEncryptionOnTiles();

/** Per simulated room: whose frames this session cannot decrypt, and the monitor that reads the simulated receivers. */
const rooms = new WeakMap<Room, { failing: Set<string>; monitor: DecryptionMonitor }>();

/**
 * As an encrypted RoomProvider session does: the encryption store listens from the start, so failures are recorded
 * before any tile asks. The simulated receivers decode every participant's frames but those of the failing ones,
 * whose packets still arrive, so the store's checks read them as a real session reads its receivers.
 */
export function holdEncryptionStore(room: Room): { failing: Set<string>; monitor: DecryptionMonitor } {
  const held = rooms.get(room);
  if (held) return held;
  getEncryptionStore(room).subscribe(() => undefined);
  const failing = new Set<string>();
  let decoded = 0;
  const monitor = monitorDecryption(room, () => undefined, async (participant) => {
    decoded += 1;
    return failing.has(participant.identity) ? { frames: 0, samples: 0, packets: decoded } : { frames: decoded, samples: 0, packets: decoded };
  });
  const state = { failing, monitor };
  rooms.set(room, state);
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
  const { failing, monitor } = holdEncryptionStore(room);
  failing.delete(identity);
  // Two reads: the first may be the baseline of a mark made since the last one.
  await monitor.poll();
  await monitor.poll();
}
