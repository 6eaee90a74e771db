import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** How long an image link works, and how finely its expiry is rounded (see imageUrlSigner). */
export const IMAGE_URL_TTL_MS = 24 * 60 * 60 * 1000;
export const IMAGE_URL_BUCKET_MS = 60 * 60 * 1000;

/** Links remembered per expiry bucket; past this many the memory starts over (a page is 20–100). */
const SIGNED_LINKS_KEPT = 10_000;

export interface ImageUrlSigner {
  /**
   * `<base>/images/<key>?expires=<unix s>&signature=<hmac>`, valid at least IMAGE_URL_TTL_MS; the
   * base (IMAGE_BASE_URL) is not signed, so links stay valid when the public origin changes.
   */
  sign(path: string, now?: number): string;
  /** Whether `signature` was made by `sign` for `path` and `expires` has not passed. */
  verify(path: string, expires: string, signature: string, now?: number): boolean;
}

/**
 * Images of an adult product are private: a link is an HMAC over its path and expiry, so it
 * cannot be made up for another file, stops working when it expires, and needs no session (an
 * <img> sends none; a CDN at the web app's VITE_IMAGE_BASE_URL passes the query through). The
 * expiry is rounded up to the hour so the same image keeps one URL for an hour and browsers and
 * caches can reuse it. `baseUrl` (IMAGE_BASE_URL) is put in front: the origin of a CDN or proxy
 * that forwards /images/* with its query to any API process.
 */
export function createImageUrlSigner(secret: string, baseUrl = ''): ImageUrlSigner {
  const key = createSecretKey(Buffer.from(secret));
  const mac = (path: string, expires: string) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
  // One link per image per bucket, so each is signed once: a page of favorites or history signs
  // every image on it, and a list request's CPU is otherwise spent on HMACs it already made.
  const signed = new Map<string, string>();
  let signedExpires = '';
  return {
    sign(path, now = Date.now()) {
      const expiresMs =
        Math.ceil((now + IMAGE_URL_TTL_MS) / IMAGE_URL_BUCKET_MS) * IMAGE_URL_BUCKET_MS;
      const expires = String(expiresMs / 1000);
      if (expires !== signedExpires || signed.size >= SIGNED_LINKS_KEPT) {
        signed.clear();
        signedExpires = expires;
      }
      let url = signed.get(path);
      if (url === undefined) {
        url = `${baseUrl}${path}?expires=${expires}&signature=${mac(path, expires)}`;
        signed.set(path, url);
      }
      return url;
    },
    verify(path, expires, signature, now = Date.now()) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
      const expected = Buffer.from(mac(path, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
