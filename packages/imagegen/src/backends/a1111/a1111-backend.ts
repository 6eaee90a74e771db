import { z } from 'zod';
import { BadResponseError } from '../../errors';
import type { BackendResult, ImageBackend, ResolvedRequest } from '../../types';
import { abortError, sleep } from '../../util/abort';
import { backendFetch, decodeBase64Image, readJson, trimSlash } from '../http';

export interface A1111Config {
  /** e.g. http://127.0.0.1:7860 (AUTOMATIC1111, Forge and SD.Next share this API). */
  url: string;
  samplerName?: string;
  cfgScale?: number;
  /** Sent as HTTP basic auth when the server runs with --api-auth. */
  auth?: { username: string; password: string };
  progressIntervalMs?: number;
  defaults?: { width: number; height: number; steps: number };
  model?: string;
}

const txt2imgSchema = z.object({ images: z.array(z.string()).min(1) });
const progressSchema = z.object({ progress: z.number() });

export function createA1111Backend(config: A1111Config): ImageBackend {
  const base = trimSlash(config.url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.auth) {
    headers.authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`;
  }

  async function pollProgress(signal: AbortSignal, done: AbortSignal, report: (f: number) => void) {
    while (!done.aborted && !signal.aborted) {
      try {
        await sleep(config.progressIntervalMs ?? 500, done);
        const response = await backendFetch(
          'AUTOMATIC1111',
          `${base}/sdapi/v1/progress?skip_current_image=true`,
          {
            headers,
            signal: done,
          },
        );
        const parsed = progressSchema.safeParse(await response.json());
        if (parsed.success) report(Math.min(Math.max(parsed.data.progress, 0), 1));
      } catch {
        // Progress is best effort; the txt2img call decides success or failure.
      }
    }
  }

  return {
    name: 'a1111',
    model: config.model ?? 'a1111',
    isPreview: false,
    defaults: config.defaults ?? { width: 512, height: 512, steps: 4 },
    async run(request: ResolvedRequest, { signal, onProgress }): Promise<BackendResult> {
      const started = performance.now();
      const done = new AbortController();
      const onAbort = () => {
        // Tell the server to stop rendering; the fetch itself is aborted by the same signal.
        void fetch(`${base}/sdapi/v1/interrupt`, { method: 'POST', headers }).catch(
          () => undefined,
        );
      };
      signal.addEventListener('abort', onAbort, { once: true });
      onProgress(0, 'remote');
      const polling = pollProgress(signal, done.signal, (f) => onProgress(f * 0.95, 'remote'));
      try {
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
            cfg_scale: config.cfgScale ?? 1,
            sampler_name: config.samplerName ?? 'Euler a',
            batch_size: 1,
            n_iter: 1,
            send_images: true,
            save_images: false,
          }),
        });
        const parsed = txt2imgSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
        if (!parsed.success)
          throw new BadResponseError('AUTOMATIC1111 txt2img answer has no images array.');
        const image = decodeBase64Image('AUTOMATIC1111', parsed.data.images[0]);
        return {
          image: { kind: 'encoded', data: image },
          timings: { remote: performance.now() - started },
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
    async close() {},
  };
}
