import { getEncryptionStore } from './encryptionStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/**
 * Whether this session cannot decrypt `identity`'s media: its frames arrive encrypted with a key this session does
 * not have (a different passphrase), so they are dropped. Holds until the key changes or the participant publishes
 * again. `ParticipantTile` shows it instead of a black video.
 */
export function useDecryptionFailed(identity: string, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useDecryptionFailed', options.room);
  const encryption = getEncryptionStore(store.room);
  return useStoreValue(encryption.subscribe, () => encryption.decryptionFailed(identity));
}
