import { randomUUID } from 'node:crypto';
import { SAMPLER_QUALITY_STEPS } from '../../quality-steps';
import type {
  BackendCapabilities,
  BackendResult,
  EngineQuality,
  ImageBackend,
  ResolvedRequest,
} from '../../types';
import { abortError } from '../../util/abort';
import { trimSlash } from '../http';
import { sameSampling, type SamplingPerQuality } from '../sampling';
import { checkpointGuard } from './a1111-checkpoints';
import { probeA1111 } from './a1111-probe';
import { interruptIfOurs } from './a1111-cancel';
import { followTaskProgress } from './a1111-progress';
import { upscalerGuard } from './a1111-upscale';
import { previewDelivery } from './a1111-preview';
import { sample, type SamplingServer } from './a1111-sample';
import { upscaleOnly, type UpscalingServer } from './a1111-upscale-only';

export interface A1111Config {
  /** e.g. http://127.0.0.1:7860 (AUTOMATIC1111, Forge and SD.Next share this API). */
  url: string;
  /** Sampler for every quality when `sampling` is absent (default Euler a). */
  samplerName?: string;
  /** Guidance for every quality when `sampling` is absent (default 5; turbo checkpoints want 1). */
  cfgScale?: number;
  /** cfg_scale, sampler_name and scheduler per quality, in A1111's names ("DPM++ 2M", "Karras"). */
  sampling?: SamplingPerQuality;
  /**
   * The checkpoint each request asks for (`override_settings.sd_model_checkpoint`, restored
   * afterwards): its title, name or hash as `/sdapi/v1/sd-models` lists it. Absent: whichever
   * checkpoint the server has loaded.
   */
  checkpoint?: string;
  /** Sent as HTTP basic auth when the server runs with --api-auth. */
  auth?: { username: string; password: string };
  progressIntervalMs?: number;
  /** Size for 1:1, whose area other ratios keep (default 1024×1024; 512×512 for SD 1.5/turbo). */
  defaults?: { width: number; height: number };
  /** Steps per quality (default 8/20/30; turbo checkpoints: 1/2/4). */
  qualitySteps?: Record<EngineQuality, number>;
  /**
   * An upscaler as `/sdapi/v1/upscalers` names it ("R-ESRGAN 4x+"): upscales run through
   * `/sdapi/v1/extra-single-image`. Absent: img2img at the larger size at the request's strength.
   */
  upscaler?: string;
  /**
   * The LoRAs its catalog entry offers (files as `/sdapi/v1/loras` names them): the probe reports
   * the model misconfigured while one is missing, since A1111 renders on without it.
   */
  loras?: string[];
}

/**
 * img2img takes every checkpoint; either upscale route gives ×2 and ×4; live previews come with
 * the progress polls (a server with live_previews_enable off, or without /internal/progress,
 * sends none).
 */
export const A1111_CAPABILITIES: BackendCapabilities = {
  imageToImage: true,
  upscaleFactors: [2, 4],
  livePreview: true,
  inpaint: true,
};

type RunContext = Parameters<ImageBackend['run']>[1];

/** One configured server: where it is, how to sign in, and what each request asks of it. */
interface A1111Server extends SamplingServer, UpscalingServer {
  config: A1111Config;
  /** Stops the cancel watchers of jobs still waiting in A1111's queue when we shut down. */
  closing: AbortController;
}

function a1111Server(config: A1111Config): A1111Server {
  const base = trimSlash(config.url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.auth) {
    headers.authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`;
  }
  const sampling =
    config.sampling ??
    sameSampling({ cfg: config.cfgScale ?? 5, sampler: config.samplerName ?? 'Euler a' });
  const { checkpoint, upscaler } = config;
  return {
    config,
    base,
    headers,
    sampling,
    ensureCheckpoint: checkpoint ? checkpointGuard(base, headers, checkpoint) : undefined,
    ensureUpscaler: upscaler ? upscalerGuard(base, headers, upscaler) : undefined,
    closing: new AbortController(),
  };
}

export function createA1111Backend(config: A1111Config): ImageBackend {
  const server = a1111Server(config);
  const { base, headers } = server;
  return {
    name: 'a1111',
    model: config.checkpoint ?? 'a1111',
    isPreview: false,
    defaults: config.defaults ?? { width: 1024, height: 1024 },
    qualitySteps: config.qualitySteps ?? SAMPLER_QUALITY_STEPS,
    capabilities: A1111_CAPABILITIES,
    probe: (options) => probeA1111(base, headers, config.checkpoint, options, config.loras),
    run: (request, context) => runA1111(server, request, context),
    async close() {
      server.closing.abort();
    },
  };
}

/**
 * One job under our own task id, so a cancel can tell our job from anyone else's on a shared
 * server: its progress (and live previews) polled while it runs, an abort interrupting it.
 */
async function runA1111(
  server: A1111Server,
  request: ResolvedRequest,
  { signal, onProgress, onPreview }: RunContext,
): Promise<BackendResult> {
  const started = performance.now();
  const done = new AbortController();
  const taskId = `nocturne-${randomUUID()}`;
  const { base, headers, config } = server;
  const intervalMs = config.progressIntervalMs ?? 500;
  const onAbort = () => {
    void interruptIfOurs({ base, headers, taskId, intervalMs, stop: server.closing.signal });
  };
  signal.addEventListener('abort', onAbort, { once: true });
  onProgress(0, 'remote');
  const polling = followTaskProgress({
    base,
    headers,
    taskId,
    intervalMs,
    done: done.signal,
    report: (f) => onProgress(f * 0.95, 'remote'),
    ...(onPreview ? { preview: previewDelivery(request, done.signal, onPreview) } : {}),
  });
  try {
    const upscaling = request.init && request.width !== request.init.width && config.upscaler;
    const { image, ignored } = upscaling
      ? await upscaleOnly(server, request, signal)
      : await sample(server, request, signal, taskId);
    return {
      image: { kind: 'encoded', data: image },
      timings: { remote: performance.now() - started },
      ignoredOptions: ignored,
    };
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    done.abort();
    await polling;
  }
}
