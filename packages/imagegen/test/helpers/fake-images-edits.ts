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
}

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
 * under `image`, is refused with the API's invalid_value error. Answers b64_json at `size`.
 */
export async function answerEdit(
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  calls: EditCall[],
): Promise<void> {
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
  const size = String(form.get('size') ?? '1024x1024');
  calls.push({ model, prompt: String(form.get('prompt')), size, imageField, image });
  const [w, h] = size.split('x').map(Number);
  const png = await samplePng(w ?? 1024, h ?? 1024);
  sendJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
}
