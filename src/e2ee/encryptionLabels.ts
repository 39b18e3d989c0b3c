/**
 * End-to-end encryption's strings (the locks, media that cannot be decrypted). Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface EncryptionLabels {
  /** The lock on a tile and in the conference's header while media is end-to-end encrypted. */
  encrypted: string;
  /** A tile whose media this session cannot decrypt (a different passphrase): shown instead of a black video. */
  cannotDecrypt: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends EncryptionLabels {}
}

/** English defaults of {@link EncryptionLabels}. */
export const defaultEncryptionLabels: EncryptionLabels = {
  encrypted: 'End-to-end encrypted',
  cannotDecrypt: 'Can’t decrypt: a different passphrase?',
};
