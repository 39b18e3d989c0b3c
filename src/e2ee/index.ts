/**
 * The face of `e2ee/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { EncryptedBadge, EncryptedIndicator } from './EncryptedBadge.js';
export { useDecryptionFailed } from './useDecryptionFailed.js';
export { useIsEncrypted } from './useIsEncrypted.js';
export { defaultEncryptionLabels, type EncryptionLabels } from './encryptionLabels.js';
