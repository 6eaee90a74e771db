import { z } from 'zod';
import { BadResponseError } from '../../errors';
import type { BackendResult, ImageBackend, ResolvedRequest } from '../../types';
import { abortError } from '../../util/abort';
import { backendFetch, decodeBase64Image, readJson, trimSlash } from '../http';

export interface OpenAiConfig {
  /** API base without the /v1 suffix, e.g. https://api.openai.com or a compatible gateway. */
  url: string;
  apiKey?: string;
  model: string;
  /** gpt-image-* models always answer base64 and reject the parameter; dall-e-* need it. */
  sendResponseFormat?: boolean;
  defaults?: { width: number; height: number; steps: number };
}

const responseSchema = z.object({ data: z.array(z.object({ b64_json: z.string() })).min(1) });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

export function createOpenAiBackend(config: OpenAiConfig): ImageBackend {
  const endpoint = `${trimSlash(config.url)}/v1/images/generations`;
  return {
    name: 'openai',
    model: config.model,
    isPreview: false,
    defaults: config.defaults ?? { width: 1024, height: 1024, steps: 1 },
    async run(request: ResolvedRequest, { signal, onProgress }): Promise<BackendResult> {
      const started = performance.now();
      onProgress(0, 'remote');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      const sendFormat = config.sendResponseFormat ?? !config.model.startsWith('gpt-image');
      try {
        const response = await backendFetch('OpenAI-compatible images API', endpoint, {
          method: 'POST',
          headers,
          signal,
          body: JSON.stringify({
            model: config.model,
            // The API has no negative prompt; the caller's wording is passed through unchanged.
            prompt: request.prompt,
            n: 1,
            size: `${request.width}x${request.height}`,
            ...(sendFormat ? { response_format: 'b64_json' } : {}),
          }),
        });
        const body = await readJson('OpenAI-compatible images API', response, signal);
        const parsed = responseSchema.safeParse(body);
        if (!parsed.success) {
          const apiError = errorSchema.safeParse(body);
          throw new BadResponseError(
            apiError.success
              ? `Images API error: ${apiError.data.error.message}`
              : 'Images API answer has no data[0].b64_json; is response_format b64_json supported?',
          );
        }
        const image = decodeBase64Image(
          'OpenAI-compatible images API',
          parsed.data.data[0]?.b64_json,
        );
        return {
          image: { kind: 'encoded', data: image },
          timings: { remote: performance.now() - started },
        };
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        throw error;
      }
    },
    async close() {},
  };
}
