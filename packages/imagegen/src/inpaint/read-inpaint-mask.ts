import sharp from 'sharp';
import { InpaintMaskInvalidError } from '../errors';
import { readPngSize } from '../png/png-size';
import type { InpaintMask } from '../types';
import { featherMask } from './feather-mask';
import { scaleMask } from './scale-mask';

/** Half of full white: at or above it a mask pixel is repainted. */
const WHITE = 128;

/**
 * The most pixels a mask's header may declare: four times those of the largest image, so a small
 * file that claims a huge picture is refused before anything is unpacked.
 */
const MAX_MASK_PIXELS = 4096 * 4096;

/**
 * The mask as one byte a pixel at width×height: scaled to the image with a smooth filter,
 * thresholded (white where repainted) and feathered at its edge for blending. A transparent
 * pixel counts as black, so a fully transparent mask repaints nothing. Rejects with
 * `InpaintMaskInvalidError` when the PNG cannot be decoded or nothing in it is white.
 */
export async function readInpaintMask(
  png: Buffer,
  width: number,
  height: number,
): Promise<InpaintMask> {
  const coverage = whiteness(await decodeOverBlack(png));
  if (!coverage.data.some((value) => value >= WHITE)) {
    throw new InpaintMaskInvalidError('empty', 'The mask has no white pixel: nothing to repaint.');
  }
  const scaled = scaleMask(coverage, width, height);
  return featherMask(threshold(scaled), featherRadius(width, height));
}

/** The mask's RGB pixels flattened over black, so transparency darkens them. */
async function decodeOverBlack(png: Buffer): Promise<InpaintMask & { channels: number }> {
  try {
    readPngSize(png); // a PNG, not any format sharp reads
    const { data, info } = await sharp(png, { limitInputPixels: MAX_MASK_PIXELS })
      .flatten({ background: '#000000' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.length);
    return { data: bytes, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new InpaintMaskInvalidError(
      'undecodable',
      `The mask is not a readable PNG image: ${(error as Error).message}`,
    );
  }
}

/** Each pixel's luminance (Rec. 601 weights). */
function whiteness(image: InpaintMask & { channels: number }): InpaintMask {
  const { data, width, height, channels } = image;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const r = data[i * channels] as number;
    const g = data[i * channels + 1] as number;
    const b = data[i * channels + 2] as number;
    out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { data: out, width, height };
}

/**
 * White or black. A region too thin to stay half-white once shrunk keeps every pixel it still
 * touches, so a mask with white never becomes one that repaints nothing.
 */
function threshold(mask: InpaintMask): InpaintMask {
  const cut = mask.data.some((value) => value >= WHITE) ? WHITE : 1;
  const data = mask.data.map((value) => (value >= cut ? 255 : 0));
  return { ...mask, data };
}

/** A soft edge that grows with the image, so it reads alike at every size; never under a pixel. */
function featherRadius(width: number, height: number): number {
  return Math.max(1, Math.round(Math.max(width, height) / 256));
}
