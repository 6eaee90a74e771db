import { z } from 'zod';
import { parseAspectRatio, ratioDiffers } from '../../aspect-ratio';
import { BadResponseError } from '../../errors';
import { SINGLE_STEP } from '../../quality-steps';
import {
  TEXT_TO_IMAGE_ONLY,
  type BackendCapabilities,
  type BackendResult,
  type EngineOptionName,
  type ImageBackend,
  type ResolvedRequest,
} from '../../types';
import { transparentWhereEditedPng } from '../../inpaint/encode-mask-png';
import { abortError } from '../../util/abort';
import { backendFetch, decodeBase64Image, readJson, trimSlash } from '../http';
import { encodeMultipart } from '../multipart';
import { probeOpenAi } from './openai-probe';
import {
  chooseSize,
  editImageField,
  modelFamily,
  type OpenAiQualityValues,
  type OpenAiSizes,
} from './openai-options';

export interface OpenAiConfig {
  /** API base without the /v1 suffix, e.g. https://api.openai.com or a compatible gateway. */
  url: string;
  apiKey?: string;
  model: string;
  /** gpt-image-* models always answer base64 and reject the parameter; dall-e-* need it. */
  sendResponseFormat?: boolean;
  /** Sizes ("WxH") the API accepts; default from the model (see openai-options.ts); `any`: the computed size. */
  sizes?: OpenAiSizes;
  /** Its `quality` value per engine quality; default from the model; null: none is sent. */
  qualityValues?: OpenAiQualityValues;
  /** Size for 1:1, whose area other ratios keep (default 1024×1024). */
  defaults?: { width: number; height: number };
  /**
   * The model takes `/v1/images/edits` (OpenAI's reference: dall-e-2 and the gpt-image models;
   * not dall-e-3), used as image-to-image. Default false: a model that does not is never sent one.
   */
  edits?: boolean;
}

/**
 * Image-to-image and inpainting through edits where the model takes them; never an upscale or a
 * preview.
 */
export function openAiCapabilities(edits: boolean | undefined): BackendCapabilities {
  return edits ? { ...TEXT_TO_IMAGE_ONLY, imageToImage: true, inpaint: true } : TEXT_TO_IMAGE_ONLY;
}

/**
 * The images API request: JSON to /v1/images/generations, or for image-to-image a multipart form
 * to /v1/images/edits with the source as the `image` file and the same text fields (the edits
 * API has no strength: the model decides how much of the source stays). Inpainting adds the
 * `mask` file, already in the API's convention (transparent where edited).
 */
function imagesRequest(
  base: string,
  fields: { model: string } & Record<string, string>,
  init?: { png: Buffer; mask?: Buffer | undefined },
) {
  if (!init) {
    const payload = JSON.stringify({ ...fields, n: 1 });
    return { url: `${base}/v1/images/generations`, payload, contentType: 'application/json' };
  }
  const image = { filename: 'source.png', contentType: 'image/png', data: init.png };
  const mask = init.mask && { filename: 'mask.png', contentType: 'image/png', data: init.mask };
  const form = encodeMultipart({
    [editImageField(fields.model)]: image,
    ...(mask ? { mask } : {}),
    ...fields,
    n: '1',
  });
  return { url: `${base}/v1/images/edits`, payload: form.body, contentType: form.contentType };
}

/** The source, and for inpainting its mask turned to the edits API's convention. */
async function editSources(init: ResolvedRequest['init']) {
  if (!init?.inpaintMask) return init;
  return { png: init.png, mask: await transparentWhereEditedPng(init.inpaintMask) };
}

const responseSchema = z.object({ data: z.array(z.object({ b64_json: z.string() })).min(1) });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

export function createOpenAiBackend(config: OpenAiConfig): ImageBackend {
  const base = trimSlash(config.url);
  const family = modelFamily(config.model);
  const sizes = config.sizes ?? family.sizes;
  const qualityValues = config.qualityValues === undefined ? family.quality : config.qualityValues;
  return {
    name: 'openai',
    model: config.model,
    isPreview: false,
    defaults: config.defaults ?? { width: 1024, height: 1024 },
    qualitySteps: SINGLE_STEP,
    capabilities: openAiCapabilities(config.edits),
    probe: (options) => probeOpenAi(base, config.model, config.apiKey, options),
    async run(request: ResolvedRequest, { signal, onProgress }): Promise<BackendResult> {
      const started = performance.now();
      onProgress(0, 'remote');
      const headers: Record<string, string> = {};
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      const sendFormat = config.sendResponseFormat ?? !config.model.startsWith('gpt-image');
      const ratio = parseAspectRatio(request.aspectRatio);
      const size = chooseSize(sizes, { width: request.width, height: request.height, ratio });
      // The images API has no seed and no negative prompt: say so rather than pretend.
      const ignoredOptions: EngineOptionName[] = ['seed'];
      if (request.negativePrompt) ignoredOptions.push('negative_prompt');
      if (ratioDiffers(size.width / size.height, ratio)) ignoredOptions.push('aspect_ratio');
      if (!qualityValues) ignoredOptions.push('quality');
      const { url, payload, contentType } = imagesRequest(
        base,
        {
          model: config.model,
          prompt: request.prompt,
          size: `${size.width}x${size.height}`,
          ...(qualityValues ? { quality: qualityValues[request.quality] } : {}),
          ...(sendFormat ? { response_format: 'b64_json' } : {}),
        },
        await editSources(request.init),
      );
      try {
        const response = await backendFetch('OpenAI-compatible images API', url, {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType },
          signal,
          body: payload,
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
          ignoredOptions,
        };
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        throw error;
      }
    },
    async close() {},
  };
}
