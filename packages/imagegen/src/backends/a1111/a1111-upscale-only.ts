import type { EngineOptionName, ResolvedRequest } from '../../types';
import { upscaleWithUpscaler } from './a1111-upscale';

/** What upscaling takes from the configured server (A1111Server in a1111-backend.ts). */
export interface UpscalingServer {
  base: string;
  headers: Record<string, string>;
  /** Checks the configured upscaler exists. */
  ensureUpscaler?: (signal: AbortSignal) => Promise<void>;
  config: { upscaler?: string };
}

/** Enlarges the source with the upscaler: no sampling, so prompt, seed and quality do nothing. */
export async function upscaleOnly(
  server: UpscalingServer,
  request: ResolvedRequest,
  signal: AbortSignal,
) {
  const init = request.init as NonNullable<ResolvedRequest['init']>;
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
