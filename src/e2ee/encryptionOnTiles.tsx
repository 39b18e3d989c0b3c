import type { ReactNode } from 'react';
import { EncryptedIndicator } from './EncryptedBadge.js';
import { defaultEncryptionLabels } from './encryptionLabels.js';
import { useDecryptionFailed } from './useDecryptionFailed.js';
import { useIsEncrypted } from './useIsEncrypted.js';
import { cx } from '../ui/dev.js';
import { LockIcon } from '../ui/icons.js';
import { useLabels } from '../ui/labels.js';
import { addTileFeature, type TilePartProps } from '../ui/tileFeatures.js';

/** A tile's lock while the participant's media is end-to-end encrypted. */
function TileLock({ labels: overrides, flags }: TilePartProps) {
  const labels = useLabels(overrides, defaultEncryptionLabels);
  return flags?.encrypted ? <EncryptedIndicator label={labels.encrypted} /> : null;
}

/** Media this session cannot decrypt (a different passphrase): said in words over the video, not a black box. */
function CannotDecrypt({ labels: overrides, className, video }: TilePartProps & { video: ReactNode }) {
  const labels = useLabels(overrides, defaultEncryptionLabels);
  return (
    <>
      {video}
      <div className={cx('rk-tile-placeholder', video != null && 'rk-tile-overlay', className)} data-reason="cannot-decrypt">
        <LockIcon broken />
        <span className="rk-tile-placeholder-text">{labels.cannotDecrypt}</span>
      </div>
    </>
  );
}

/**
 * @internal Puts end-to-end encryption on every participant tile: the lock (`data-encrypted`) and "Can't decrypt"
 * over media this session cannot decrypt (`data-decryption-failed`). Called where encryption is turned on
 * (`createEncryption`, the testing kit's encrypted room), so an app without it ships none of this.
 */
export function showEncryptionOnTiles(): void {
  addTileFeature({
    name: 'encryption',
    order: 20,
    useFlags: (identity) => ({ encrypted: useIsEncrypted(identity), 'decryption-failed': useDecryptionFailed(identity) }),
    Indicator: TileLock,
    cover: { flag: 'decryption-failed', Component: CannotDecrypt },
  });
}
