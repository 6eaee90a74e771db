import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../src/modules/auth/create-auth';

/**
 * scrypt as better-auth stores it (`salt:key`, NFKC-normalised) at a cost far below its N=16384,
 * r=16: the tests' app factory hashes with it, since every sign-up, sign-in and password change
 * would otherwise spend tens of milliseconds of CPU (decision 069). A wrong password is still
 * refused; only the work factor differs from production's.
 */
const COST = { N: 1024, r: 1, p: 1 };
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const cheapPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await deriveKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) throw new Error('Invalid password hash');
    const expected = Buffer.from(key, 'hex');
    const actual = await deriveKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
