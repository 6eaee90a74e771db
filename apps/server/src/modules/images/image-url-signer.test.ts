import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createImageUrlSigner, IMAGE_URL_BUCKET_MS, IMAGE_URL_TTL_MS } from './image-url-signer';

const SECRET = 'test-image-url-secret-0123456789abcdef';
const NOW = Date.UTC(2026, 10, 23, 7, 20);

function parts(url: string) {
  const link = new URL(url, 'http://x');
  return {
    path: link.pathname,
    expires: link.searchParams.get('expires')!,
    signature: link.searchParams.get('signature')!,
  };
}

describe('image URL signer', () => {
  it('signs path and expiry with HMAC-SHA256, the expiry rounded up to the hour past a day', () => {
    const signer = createImageUrlSigner(SECRET, 'https://cdn.example');
    const url = signer.sign('/images/a.png', NOW);
    expect(url.startsWith('https://cdn.example/images/a.png?expires=')).toBe(true);
    const { expires, signature } = parts(url);
    const expiresMs = Number(expires) * 1000;
    expect(expiresMs).toBeGreaterThanOrEqual(NOW + IMAGE_URL_TTL_MS);
    expect(expiresMs - (NOW + IMAGE_URL_TTL_MS)).toBeLessThan(IMAGE_URL_BUCKET_MS);
    expect(expiresMs % IMAGE_URL_BUCKET_MS).toBe(0);
    expect(signature).toBe(
      createHmac('sha256', SECRET).update(`/images/a.png\n${expires}`).digest('base64url'),
    );
  });

  it('gives one image one link within the hour, and each image its own', () => {
    const signer = createImageUrlSigner(SECRET);
    const first = signer.sign('/images/a.png', NOW);
    expect(signer.sign('/images/a.png', NOW + 60_000)).toBe(first);
    expect(signer.sign('/images/b.png', NOW)).not.toBe(first);
    expect(parts(signer.sign('/images/b.png', NOW)).path).toBe('/images/b.png');
  });

  it('signs anew when the hour turns, and every link it gave verifies until it expires', () => {
    const signer = createImageUrlSigner(SECRET);
    const now = NOW;
    const later = now + 2 * IMAGE_URL_BUCKET_MS;
    const first = parts(signer.sign('/images/a.png', now));
    const second = parts(signer.sign('/images/a.png', later));
    expect(second.expires).not.toBe(first.expires);
    // Going back an hour is not served a remembered link of the later hour.
    expect(parts(signer.sign('/images/a.png', now))).toEqual(first);
    for (const link of [first, second]) {
      expect(signer.verify(link.path, link.expires, link.signature, later)).toBe(true);
    }
    const pastFirst = Number(first.expires) * 1000;
    expect(signer.verify(first.path, first.expires, first.signature, pastFirst)).toBe(false);
  });

  it('refuses a link for another path, another expiry or another secret', () => {
    const signer = createImageUrlSigner(SECRET);
    const link = parts(signer.sign('/images/a.png', NOW));
    expect(signer.verify('/images/b.png', link.expires, link.signature, NOW)).toBe(false);
    const otherExpiry = String(Number(link.expires) + 3600);
    expect(signer.verify(link.path, otherExpiry, link.signature, NOW)).toBe(false);
    const other = createImageUrlSigner(`${SECRET}-other`);
    expect(other.verify(link.path, link.expires, link.signature, NOW)).toBe(false);
    expect(signer.verify(link.path, '12abc', link.signature, NOW)).toBe(false);
  });
});
