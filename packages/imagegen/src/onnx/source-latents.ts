import sharp, { type OutputInfo } from 'sharp';
import { InvalidRequestError } from '../errors';
import type { ResolvedRequest } from '../types';
import { rgbBytesToPlanar } from './image-layout';
import { enlargeLatents } from './latent-resize';

type Init = NonNullable<ResolvedRequest['init']>;
/** A planar image in [-1, 1] → latents in the UNet's scale. */
export type EncodeImage = (
  planar: Float32Array,
  width: number,
  height: number,
) => Promise<Float32Array>;

/** The source PNG's pixels as RGB bytes (alpha dropped, grey widened to three channels). */
export async function decodeSourcePng(init: Init): Promise<Uint8Array> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(init.png)
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new InvalidRequestError(`init.png could not be decoded: ${(error as Error).message}`);
  }
  const { width, height, channels } = decoded.info;
  if (width !== init.width || height !== init.height || channels !== 3) {
    throw new InvalidRequestError(
      `init.png decodes to ${width}×${height}×${channels}, not the ${init.width}×${init.height} RGB its header declares.`,
    );
  }
  return new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length);
}

/**
 * The source's latents at the output's latent size: encoded at the source's own size, then
 * enlarged for an upscale (a hires fix works on the latent, not on the pixels).
 */
export async function sourceLatents(
  request: ResolvedRequest & { init: Init },
  encode: EncodeImage,
  latentScale: number,
): Promise<Float32Array> {
  const { init } = request;
  const pixels = await decodeSourcePng(init);
  const planar = rgbBytesToPlanar(pixels, init.width, init.height, 'minus_one_to_one');
  const latents = await encode(planar, init.width, init.height);
  const factor = request.width / init.width;
  if (factor === 1) return latents;
  return enlargeLatents(latents, 4, init.height / latentScale, init.width / latentScale, factor);
}
