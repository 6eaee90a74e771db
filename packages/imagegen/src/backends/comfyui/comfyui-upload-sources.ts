import { greyMaskPng } from '../../inpaint/encode-mask-png';
import type { ResolvedRequest } from '../../types';
import { uploadInitImage } from './comfyui-upload';

/**
 * The source uploaded, and for inpainting the mask beside it as a greyscale PNG at the source's
 * size (LoadImageMask reads its red channel), each under its own name.
 */
export async function uploadSources(
  base: string,
  init: NonNullable<ResolvedRequest['init']>,
  signal: AbortSignal,
): Promise<{ image: string; mask?: string }> {
  const image = await uploadInitImage(base, init.png, signal);
  if (!init.inpaintMask) return { image };
  const mask = await uploadInitImage(base, await greyMaskPng(init.inpaintMask), signal);
  return { image, mask };
}
