import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BadResponseError } from '../../errors';
import { SAMPLER_QUALITY_STEPS } from '../../quality-steps';
import type {
  BackendResult,
  EngineOptionName,
  EngineQuality,
  ImageBackend,
  ResolvedRequest,
} from '../../types';
import { TEXT_TO_IMAGE_ONLY } from '../../types';
import { abortError } from '../../util/abort';
import { backendFetch, decodeBase64Image, readJson, trimSlash } from '../http';
import { sameSampling, withoutGuidance, type SamplingPerQuality } from '../sampling';
import { checkpointGuard } from './a1111-checkpoints';
import { interruptIfOurs } from './a1111-cancel';
import { followTaskProgress } from './a1111-progress';

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

  return {
    name: 'a1111',
    model: checkpoint ?? 'a1111',
    isPreview: false,
    defaults: config.defaults ?? { width: 1024, height: 1024 },
    qualitySteps: config.qualitySteps ?? SAMPLER_QUALITY_STEPS,
    capabilities: TEXT_TO_IMAGE_ONLY,
    async run(request: ResolvedRequest, { signal, onProgress }): Promise<BackendResult> {
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
      });
      const settings = sampling[request.quality];
      try {
        await ensureCheckpoint?.(signal);
        const response = await backendFetch('AUTOMATIC1111', `${base}/sdapi/v1/txt2img`, {
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
          }),
        });
        const parsed = txt2imgSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
        if (!parsed.success)
          throw new BadResponseError('AUTOMATIC1111 txt2img answer has no images array.');
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
