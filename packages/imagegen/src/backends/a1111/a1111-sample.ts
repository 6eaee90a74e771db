import { z } from 'zod';
import { BadResponseError } from '../../errors';
import { greyMaskPng } from '../../inpaint/encode-mask-png';
import type { EngineOptionName, ResolvedRequest } from '../../types';
import { backendFetch, decodeBase64Image, readJson } from '../http';
import { withoutGuidance, type SamplingPerQuality } from '../sampling';
import { samplingBody } from './a1111-sampling-body';

const txt2imgSchema = z.object({ images: z.array(z.string()).min(1) });

/** What sampling takes from the configured server (A1111Server in a1111-backend.ts). */
export interface SamplingServer {
  base: string;
  headers: Record<string, string>;
  sampling: SamplingPerQuality;
  /** Loads the configured checkpoint when the server has another one. */
  ensureCheckpoint?: (signal: AbortSignal) => Promise<void>;
  config: { checkpoint?: string };
}

/**
 * txt2img, or img2img from the request's source (inpainting within its mask), on the configured
 * checkpoint.
 */
export async function sample(
  server: SamplingServer,
  request: ResolvedRequest,
  signal: AbortSignal,
  taskId: string,
) {
  await server.ensureCheckpoint?.(signal);
  const settings = server.sampling[request.quality];
  const route = request.init ? 'img2img' : 'txt2img';
  const inpaintMask = request.init?.inpaintMask;
  const mask = inpaintMask && (await greyMaskPng(inpaintMask)).toString('base64');
  const body = samplingBody(request, settings, server.config.checkpoint, taskId, mask);
  const response = await backendFetch('AUTOMATIC1111', `${server.base}/sdapi/v1/${route}`, {
    method: 'POST',
    headers: server.headers,
    signal,
    body: JSON.stringify(body),
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
