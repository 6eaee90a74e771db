import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { z } from 'zod';
import { BadResponseError } from '../../errors';
import type { EngineProbe } from '../../engine-probe';
import { SAMPLER_QUALITY_STEPS, TURBO_QUALITY_STEPS } from '../../quality-steps';
import type {
  BackendCapabilities,
  BackendResult,
  EngineOptionName,
  EngineQuality,
  ImageBackend,
  ResolvedRequest,
} from '../../types';
import { abortError, sleep } from '../../util/abort';
import { FAMILY_SAMPLING } from '../../model-catalog/checkpoint-family';
import { backendFetch, readBytes, readJson, trimSlash } from '../http';
import { sameSampling, type SamplingPerQuality } from '../sampling';
import { cancelComfyPrompt } from './comfyui-cancel';
import { probeComfyUi } from './comfyui-probe';
import { explainRefusal } from './comfyui-refusal';
import { openComfySocket } from './comfyui-socket';
import { uploadInitImage } from './comfyui-upload';
import { initValues, requestKind, templateFor, type ComfyWorkflowPaths } from './comfyui-workflows';
import {
  fillWorkflow,
  loadWorkflowTemplate,
  ownCheckpoint,
  samplesWithoutGuidance,
  workflowPlaceholders,
  type Workflow,
} from './workflow-template';

export interface ComfyUiConfig {
  /** e.g. http://127.0.0.1:8188 */
  url: string;
  /** API-format workflow with $placeholders; defaults to the bundled SD-Turbo-friendly one. */
  workflowPath?: string;
  /** Checkpoint file name as ComfyUI lists it (fills `$checkpoint`). */
  checkpoint?: string;
  /**
   * Size for 1:1, whose area other ratios keep. Default: 512×512 with the bundled SD-Turbo
   * workflow, 1024×1024 with an operator workflow (a GPU checkpoint).
   */
  defaults?: { width: number; height: number };
  /** Steps per quality. Default: 1/2/4 with the bundled workflow, 8/20/30 with an operator one. */
  qualitySteps?: Record<EngineQuality, number>;
  /**
   * cfg, sampler and scheduler per quality (`$cfg`, `$sampler`, `$scheduler`). Default: SD-Turbo's
   * (1, euler_ancestral, sgm_uniform) with the bundled workflow, 7, euler, normal with an operator
   * one.
   */
  sampling?: SamplingPerQuality;
  /**
   * An upscale model file as ComfyUI lists it under `upscale_models` (e.g. `4x-UltraSharp.pth`):
   * upscales then run through it; absent, through the latent (LatentUpscaleBy).
   */
  upscaleModel?: string;
  /** Operator workflows for image-to-image and upscaling (same placeholders, plus the init ones). */
  workflows?: ComfyWorkflowPaths;
}

/**
 * Every ComfyUI checkpoint takes the bundled image-to-image and upscale graphs (core nodes only),
 * and ComfyUI sends preview frames while sampling (when started with `--preview-method`).
 */
export const COMFY_CAPABILITIES: BackendCapabilities = {
  imageToImage: true,
  upscaleFactors: [2, 4],
  livePreview: true,
};

const HISTORY_RETRIES = 5;
const HISTORY_RETRY_MS = 100;

const queuedSchema = z.object({ prompt_id: z.string() });
const imageRefSchema = z.object({
  filename: z.string(),
  subfolder: z.string().default(''),
  type: z.string().default('output'),
});
const historySchema = z.record(
  z.string(),
  z
    .object({
      outputs: z.record(
        z.string(),
        z.object({ images: z.array(imageRefSchema).optional() }).loose(),
      ),
    })
    .loose(),
);

export function createComfyUiBackend(config: ComfyUiConfig): ImageBackend {
  const base = trimSlash(config.url);
  const checkpoint = config.checkpoint ?? 'sd_turbo.safetensors';
  const bundled = !config.workflowPath;
  const sampling =
    config.sampling ?? sameSampling(FAMILY_SAMPLING.comfyui[bundled ? 'turbo' : 'regular']);
  // Named by the checkpoint it fills in, else the one the workflow loads itself, else its file.
  let model = config.workflowPath ? basename(config.workflowPath) : checkpoint;
  const template = loadWorkflowTemplate(config.workflowPath);
  template.then(
    (loaded) => {
      if (workflowPlaceholders(loaded).has('$checkpoint')) model = checkpoint;
      else model = ownCheckpoint(loaded) ?? model;
    },
    () => undefined, // reported on first use
  );

  async function findImage(promptId: string, signal: AbortSignal) {
    const history = await backendFetch(
      'ComfyUI',
      `${base}/history/${encodeURIComponent(promptId)}`,
      { signal },
    );
    const parsed = historySchema.safeParse(await readJson('ComfyUI', history, signal));
    const entry = parsed.success ? parsed.data[promptId] : undefined;
    return entry && Object.values(entry.outputs).flatMap((output) => output.images ?? [])[0];
  }

  async function fetchImage(promptId: string, signal: AbortSignal): Promise<Buffer> {
    let image = await findImage(promptId, signal);
    // The history may lag the completion message by a moment (see comfyui-socket).
    for (let retry = 0; !image && retry < HISTORY_RETRIES; retry++) {
      await sleep(HISTORY_RETRY_MS, signal);
      image = await findImage(promptId, signal);
    }
    if (!image)
      throw new BadResponseError(`ComfyUI history for prompt ${promptId} lists no output image.`);
    const query = new URLSearchParams({
      filename: image.filename,
      subfolder: image.subfolder,
      type: image.type,
    });
    const view = await backendFetch('ComfyUI', `${base}/view?${query}`, { signal });
    return readBytes('ComfyUI', view, signal);
  }

  /** The checkpoint the workflow renders with: `$checkpoint`'s, else the one it loads itself. */
  async function checkpointInUse(): Promise<string | undefined> {
    const loaded = await template;
    if (workflowPlaceholders(loaded).has('$checkpoint')) return checkpoint;
    return ownCheckpoint(loaded) || undefined;
  }

  return {
    name: 'comfyui',
    get model() {
      return model;
    },
    async probe(options): Promise<EngineProbe> {
      let wanted: string | undefined;
      try {
        wanted = await checkpointInUse();
      } catch (error) {
        return { state: 'misconfigured', cause: (error as Error).message };
      }
      return probeComfyUi(base, wanted, options);
    },
    isPreview: false,
    defaults:
      config.defaults ?? (bundled ? { width: 512, height: 512 } : { width: 1024, height: 1024 }),
    qualitySteps: config.qualitySteps ?? (bundled ? TURBO_QUALITY_STEPS : SAMPLER_QUALITY_STEPS),
    capabilities: COMFY_CAPABILITIES,
    async run(request, { signal, onProgress, onPreview }): Promise<BackendResult> {
      const started = performance.now();
      const clientId = randomUUID();
      const kind = requestKind(request);
      const textToImage = await template;
      const loaded =
        kind === 'textToImage'
          ? textToImage
          : await templateFor(kind, config.workflows ?? {}, config.upscaleModel);
      onProgress(0, 'remote');
      const extra = request.init
        ? initValues(
            request,
            await uploadInitImage(base, request.init.png, signal),
            config.upscaleModel,
          )
        : {};
      // The image graphs load the checkpoint the text-to-image workflow renders with, even one
      // written in the operator's workflow instead of `$checkpoint`.
      const own =
        !workflowPlaceholders(textToImage).has('$checkpoint') && ownCheckpoint(textToImage);
      const workflow = fillWorkflow(
        loaded,
        request,
        { checkpoint: own || checkpoint, sampling: sampling[request.quality] },
        extra,
      );
      const socket = await openComfySocket(base, clientId, signal);
      // Our own id (ComfyUI takes a client-chosen prompt_id), so a cancel can find the prompt
      // even when it is aborted before the /prompt answer arrives.
      let promptId: string = randomUUID();
      try {
        const queued = await backendFetch('ComfyUI', `${base}/prompt`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          signal,
          body: JSON.stringify({ prompt: workflow, client_id: clientId, prompt_id: promptId }),
          readStatuses: [400],
        });
        const answer = await readJson('ComfyUI', queued, signal);
        if (queued.status === 400) throw explainRefusal(base, answer);
        const parsed = queuedSchema.safeParse(answer);
        if (!parsed.success) throw new BadResponseError('ComfyUI /prompt answer has no prompt_id.');
        promptId = parsed.data.prompt_id;
        await socket.waitFor(promptId, (f) => onProgress(f * 0.9, 'remote'), onPreview);
        const image = await fetchImage(promptId, signal);
        return {
          image: { kind: 'encoded', data: image },
          timings: { remote: performance.now() - started },
          ignoredOptions: ignoredBy(loaded, workflow, request),
        };
      } catch (error) {
        if (signal.aborted) {
          void cancelComfyPrompt(base, promptId);
          throw abortError(signal);
        }
        throw error;
      } finally {
        socket.close();
      }
    },
    async close() {},
  };
}

/**
 * Options whose placeholder the workflow lacks never reach the sampler; a negative prompt also
 * does nothing when the samplers run without guidance (cfg ≤ 1).
 */
function ignoredBy(template: Workflow, filled: Workflow, request: ResolvedRequest) {
  const used = workflowPlaceholders(template);
  const ignored: EngineOptionName[] = [];
  const negativeUnused = !used.has('$negative_prompt') || samplesWithoutGuidance(filled);
  if (request.negativePrompt && negativeUnused) ignored.push('negative_prompt');
  if (!used.has('$seed')) ignored.push('seed');
  // An image-to-image graph takes its size from the source; the output's ratio is checked anyway.
  const sized = request.init || (used.has('$width') && used.has('$height'));
  if (!sized) ignored.push('aspect_ratio');
  if (!used.has('$steps')) ignored.push('quality');
  return ignored;
}
