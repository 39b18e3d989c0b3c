import { getEncryptionStore } from './encryptionStore.js';
import { useRoomStore } from '../room/RoomContext.js';
import type { RoomHookOptions } from '../room/useRoom.js';
import { useStoreValue } from '../room/useStoreValue.js';

/**
 * Whether media is end-to-end encrypted: without `identity`, this session's (its encryption is on, see
 * `RoomProvider`'s `e2ee`); with one, that participant's (every track it publishes is encrypted; the local
 * participant follows the session). Re-renders only when the answer changes.
 *
 * @example
 * ```tsx
 * const encrypted = useIsEncrypted();
 * return encrypted ? <span>End-to-end encrypted</span> : null;
 * ```
 */
export function useIsEncrypted(identity?: string, options: RoomHookOptions = {}): boolean {
  const store = useRoomStore('useIsEncrypted', options.room);
  const encryption = getEncryptionStore(store.room);
  return useStoreValue(encryption.subscribe, () => (identity === undefined ? encryption.roomEncrypted() : encryption.isEncrypted(identity)));
}
