import type { ResolvedRequest } from '../../types';
import imageToImageWorkflow from './image-to-image-workflow.json';
import inpaintNoiseMaskWorkflow from './inpaint-noise-mask-workflow.json';
import inpaintWorkflow from './inpaint-workflow.json';
import upscaleLatentWorkflow from './upscale-latent-workflow.json';
import upscaleModelWorkflow from './upscale-model-workflow.json';
import { loadWorkflowTemplate, type Workflow } from './workflow-template';

/** Operator workflows per kind of request; each absent one is a bundled graph. */
export interface ComfyWorkflowPaths {
  imageToImage?: string;
  upscale?: string;
  inpaint?: string;
}

export type ComfyRequestKind = 'textToImage' | 'imageToImage' | 'upscale' | 'inpaint';

/**
 * A source with a mask is inpainting; an upscale asks for an output larger than its source; same
 * size is image-to-image.
 */
export function requestKind(request: ResolvedRequest): ComfyRequestKind {
  if (!request.init) return 'textToImage';
  if (request.init.mask) return 'inpaint';
  return request.width === request.init.width ? 'imageToImage' : 'upscale';
}

/**
 * The bundled inpainting graph for a strength: at full strength VAEEncodeForInpaint, which
 * blanks the masked pixels before encoding (the masked region starts from nothing); below it
 * SetLatentNoiseMask over VAEEncode, which samples only the masked latent from the noised source.
 */
function bundledInpaint(strength: number): object {
  return strength >= 1 ? inpaintWorkflow : inpaintNoiseMaskWorkflow;
}

/**
 * The template for an image-to-image, upscale or inpainting request. The bundled graphs use
 * ComfyUI's core nodes (comfy/nodes.py, comfy_extras/nodes_upscale_model.py): LoadImage →
 * VAEEncode → KSampler with `denoise`; inpainting adds LoadImageMask (the uploaded mask's red
 * channel: white repaints) into VAEEncodeForInpaint or SetLatentNoiseMask (`bundledInpaint`);
 * an upscale either enlarges the latent (LatentUpscaleBy `scale_by`) before that KSampler, or,
 * with an upscale model, runs UpscaleModelLoader → ImageUpscaleWithModel → ImageScale to exactly
 * the output size before encoding, the KSampler then re-rendering at the request's low strength.
 * Either way the image is exactly factor × the source.
 */
export async function templateFor(
  kind: Exclude<ComfyRequestKind, 'textToImage'>,
  paths: ComfyWorkflowPaths,
  options: { upscaleModel: string | undefined; strength: number },
): Promise<Workflow> {
  const own = paths[kind];
  if (own) return loadWorkflowTemplate(own);
  const bundled =
    kind === 'inpaint'
      ? bundledInpaint(options.strength)
      : kind === 'imageToImage'
        ? imageToImageWorkflow
        : options.upscaleModel
          ? upscaleModelWorkflow
          : upscaleLatentWorkflow;
  return structuredClone(bundled) as Workflow;
}

/**
 * The placeholders an image-to-image, upscale or inpainting template fills besides the
 * text-to-image ones.
 */
export function initValues(
  request: ResolvedRequest,
  uploaded: { image: string; mask?: string | undefined },
  upscaleModel: string | undefined,
): Record<string, string | number> {
  const init = request.init;
  return {
    $init_image: uploaded.image,
    ...(uploaded.mask ? { $mask_image: uploaded.mask } : {}),
    $denoise: init?.strength ?? 1,
    $scale: init ? request.width / init.width : 1,
    ...(upscaleModel ? { $upscale_model: upscaleModel } : {}),
  };
}
