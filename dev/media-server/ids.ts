import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A LiveKit-style id: `PA_`, `TR_`, `RM_` or `EG_` (an egress) followed by 12 random alphanumerics. */
export function newId(prefix: 'PA' | 'TR' | 'RM' | 'EG'): string {
  const bytes = randomBytes(12);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${suffix}`;
}
