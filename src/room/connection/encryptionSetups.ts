import type { Room } from 'livekit-client';
import type { RoomKitError } from '../RoomKitError.js';

/* The interface lives with the session that takes it (`RoomProvider e2ee`); `createEncryption` (src/e2ee) makes it. */
/** End-to-end encryption for `<RoomProvider e2ee>`, made by {@link createEncryption}. */
export interface RoomEncryption {
  /**
   * Re-keys with a new passphrase: the live session keeps going (no reconnect), and media encrypted with the old
   * one stops decrypting. Rejects with `bad-request` for an encryption made with your own key provider (re-key it).
   */
  setPassphrase(passphrase: string): Promise<void>;
}

/**
 * @internal What a session needs of a `createEncryption()` object. Kept apart from `e2ee.ts` so that a session
 * (RoomProvider) reaches encryption only through an object the app made: apps that never call `createEncryption`
 * bundle none of it.
 */
export interface EncryptionSetup {
  /** livekit-client Room options (`encryption` and its older name `e2ee`); starts the worker on first call. */
  roomOptions(): object;
  /**
   * Before each connect: sets the key and turns encryption on, or rejects with `encryption-unsupported`. Until the
   * room disconnects it reports worker failures, and undecryptable participants to the app only (`onlyApp`).
   */
  ready(room: Room, ownRoom: boolean, report: (error: RoomKitError, onlyApp?: boolean) => void): Promise<void>;
}

/**
 * @internal The setup behind each object `createEncryption()` returned. Any other `e2ee` value (a plain
 * `{ passphrase }` from JavaScript, say) has none: the session then refuses to join rather than join unencrypted.
 */
export const encryptionSetups = new WeakMap<object, EncryptionSetup>();
