import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';

/** The side of the square images the real preview model renders in tests (its own is 512). */
export const SMALL_IMAGE_SIDE = 256;

/**
 * `engine` rendering every text-to-image request at SMALL_IMAGE_SIDE² (an explicit size wins over
 * the aspect ratio's): a quarter of the preview model's pixels, for speed. An image-to-image
 * request (`init`: a variation, an upscale, an inpaint) keeps the size its source gives it.
 */
export function smallImages(engine: ImageGenerator): ImageGenerator {
  return {
    generate: (request, options) =>
      engine.generate(
        request.init ? request : { ...request, width: SMALL_IMAGE_SIDE, height: SMALL_IMAGE_SIDE },
        options,
      ),
    describe: () => engine.describe(),
    warmup: () => engine.warmup(),
    probe: engine.probe ? (options) => engine.probe!(options) : undefined,
    close: () => engine.close(),
  };
}
