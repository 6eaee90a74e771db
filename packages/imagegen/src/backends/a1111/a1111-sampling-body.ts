import type { ResolvedRequest } from '../../types';
import type { SamplingSettings } from '../sampling';
import { promptWithLoras } from './a1111-loras';

/**
 * The body of txt2img, one image, returned not saved; img2img adds the source's fields, and
 * inpainting its mask's.
 */
export function samplingBody(
  request: ResolvedRequest,
  settings: SamplingSettings,
  checkpoint: string | undefined,
  taskId: string,
  mask: string | undefined,
) {
  return {
    prompt: promptWithLoras(request.prompt, request.loras),
    negative_prompt: request.negativePrompt,
    seed: request.seed,
    width: request.width,
    height: request.height,
    steps: request.steps,
    cfg_scale: settings.cfg,
    sampler_name: settings.sampler,
    ...(settings.scheduler ? { scheduler: settings.scheduler } : {}),
    ...(checkpoint
      ? {
          override_settings: { sd_model_checkpoint: checkpoint },
          override_settings_restore_afterwards: true,
        }
      : {}),
    batch_size: 1,
    n_iter: 1,
    send_images: true,
    save_images: false,
    force_task_id: taskId,
    ...(request.init ? imageToImageFields(request.init) : {}),
    ...(mask ? inpaintFields(mask) : {}),
  };
}

/**
 * The fields `/sdapi/v1/img2img` adds to txt2img's (modules/api/models.py
 * StableDiffusionImg2ImgProcessingAPI): the source as base64 in `init_images`, its
 * `denoising_strength`, and `resize_mode` 0 ("just resize"), which stretches the source to the
 * request's width and height: the same size for a variation, factor × for an upscale.
 */
function imageToImageFields(init: NonNullable<ResolvedRequest['init']>) {
  return {
    init_images: [init.png.toString('base64')],
    denoising_strength: init.strength,
    resize_mode: 0,
  };
}

/**
 * What img2img adds for inpainting (StableDiffusionImg2ImgProcessingAPI): the mask as a base64
 * greyscale PNG at the source's size (white repaints), a small `mask_blur`, `inpainting_fill` 1
 * (start the masked region from the original, so `denoising_strength` says how much changes),
 * and `inpaint_full_res` off (the whole picture is sampled at its size, not a crop around the
 * mask), the mask not inverted.
 */
function inpaintFields(maskBase64: string) {
  return {
    mask: maskBase64,
    mask_blur: 4,
    inpainting_fill: 1,
    inpaint_full_res: false,
    inpainting_mask_invert: 0,
  };
}
