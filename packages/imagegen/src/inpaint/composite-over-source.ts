import { BadResponseError } from '../errors';
import { decodeRgb } from '../png/decode-rgb';
import type { BackendImage, InpaintMask, ResolvedRequest } from '../types';
import { compositeInpaint } from './composite-inpaint';

type MaskedInit = NonNullable<ResolvedRequest['init']> & { inpaintMask: InpaintMask };

/**
 * A backend's inpainting result laid over its source through the mask, whatever the backend
 * returned: scaled to the source's size if it is not, then the source kept outside the mask. So
 * every engine keeps the unmasked pixels, a remote server's included.
 */
export async function compositeOverSource(
  result: BackendImage,
  init: MaskedInit,
): Promise<BackendImage> {
  const size = { width: init.width, height: init.height };
  const source = await decodeRgb(init.png, size);
  let engine: Awaited<ReturnType<typeof decodeRgb>>;
  try {
    engine = await decodeRgb(result.kind === 'rgb' ? result : result.data, size);
  } catch (error) {
    throw new BadResponseError(
      `Backend returned an image that could not be decoded: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const data = compositeInpaint(source.data, engine.data, init.inpaintMask);
  return { kind: 'rgb', data, ...size };
}
