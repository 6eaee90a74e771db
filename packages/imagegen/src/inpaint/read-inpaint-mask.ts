import { InpaintMaskInvalidError } from '../errors';
import { decodePng, type RgbaImage } from '../png/decode-png';
import type { InpaintMask } from '../types';
import { featherMask } from './feather-mask';
import { scaleMask } from './scale-mask';

/** Half of full white: at or above it a mask pixel is repainted. */
const WHITE = 128;

/**
 * The mask as one byte a pixel at width×height: scaled to the image with a smooth filter,
 * thresholded (white where repainted) and feathered at its edge for blending. A transparent
 * pixel counts as black, so a fully transparent mask repaints nothing. Throws
 * `InpaintMaskInvalidError` when the PNG cannot be decoded or nothing in it is white.
 */
export function readInpaintMask(png: Buffer, width: number, height: number): InpaintMask {
  const coverage = whiteness(decodeMask(png));
  if (!coverage.data.some((value) => value >= WHITE)) {
    throw new InpaintMaskInvalidError('empty', 'The mask has no white pixel: nothing to repaint.');
  }
  const scaled = scaleMask(coverage, width, height);
  return featherMask(threshold(scaled), featherRadius(width, height));
}

function decodeMask(png: Buffer): RgbaImage {
  try {
    return decodePng(png);
  } catch (error) {
    throw new InpaintMaskInvalidError(
      'undecodable',
      `The mask is not a readable PNG image: ${(error as Error).message}`,
    );
  }
}

/** Each pixel's luminance (Rec. 601 weights) over black, so transparency darkens it. */
function whiteness(image: RgbaImage): InpaintMask {
  const { data, width, height } = image;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const r = data[i * 4] as number;
    const g = data[i * 4 + 1] as number;
    const b = data[i * 4 + 2] as number;
    const alpha = data[i * 4 + 3] as number;
    out[i] = Math.round(((0.299 * r + 0.587 * g + 0.114 * b) * alpha) / 255);
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
