import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { EngineProbe } from '../../engine-probe';
import { SAMPLER_QUALITY_STEPS, TURBO_QUALITY_STEPS } from '../../quality-steps';
import type {
  BackendCapabilities,
  BackendResult,
  EngineQuality,
  ImageBackend,
  ResolvedRequest,
} from '../../types';
import { abortError } from '../../util/abort';
import { FAMILY_SAMPLING } from '../../model-catalog/checkpoint-family';
import { trimSlash } from '../http';
import { sameSampling, type SamplingPerQuality } from '../sampling';
import { buildWorkflow, type WorkflowServer } from './comfyui-build-workflow';
import { cancelComfyPrompt } from './comfyui-cancel';
import { fetchOutputImage } from './comfyui-history';
import { ignoredOptions } from './comfyui-ignored-options';
import type { IpAdapterSettings } from './comfyui-ip-adapter';
import { probeComfyUi } from './comfyui-probe';
import { queuePrompt } from './comfyui-queue-prompt';
import { openComfySocket } from './comfyui-socket';
import type { ComfyWorkflowPaths } from './comfyui-workflows';
import { loadWorkflowTemplate, ownCheckpoint, workflowPlaceholders } from './workflow-template';

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
  /**
   * The LoRA files its catalog entry offers (as LoraLoader's `lora_name` lists them): the probe
   * reports the ones ComfyUI does not have.
   */
  loras?: string[];
  /**
   * IP-Adapter settings (ComfyUI_IPAdapter_plus installed): a request's `referencePng` is then
   * applied before the samplers. Absent: the model follows no reference image.
   */
  ipAdapter?: IpAdapterSettings;
}

/**
 * Every ComfyUI checkpoint takes the bundled image-to-image and upscale graphs (core nodes only),
 * and ComfyUI sends preview frames while sampling (when started with `--preview-method`).
 */
export const COMFY_CAPABILITIES: BackendCapabilities = {
  imageToImage: true,
  upscaleFactors: [2, 4],
  livePreview: true,
  inpaint: true,
};

/** Its capabilities, following a character's reference where the catalog names IP-Adapter. */
export function comfyCapabilities(ipAdapter: boolean): BackendCapabilities {
  return ipAdapter ? { ...COMFY_CAPABILITIES, characterReference: true } : COMFY_CAPABILITIES;
}

type RunContext = Parameters<ImageBackend['run']>[1];

/** One configured server and the text-to-image workflow every request starts from. */
interface ComfyServer extends WorkflowServer {
  config: ComfyUiConfig;
  /** The model it names: the checkpoint it fills in, else the one the workflow loads, else its file. */
  model: string;
}

function comfyServer(config: ComfyUiConfig): ComfyServer {
  const checkpoint = config.checkpoint ?? 'sd_turbo.safetensors';
  const bundled = !config.workflowPath;
  const server: ComfyServer = {
    config,
    base: trimSlash(config.url),
    checkpoint,
    sampling:
      config.sampling ?? sameSampling(FAMILY_SAMPLING.comfyui[bundled ? 'turbo' : 'regular']),
    template: loadWorkflowTemplate(config.workflowPath),
    model: config.workflowPath ? basename(config.workflowPath) : checkpoint,
  };
  server.template.then(
    (loaded) => {
      if (workflowPlaceholders(loaded).has('$checkpoint')) server.model = checkpoint;
      else server.model = ownCheckpoint(loaded) ?? server.model;
    },
    () => undefined, // reported on first use
  );
  return server;
}

export function createComfyUiBackend(config: ComfyUiConfig): ImageBackend {
  const server = comfyServer(config);
  const bundled = !config.workflowPath;
  return {
    name: 'comfyui',
    get model() {
      return server.model;
    },
    async probe(options): Promise<EngineProbe> {
      let wanted: string | undefined;
      try {
        wanted = await checkpointInUse(server);
      } catch (error) {
        return { state: 'misconfigured', cause: (error as Error).message };
      }
      return probeComfyUi(server.base, wanted, options, config.loras);
    },
    isPreview: false,
    defaults:
      config.defaults ?? (bundled ? { width: 512, height: 512 } : { width: 1024, height: 1024 }),
    qualitySteps: config.qualitySteps ?? (bundled ? TURBO_QUALITY_STEPS : SAMPLER_QUALITY_STEPS),
    capabilities: comfyCapabilities(config.ipAdapter !== undefined),
    run: (request, context) => runComfy(server, request, context),
    async close() {},
  };
}

/** The checkpoint the workflow renders with: `$checkpoint`'s, else the one it loads itself. */
async function checkpointInUse(server: ComfyServer): Promise<string | undefined> {
  const loaded = await server.template;
  if (workflowPlaceholders(loaded).has('$checkpoint')) return server.checkpoint;
  return ownCheckpoint(loaded) || undefined;
}

/** One job: its workflow filled, queued under our own prompt id, followed on the socket. */
async function runComfy(
  server: ComfyServer,
  request: ResolvedRequest,
  { signal, onProgress, onPreview }: RunContext,
): Promise<BackendResult> {
  const started = performance.now();
  const clientId = randomUUID();
  const { loaded, workflow } = await buildWorkflow(server, request, signal, onProgress);
  const socket = await openComfySocket(server.base, clientId, signal);
  // Our own id (ComfyUI takes a client-chosen prompt_id), so a cancel can find the prompt even
  // when it is aborted before the /prompt answer arrives.
  let promptId: string = randomUUID();
  try {
    promptId = await queuePrompt(server.base, { workflow, clientId, promptId }, signal);
    await socket.waitFor(promptId, (f) => onProgress(f * 0.9, 'remote'), onPreview);
    const image = await fetchOutputImage(server.base, promptId, signal);
    return {
      image: { kind: 'encoded', data: image },
      timings: { remote: performance.now() - started },
      ignoredOptions: ignoredOptions(loaded, workflow, request),
    };
  } catch (error) {
    if (signal.aborted) {
      void cancelComfyPrompt(server.base, promptId);
      throw abortError(signal);
    }
    throw error;
  } finally {
    socket.close();
  }
}
