import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** One configured API key: the application it belongs to and the complete `<KEY_ID>.<SECRET>` key. */
export interface ApiKeyEntry {
  application: string;
  key: string;
}

/** Raised for a malformed `ROOM_API_KEYS` value or key list; the message names the bad entry. */
export class ApiKeyConfigError extends Error {
  override readonly name = 'ApiKeyConfigError';
}

const APPLICATION = /^[A-Za-z0-9_-]{1,64}$/;
const KEY_ID = /^lk_[A-Za-z0-9_-]{1,64}$/;
const SECRET = /^[A-Za-z0-9_~+/=-]{1,256}$/;
const KEY_SHAPE = 'expected <application>=lk_<id>.<secret>';

/** Shows an entry in an error message with its secret masked. */
function describe(entry: string, index: number): string {
  const dot = entry.indexOf('.');
  const masked = dot === -1 ? entry : `${entry.slice(0, dot)}.***`;
  return `entry ${index + 1} (${JSON.stringify(masked)})`;
}

function splitKey(key: string): { keyId: string; secret: string } | undefined {
  const dot = key.indexOf('.');
  if (dot === -1) return undefined;
  const keyId = key.slice(0, dot);
  const secret = key.slice(dot + 1);
  return KEY_ID.test(keyId) && SECRET.test(secret) ? { keyId, secret } : undefined;
}

/**
 * Parses `ROOM_API_KEYS`: comma-separated `<application>=<KEY_ID>.<SECRET>` entries, e.g.
 * `app1=lk_dev1.secret1,app2=lk_dev2.secret2`. An application may hold several keys.
 *
 * @throws {ApiKeyConfigError} naming the first malformed entry (its secret masked) or a repeated key id.
 */
export function parseApiKeys(value: string): ApiKeyEntry[] {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length > 0 && entries.every((entry) => entry === '')) return [];
  return entries.map((entry, index) => {
    const equals = entry.indexOf('=');
    const application = entry.slice(0, equals);
    const key = entry.slice(equals + 1);
    if (equals === -1 || !APPLICATION.test(application) || !splitKey(key)) {
      throw new ApiKeyConfigError(`ROOM_API_KEYS ${describe(entry, index)} is malformed: ${KEY_SHAPE}.`);
    }
    return { application, key };
  });
}

/** A fresh key for `application`: `lk_` and 12 random characters, a dot, 43 random characters. */
export function generateApiKey(): string {
  return `lk_${randomBytes(9).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
}

interface StoredKey {
  application: string;
  salt: Buffer;
  hash: Buffer;
}

const HASH_LENGTH = 32;
/** scrypt's cost parameter N. 2^14 costs about 60 ms a check on a small machine. */
export const DEFAULT_HASH_COST = 16384;

function hashSecret(secret: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, HASH_LENGTH, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 + 1024 * 1024 }, (error, hash) =>
      error ? reject(error) : resolve(hash),
    );
  });
}

/** The result of reading an `Authorization` header. */
export type Credentials =
  | { ok: true; keyId: string; secret: string }
  | { ok: false; reason: 'missing' | 'malformed' };

/** Reads `Authorization: Bearer <KEY_ID>.<SECRET>` without checking the secret. */
export function readCredentials(header: string | undefined): Credentials {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  const parts = match?.[1] === undefined ? undefined : splitKey(match[1]);
  return parts ? { ok: true, ...parts } : { ok: false, reason: 'malformed' };
}

/** API keys held as scrypt hashes, each with its own salt. Secrets are never kept in clear. */
export class ApiKeyStore {
  private constructor(
    private readonly keys: ReadonlyMap<string, StoredKey>,
    private readonly cost: number,
  ) {}

  /**
   * Hashes `entries` into a store.
   *
   * @throws {ApiKeyConfigError} for a malformed entry or a key id given twice.
   */
  static async create(entries: readonly ApiKeyEntry[], cost = DEFAULT_HASH_COST): Promise<ApiKeyStore> {
    const keys = new Map<string, StoredKey>();
    for (const [index, entry] of entries.entries()) {
      const parts = splitKey(entry.key);
      if (!APPLICATION.test(entry.application) || !parts) {
        throw new ApiKeyConfigError(`API key ${describe(`${entry.application}=${entry.key}`, index)} is malformed: ${KEY_SHAPE}.`);
      }
      if (keys.has(parts.keyId)) {
        throw new ApiKeyConfigError(`API key ${describe(`${entry.application}=${entry.key}`, index)} repeats the key id ${parts.keyId}.`);
      }
      const salt = randomBytes(16);
      keys.set(parts.keyId, { application: entry.application, salt, hash: await hashSecret(parts.secret, salt, cost) });
    }
    return new ApiKeyStore(keys, cost);
  }

  /** True when `keyId` is a configured key id (key ids are public identifiers). */
  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** The application owning the key, or `undefined` when the key id is unknown or the secret is wrong. */
  async authenticate(keyId: string, secret: string): Promise<string | undefined> {
    const stored = this.keys.get(keyId);
    if (!stored) return undefined;
    const hash = await hashSecret(secret, stored.salt, this.cost);
    return timingSafeEqual(hash, stored.hash) ? stored.application : undefined;
  }
}
