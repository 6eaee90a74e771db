import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { sendJson } from './http-server';
import { samplePng } from './sample-png';

export interface EditCall {
  model: string;
  prompt: string;
  size: string;
  /** The multipart field the source came in, and its bytes. */
  imageField: string;
  image: Buffer;
  /** The `mask` file, when one came. */
  mask?: Buffer;
}

const invalidRequest = (message: string, param: string) => ({
  error: { message, type: 'invalid_request_error', param, code: null },
});

const invalidModel = (model: string) => ({
  error: {
    message: `Invalid value: '${model}'. Value must be 'dall-e-2'.`,
    type: 'invalid_request_error',
    param: 'model',
    code: 'invalid_value',
  },
});

/**
 * POST /v1/images/edits as OpenAI answers it: multipart with the source as `image` (dall-e-2) or
 * `image[]` (gpt-image models); a model that takes no edits (dall-e-3), or a gpt-image source
 * under `image`, is refused with the API's invalid_value error. A `mask` must be a PNG with an
 * alpha channel (transparent where edited) of the image's size, else a 400. A gateway without the
 * edits route (`edits: false`) answers 404 as an unknown URL. Answers b64_json at `size`.
 */
export async function answerEdit(
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  calls: EditCall[],
  options: { edits?: boolean } = {},
): Promise<void> {
  if (options.edits === false) {
    return sendJson(res, 404, invalidRequest('Invalid URL (POST /v1/images/edits)', 'url'));
  }
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': req.headers['content-type'] ?? '' },
  }).formData();
  const model = String(form.get('model') ?? 'dall-e-2');
  const imageField = model.startsWith('gpt-image') ? 'image[]' : 'image';
  const file = form.get(imageField);
  if (!['dall-e-2', 'gpt-image-1'].includes(model) || !file || typeof file === 'string')
    return sendJson(res, 400, invalidModel(model));
  const image = Buffer.from(await file.arrayBuffer());
  await sharp(image).metadata(); // a source that is no image fails here, as the API refuses it
  const mask = await readMask(form.get('mask'), image);
  if (typeof mask === 'string') return sendJson(res, 400, invalidRequest(mask, 'mask'));
  const size = String(form.get('size') ?? '1024x1024');
  const prompt = String(form.get('prompt'));
  calls.push({ model, prompt, size, imageField, image, ...(mask ? { mask } : {}) });
  const [w, h] = size.split('x').map(Number);
  const png = await samplePng(w ?? 1024, h ?? 1024);
  sendJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
}

/** The mask's bytes, or why the API refuses it: no alpha channel, or not the image's size. */
async function readMask(
  file: ReturnType<FormData['get']>,
  image: Buffer,
): Promise<Buffer | string | undefined> {
  if (file === null) return undefined;
  if (typeof file === 'string') return 'The mask must be a file.';
  const mask = Buffer.from(await file.arrayBuffer());
  const [maskMeta, imageMeta] = await Promise.all([
    sharp(mask).metadata(),
    sharp(image).metadata(),
  ]);
  if (!maskMeta.hasAlpha) return 'Invalid mask image: it must have an alpha channel.';
  if (maskMeta.width !== imageMeta.width || maskMeta.height !== imageMeta.height) {
    return 'Invalid mask image: the image and mask must have the same dimensions.';
  }
  return mask;
}
