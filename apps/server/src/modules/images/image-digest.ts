import { createHash } from 'node:crypto';

/** The content digest a generation keeps of its image (hex SHA-256). */
export function imageDigest(png: Buffer): string {
  return createHash('sha256').update(png).digest('hex');
}
