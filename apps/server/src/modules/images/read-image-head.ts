import type { ImageStore } from './image-store';

/**
 * The first `bytes` of a stored image (all of it when it is shorter), without reading the rest:
 * a PNG's size is in its first 24 bytes, and an image in S3 can be megabytes.
 */
export async function readImageHead(
  images: Pick<ImageStore, 'open'>,
  key: string,
  bytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  // Leaving the loop early destroys the stream, which stops the read (and the S3 download).
  for await (const chunk of await images.open(key)) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}
