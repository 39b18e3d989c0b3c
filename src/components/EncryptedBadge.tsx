import { LockIcon } from './icons.js';

/** @internal A conference header's lock while its session is end-to-end encrypted; `label` is `labels.encrypted`. */
export function EncryptedBadge({ label }: { label: string }) {
  return (
    <span className="rk-badge rk-encrypted-badge" data-encrypted="">
      <LockIcon />
      {label}
    </span>
  );
}
