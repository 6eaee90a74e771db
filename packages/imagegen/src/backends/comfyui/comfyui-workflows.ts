import type { ResolvedRequest } from '../../types';
import imageToImageWorkflow from './image-to-image-workflow.json';
import upscaleLatentWorkflow from './upscale-latent-workflow.json';
import upscaleModelWorkflow from './upscale-model-workflow.json';
import { loadWorkflowTemplate, type Workflow } from './workflow-template';

/** Operator workflows per kind of request; each absent one is a bundled graph. */
export interface ComfyWorkflowPaths {
  imageToImage?: string;
  upscale?: string;
}

export type ComfyRequestKind = 'textToImage' | 'imageToImage' | 'upscale';

/** An upscale asks for an output larger than its source; same size is image-to-image. */
export function requestKind(request: ResolvedRequest): ComfyRequestKind {
  if (!request.init) return 'textToImage';
  return request.width === request.init.width ? 'imageToImage' : 'upscale';
}

/**
 * The template for an image-to-image or upscale request. The bundled graphs use ComfyUI's core
 * nodes (comfy/nodes.py, comfy_extras/nodes_upscale_model.py): LoadImage → VAEEncode → KSampler
 * with `denoise`; an upscale either enlarges the latent (LatentUpscaleBy `scale_by`) before that
 * KSampler, or, with an upscale model, runs UpscaleModelLoader → ImageUpscaleWithModel →
 * ImageScale to exactly the output size before encoding, the KSampler then re-rendering at the
 * request's low strength. Either way the image is exactly factor × the source.
 */
export async function templateFor(
  kind: Exclude<ComfyRequestKind, 'textToImage'>,
  paths: ComfyWorkflowPaths,
  upscaleModel: string | undefined,
): Promise<Workflow> {
  const own = kind === 'imageToImage' ? paths.imageToImage : paths.upscale;
  if (own) return loadWorkflowTemplate(own);
  const bundled =
    kind === 'imageToImage'
      ? imageToImageWorkflow
      : upscaleModel
        ? upscaleModelWorkflow
        : upscaleLatentWorkflow;
  return structuredClone(bundled) as Workflow;
}

/** The placeholders an image-to-image or upscale template fills besides the text-to-image ones. */
export function initValues(
  request: ResolvedRequest,
  uploaded: string,
  upscaleModel: string | undefined,
): Record<string, string | number> {
  const init = request.init;
  return {
    $init_image: uploaded,
    $denoise: init?.strength ?? 1,
    $scale: init ? request.width / init.width : 1,
    ...(upscaleModel ? { $upscale_model: upscaleModel } : {}),
  };
}
