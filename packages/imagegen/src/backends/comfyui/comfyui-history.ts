import { z } from 'zod';
import { BadResponseError } from '../../errors';
import { sleep } from '../../util/abort';
import { backendFetch, readBytes, readJson } from '../http';

const HISTORY_RETRIES = 5;
const HISTORY_RETRY_MS = 100;

const imageRefSchema = z.object({
  filename: z.string(),
  subfolder: z.string().default(''),
  type: z.string().default('output'),
});
const historySchema = z.record(
  z.string(),
  z
    .object({
      outputs: z.record(
        z.string(),
        z.object({ images: z.array(imageRefSchema).optional() }).loose(),
      ),
    })
    .loose(),
);

/** The first output image the prompt's history lists, if any yet. */
async function findImage(base: string, promptId: string, signal: AbortSignal) {
  const history = await backendFetch('ComfyUI', `${base}/history/${encodeURIComponent(promptId)}`, {
    signal,
  });
  const parsed = historySchema.safeParse(await readJson('ComfyUI', history, signal));
  const entry = parsed.success ? parsed.data[promptId] : undefined;
  return entry && Object.values(entry.outputs).flatMap((output) => output.images ?? [])[0];
}

/** The finished prompt's output image, as ComfyUI's /view serves it. */
export async function fetchOutputImage(
  base: string,
  promptId: string,
  signal: AbortSignal,
): Promise<Buffer> {
  let image = await findImage(base, promptId, signal);
  // The history may lag the completion message by a moment (see comfyui-socket).
  for (let retry = 0; !image && retry < HISTORY_RETRIES; retry++) {
    await sleep(HISTORY_RETRY_MS, signal);
    image = await findImage(base, promptId, signal);
  }
  if (!image)
    throw new BadResponseError(`ComfyUI history for prompt ${promptId} lists no output image.`);
  const query = new URLSearchParams({
    filename: image.filename,
    subfolder: image.subfolder,
    type: image.type,
  });
  const view = await backendFetch('ComfyUI', `${base}/view?${query}`, { signal });
  return readBytes('ComfyUI', view, signal);
}
