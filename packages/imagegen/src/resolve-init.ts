import { MAX_SIDE, SIDE_STEP } from './aspect-ratio';
import { InvalidRequestError, UnsupportedRequestError } from './errors';
import { readInpaintMask } from './inpaint/read-inpaint-mask';
import { readPngSize } from './png/png-size';
import type { GenerateRequest, ImageBackend, ResolvedRequest } from './types';

type ResolvedInit = NonNullable<ResolvedRequest['init']>;

/** What the backend declares, checked before anything is decoded or queued. */
function checkCapabilities(request: GenerateRequest, backend: ImageBackend): void {
  const { capabilities } = backend;
  if (request.init && !capabilities.imageToImage) {
    throw new UnsupportedRequestError(
      `${backend.name} model "${backend.model}" cannot start from an image (no image-to-image).`,
    );
  }
  if (request.init?.mask && !capabilities.inpaint) {
    throw new UnsupportedRequestError(
      `${backend.name} model "${backend.model}" cannot repaint a region (no inpainting).`,
    );
  }
  if (request.init?.mask && request.upscale !== undefined) {
    throw new InvalidRequestError('init.mask repaints at the source size; it takes no upscale.');
  }
  if (request.upscale !== undefined && !capabilities.upscaleFactors.includes(request.upscale)) {
    const offered = capabilities.upscaleFactors.map((f) => `×${f}`).join(', ') || 'none';
    throw new UnsupportedRequestError(
      `${backend.name} model "${backend.model}" cannot upscale ×${String(request.upscale)} (it offers: ${offered}).`,
    );
  }
}

/**
 * The source image and the output size of an image-to-image request, or undefined for
 * text-to-image. The source's sides must be multiples of 64 (a whole number of latent cells the
 * UNet can halve three times), the output is the source times `upscale`, and it must fit
 * the largest side any request may ask for.
 */
export async function resolveInit(
  request: GenerateRequest,
  backend: ImageBackend,
): Promise<{ init: ResolvedInit; width: number; height: number } | undefined> {
  if (!request.init) {
    if (request.upscale !== undefined) {
      throw new InvalidRequestError('upscale needs init: the image to enlarge.');
    }
    return undefined;
  }
  checkCapabilities(request, backend);
  const { png, strength } = request.init;
  if (typeof strength !== 'number' || !(strength > 0 && strength <= 1)) {
    throw new InvalidRequestError(
      `init.strength must be greater than 0 and at most 1, got ${String(strength)}.`,
    );
  }
  const source = readPngSize(png);
  if (source.width % SIDE_STEP !== 0 || source.height % SIDE_STEP !== 0) {
    throw new InvalidRequestError(
      `init.png must have sides that are multiples of ${SIDE_STEP}, got ${source.width}×${source.height}.`,
    );
  }
  const factor = request.upscale ?? 1;
  const width = source.width * factor;
  const height = source.height * factor;
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new InvalidRequestError(
      `The output would be ${width}×${height}; each side must be at most ${MAX_SIDE}.`,
    );
  }
  // Read here, once, so every backend repaints and composites through the same mask.
  const mask = request.init.mask;
  const masked = mask && {
    mask,
    inpaintMask: await readInpaintMask(mask, source.width, source.height),
  };
  return { init: { png, strength, ...source, ...masked }, width, height };
}
