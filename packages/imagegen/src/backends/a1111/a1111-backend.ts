import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BadResponseError } from '../../errors';
import { greyMaskPng } from '../../inpaint/encode-mask-png';
import { SAMPLER_QUALITY_STEPS } from '../../quality-steps';
import type {
  BackendCapabilities,
  BackendResult,
  EngineOptionName,
  EngineQuality,
  ImageBackend,
  ResolvedRequest,
} from '../../types';
import { abortError } from '../../util/abort';
import { backendFetch, decodeBase64Image, readJson, trimSlash } from '../http';
import {
  sameSampling,
  withoutGuidance,
  type SamplingPerQuality,
  type SamplingSettings,
} from '../sampling';
import { checkpointGuard } from './a1111-checkpoints';
import { probeA1111 } from './a1111-probe';
import { interruptIfOurs } from './a1111-cancel';
import { followTaskProgress } from './a1111-progress';
import { upscalerGuard, upscaleWithUpscaler } from './a1111-upscale';
import { previewDelivery } from './a1111-preview';
import { promptWithLoras } from './a1111-loras';

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

const txt2imgSchema = z.object({ images: z.array(z.string()).min(1) });

type RunContext = Parameters<ImageBackend['run']>[1];
type Init = NonNullable<ResolvedRequest['init']>;

/** One configured server: where it is, how to sign in, and what each request asks of it. */
interface A1111Server {
  config: A1111Config;
  base: string;
  headers: Record<string, string>;
  sampling: SamplingPerQuality;
  /** Loads the configured checkpoint when the server has another one. */
  ensureCheckpoint?: (signal: AbortSignal) => Promise<void>;
  /** Checks the configured upscaler exists. */
  ensureUpscaler?: (signal: AbortSignal) => Promise<void>;
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

/** Enlarges the source with the upscaler: no sampling, so prompt, seed and quality do nothing. */
async function upscaleOnly(server: A1111Server, request: ResolvedRequest, signal: AbortSignal) {
  const init = request.init as Init;
  await server.ensureUpscaler?.(signal);
  const image = await upscaleWithUpscaler({
    base: server.base,
    headers: server.headers,
    upscaler: server.config.upscaler ?? '',
    png: init.png,
    factor: request.width / init.width,
    signal,
  });
  const ignored: EngineOptionName[] = ['seed', 'quality'];
  if (request.negativePrompt) ignored.unshift('negative_prompt');
  return { image, ignored };
}

/**
 * txt2img, or img2img from the request's source (inpainting within its mask), on the configured
 * checkpoint.
 */
async function sample(
  server: A1111Server,
  request: ResolvedRequest,
  signal: AbortSignal,
  taskId: string,
) {
  await server.ensureCheckpoint?.(signal);
  const settings = server.sampling[request.quality];
  const route = request.init ? 'img2img' : 'txt2img';
  const inpaintMask = request.init?.inpaintMask;
  const mask = inpaintMask && (await greyMaskPng(inpaintMask)).toString('base64');
  const body = samplingBody(request, settings, server.config.checkpoint, taskId);
  const response = await backendFetch('AUTOMATIC1111', `${server.base}/sdapi/v1/${route}`, {
    method: 'POST',
    headers: server.headers,
    signal,
    body: JSON.stringify({ ...body, ...(mask ? inpaintFields(mask) : {}) }),
  });
  const parsed = txt2imgSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
  if (!parsed.success)
    throw new BadResponseError(`AUTOMATIC1111 ${route} answer has no images array.`);
  const image = decodeBase64Image('AUTOMATIC1111', parsed.data.images[0]);
  // Without guidance (cfg ≤ 1) the negative prompt has no effect.
  const ignored: EngineOptionName[] =
    request.negativePrompt && withoutGuidance(settings) ? ['negative_prompt'] : [];
  return { image, ignored };
}

/** The body of txt2img (img2img adds the source's fields), one image, returned not saved. */
function samplingBody(
  request: ResolvedRequest,
  settings: SamplingSettings,
  checkpoint: string | undefined,
  taskId: string,
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
  };
}
