import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BadResponseError } from '../../errors';
import { backendFetch, readJson } from '../http';
import { encodeMultipart } from '../multipart';

// POST /upload/image (server.py `image_upload`): multipart `image` (the file), `type` (input),
// `overwrite`; answers {name, subfolder, type}. LoadImage then takes "subfolder/name".
const uploadedSchema = z.object({ name: z.string().min(1), subfolder: z.string().default('') });

/**
 * Puts the source image into ComfyUI's input folder under a name of our own (so two requests
 * never share a file) and returns the name LoadImage's `image` input takes.
 */
export async function uploadInitImage(
  base: string,
  png: Buffer,
  signal: AbortSignal,
): Promise<string> {
  const form = encodeMultipart({
    image: { filename: `nocturne-${randomUUID()}.png`, contentType: 'image/png', data: png },
    type: 'input',
    overwrite: 'true',
  });
  const response = await backendFetch('ComfyUI', `${base}/upload/image`, {
    method: 'POST',
    headers: { 'content-type': form.contentType },
    body: form.body,
    signal,
  });
  const parsed = uploadedSchema.safeParse(await readJson('ComfyUI', response, signal));
  if (!parsed.success) throw new BadResponseError('ComfyUI /upload/image answer has no name.');
  const { name, subfolder } = parsed.data;
  return subfolder ? `${subfolder}/${name}` : name;
}
