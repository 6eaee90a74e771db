import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BadResponseError } from '../../errors';
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
import { sameSampling, withoutGuidance, type SamplingPerQuality } from '../sampling';
import { checkpointGuard } from './a1111-checkpoints';
import { probeA1111 } from './a1111-probe';
import { interruptIfOurs } from './a1111-cancel';
import { followTaskProgress } from './a1111-progress';
import { upscalerGuard, upscaleWithUpscaler } from './a1111-upscale';
import { previewDelivery } from './a1111-preview';

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

const txt2imgSchema = z.object({ images: z.array(z.string()).min(1) });

export function createA1111Backend(config: A1111Config): ImageBackend {
  const base = trimSlash(config.url);
  // Stops the cancel watchers of jobs still waiting in A1111's queue when we shut down.
  const closing = new AbortController();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.auth) {
    headers.authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`;
  }
  const sampling =
    config.sampling ??
    sameSampling({ cfg: config.cfgScale ?? 5, sampler: config.samplerName ?? 'Euler a' });
  const { checkpoint } = config;
  const ensureCheckpoint = checkpoint ? checkpointGuard(base, headers, checkpoint) : undefined;
  const { upscaler } = config;
  const ensureUpscaler = upscaler ? upscalerGuard(base, headers, upscaler) : undefined;

  /** Enlarges the source with the upscaler: no sampling, so prompt, seed and quality do nothing. */
  async function upscaleOnly(request: ResolvedRequest, signal: AbortSignal) {
    const init = request.init as NonNullable<ResolvedRequest['init']>;
    await ensureUpscaler?.(signal);
    const image = await upscaleWithUpscaler({
      base,
      headers,
      upscaler: upscaler ?? '',
      png: init.png,
      factor: request.width / init.width,
      signal,
    });
    const ignored: EngineOptionName[] = ['seed', 'quality'];
    if (request.negativePrompt) ignored.unshift('negative_prompt');
    return { image, ignored };
  }

  return {
    name: 'a1111',
    model: checkpoint ?? 'a1111',
    isPreview: false,
    defaults: config.defaults ?? { width: 1024, height: 1024 },
    qualitySteps: config.qualitySteps ?? SAMPLER_QUALITY_STEPS,
    capabilities: A1111_CAPABILITIES,
    probe: (options) => probeA1111(base, headers, checkpoint, options),
    async run(request: ResolvedRequest, { signal, onProgress, onPreview }): Promise<BackendResult> {
      const started = performance.now();
      const done = new AbortController();
      // Our own task id, so a cancel can tell our job from anyone else's on a shared server.
      const taskId = `nocturne-${randomUUID()}`;
      const onAbort = () => {
        void interruptIfOurs({
          base,
          headers,
          taskId,
          intervalMs: config.progressIntervalMs ?? 500,
          stop: closing.signal,
        });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      onProgress(0, 'remote');
      const polling = followTaskProgress({
        base,
        headers,
        taskId,
        intervalMs: config.progressIntervalMs ?? 500,
        done: done.signal,
        report: (f) => onProgress(f * 0.95, 'remote'),
        ...(onPreview ? { preview: previewDelivery(request, done.signal, onPreview) } : {}),
      });
      const settings = sampling[request.quality];
      try {
        if (request.init && request.width !== request.init.width && upscaler) {
          const { image, ignored } = await upscaleOnly(request, signal);
          return {
            image: { kind: 'encoded', data: image },
            timings: { remote: performance.now() - started },
            ignoredOptions: ignored,
          };
        }
        await ensureCheckpoint?.(signal);
        const route = request.init ? 'img2img' : 'txt2img';
        const response = await backendFetch('AUTOMATIC1111', `${base}/sdapi/v1/${route}`, {
          method: 'POST',
          headers,
          signal,
          body: JSON.stringify({
            prompt: request.prompt,
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
          }),
        });
        const parsed = txt2imgSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
        if (!parsed.success)
          throw new BadResponseError(`AUTOMATIC1111 ${route} answer has no images array.`);
        const image = decodeBase64Image('AUTOMATIC1111', parsed.data.images[0]);
        // Without guidance (cfg ≤ 1) the negative prompt has no effect.
        const ignoredOptions: EngineOptionName[] =
          request.negativePrompt && withoutGuidance(settings) ? ['negative_prompt'] : [];
        return {
          image: { kind: 'encoded', data: image },
          timings: { remote: performance.now() - started },
          ignoredOptions,
        };
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        throw error;
      } finally {
        signal.removeEventListener('abort', onAbort);
        done.abort();
        await polling;
      }
    },
    async close() {
      closing.abort();
    },
  };
}
