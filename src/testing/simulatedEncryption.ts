import { RoomEvent, type Room } from 'livekit-client';
import { getEncryptionStore } from '../core/encryptionStore.js';
import { RoomKitError } from '../core/RoomKitError.js';

const held = new WeakSet<Room>();

/** As an encrypted RoomProvider session does: the encryption store listens from the start, so failures are recorded before any tile asks. */
export function holdEncryptionStore(room: Room): void {
  if (held.has(room)) return;
  held.add(room);
  getEncryptionStore(room).subscribe(() => undefined);
}

/** livekit-client's `EncryptionError` for `identity`, as when that participant uses another passphrase. */
export function failDecryption(room: Room, identity: string): void {
  const participant = room.getParticipantByIdentity(identity);
  if (!participant || participant.isLocal) throw new RoomKitError('bad-request', `No remote participant "${identity}" in the test room.`);
  holdEncryptionStore(room);
  room.emit(RoomEvent.EncryptionError, new Error(`Decryption failed for ${identity}`), participant);
}
