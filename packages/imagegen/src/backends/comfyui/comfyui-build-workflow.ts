import type { ImageBackend, ResolvedRequest } from '../../types';
import type { SamplingPerQuality } from '../sampling';
import { applyIpAdapter, type IpAdapterSettings } from './comfyui-ip-adapter';
import { chainLoras } from './comfyui-loras';
import { uploadInitImage } from './comfyui-upload';
import { uploadSources } from './comfyui-upload-sources';
import { initValues, requestKind, templateFor, type ComfyWorkflowPaths } from './comfyui-workflows';
import {
  fillWorkflow,
  ownCheckpoint,
  workflowPlaceholders,
  type Workflow,
} from './workflow-template';

type OnProgress = Parameters<ImageBackend['run']>[1]['onProgress'];

/** What a request's graph takes from the configured server (ComfyServer in comfyui-backend.ts). */
export interface WorkflowServer {
  base: string;
  /** Fills `$checkpoint`. */
  checkpoint: string;
  sampling: SamplingPerQuality;
  /** The text-to-image workflow every request starts from. */
  template: Promise<Workflow>;
  config: { workflows?: ComfyWorkflowPaths; upscaleModel?: string; ipAdapter?: IpAdapterSettings };
}

/**
 * The graph for the request's kind, filled in: the source uploaded for image-to-image and
 * upscales, the checkpoint the text-to-image workflow renders with, even one written in the
 * operator's workflow instead of `$checkpoint`, the request's LoRAs chained after it, and a
 * character's reference image applied before the samplers.
 */
export async function buildWorkflow(
  server: WorkflowServer,
  request: ResolvedRequest,
  signal: AbortSignal,
  onProgress: OnProgress,
) {
  const { config, base } = server;
  const kind = requestKind(request);
  const textToImage = await server.template;
  const loaded =
    kind === 'textToImage'
      ? textToImage
      : await templateFor(kind, config.workflows ?? {}, {
          upscaleModel: config.upscaleModel,
          strength: request.init?.strength ?? 1,
        });
  onProgress(0, 'remote');
  const extra = request.init
    ? initValues(request, await uploadSources(base, request.init, signal), config.upscaleModel)
    : {};
  const own = !workflowPlaceholders(textToImage).has('$checkpoint') && ownCheckpoint(textToImage);
  const filled = fillWorkflow(
    loaded,
    request,
    { checkpoint: own || server.checkpoint, sampling: server.sampling[request.quality] },
    extra,
  );
  const chained = chainLoras(filled, request.loras);
  return { loaded, workflow: await withReference(server, chained, request, signal) };
}

/** The character's reference uploaded and applied through IP-Adapter, where there is one. */
async function withReference(
  server: WorkflowServer,
  workflow: Workflow,
  request: ResolvedRequest,
  signal: AbortSignal,
): Promise<Workflow> {
  const settings = server.config.ipAdapter;
  if (!request.referencePng || !settings) return workflow;
  const image = await uploadInitImage(server.base, request.referencePng, signal);
  return applyIpAdapter(workflow, image, settings);
}
