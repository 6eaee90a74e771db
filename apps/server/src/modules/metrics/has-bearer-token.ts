import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `authorization` is `Bearer <expected>`. The digests have one length whatever was sent,
 * so the comparison takes the same time for every wrong token.
 */
export function hasBearerToken(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(authorization ?? '');
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, digest(expected)) && match !== null;
}
