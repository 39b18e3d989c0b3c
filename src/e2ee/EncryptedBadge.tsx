import { LockIcon } from '../ui/icons.js';

/** @internal A conference header's lock while its session is end-to-end encrypted; `label` is `labels.encrypted`. */
export function EncryptedBadge({ label }: { label: string }) {
  return (
    <span className="rk-badge rk-encrypted-badge" data-encrypted="">
      <LockIcon />
      {label}
    </span>
  );
}

/** @internal A tile's lock while the participant's media is end-to-end encrypted; `label` is `labels.encrypted`. */
export function EncryptedIndicator({ label }: { label: string }) {
  return (
    <span className="rk-indicator rk-encrypted" role="img" aria-label={label}>
      <LockIcon />
    </span>
  );
}
