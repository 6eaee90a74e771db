import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@nocturne/contract/api-keys/api-key';

/** 32 random bytes: 256 bits, beyond any guessing, so a fast hash is enough at rest. */
const KEY_RANDOM_BYTES = 32;
/** What a list shows of a key: the prefix and four characters, never enough to guess it. */
const VISIBLE_CHARACTERS = API_KEY_PREFIX.length + 4;

export interface NewApiKeySecret {
  /** Shown once to its owner, never stored. */
  key: string;
  hash: string;
  prefix: string;
}

/**
 * The SHA-256 of a key, as stored and as every request's key is looked up. A plain hash, not a
 * password hash: the key is random and long, so no dictionary or brute force reaches it, and the
 * lookup runs on every request.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key (`nct_` + base64url of 32 random bytes), its hash and its visible prefix. */
export function newApiKeySecret(): NewApiKeySecret {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, VISIBLE_CHARACTERS) };
}
