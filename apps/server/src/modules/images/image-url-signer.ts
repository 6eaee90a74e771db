import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an image link works, and how finely its expiry is rounded (see imageUrlSigner). */
export const IMAGE_URL_TTL_MS = 24 * 60 * 60 * 1000;
export const IMAGE_URL_BUCKET_MS = 60 * 60 * 1000;

export interface ImageUrlSigner {
  /** `/images/<key>?expires=<unix s>&signature=<hmac>` for `key`, valid at least IMAGE_URL_TTL_MS. */
  sign(path: string, now?: number): string;
  /** Whether `signature` was made by `sign` for `path` and `expires` has not passed. */
  verify(path: string, expires: string, signature: string, now?: number): boolean;
}

/**
 * Images of an adult product are private: a link is an HMAC over its path and expiry, so it
 * cannot be made up for another file, stops working when it expires, and needs no session (an
 * <img> sends none; a CDN at the web app's VITE_IMAGE_BASE_URL passes the query through). The
 * expiry is rounded up to the hour so the same image keeps one URL for an hour and browsers and
 * caches can reuse it.
 */
export function createImageUrlSigner(secret: string): ImageUrlSigner {
  const mac = (path: string, expires: string) =>
    createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
  return {
    sign(path, now = Date.now()) {
      const expiresMs =
        Math.ceil((now + IMAGE_URL_TTL_MS) / IMAGE_URL_BUCKET_MS) * IMAGE_URL_BUCKET_MS;
      const expires = String(expiresMs / 1000);
      return `${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    verify(path, expires, signature, now = Date.now()) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
      const expected = Buffer.from(mac(path, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
