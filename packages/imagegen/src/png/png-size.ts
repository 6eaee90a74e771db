import { InvalidRequestError } from '../errors';
import { isPng } from './png-chunks';

/**
 * Width and height from a PNG's header chunk (IHDR, always first), without decoding pixels.
 * Anything that is not a PNG with a well-formed header is refused as an invalid request.
 */
export function readPngSize(png: Buffer): { width: number; height: number } {
  // Signature (8) + IHDR length (4) + type (4) + width (4) + height (4).
  if (!Buffer.isBuffer(png) || png.length < 24 || !isPng(png)) {
    throw new InvalidRequestError('init.png is not a PNG image.');
  }
  if (png.readUInt32BE(8) !== 13 || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new InvalidRequestError('init.png has no PNG header chunk (IHDR) where one must be.');
  }
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width === 0 || height === 0) {
    throw new InvalidRequestError(`init.png declares an empty ${width}×${height} image.`);
  }
  return { width, height };
}
