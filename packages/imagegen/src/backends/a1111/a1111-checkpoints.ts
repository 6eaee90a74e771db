import { z } from 'zod';
import { BackendConfigError, BadResponseError } from '../../errors';
import { backendFetch, readJson } from '../http';

// GET /sdapi/v1/sd-models: [{title: "name.safetensors [hash]", model_name, hash, sha256, filename}].
export const sdModelsSchema = z.array(
  z
    .object({
      title: z.string(),
      model_name: z.string(),
      hash: z.string().nullish(),
      sha256: z.string().nullish(),
      filename: z.string(),
    })
    .loose(),
);
export type A1111Checkpoint = z.infer<typeof sdModelsSchema>[number];

/** How long a checkpoint found on the server is trusted before it is looked up again. */
export const CHECKPOINT_CHECK_TTL_MS = 30_000;

/**
 * The names A1111 accepts for a checkpoint (its `checkpoint_aliases`): the title, the name
 * relative to its models folder (the title without its hash), `model_name`, the file name with
 * or without extension, and the hashes.
 */
export function matchesCheckpoint(item: A1111Checkpoint, wanted: string): boolean {
  const file = item.filename.split(/[\\/]/).pop() ?? '';
  const names = [
    item.title,
    item.title.replace(/ \[[0-9a-f]+\]$/i, ''),
    item.model_name,
    file,
    file.replace(/\.[^.]+$/, ''),
    item.hash,
    item.sha256,
  ];
  return names.includes(wanted);
}

export async function listA1111Checkpoints(
  base: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<A1111Checkpoint[]> {
  const response = await backendFetch('AUTOMATIC1111', `${base}/sdapi/v1/sd-models`, {
    headers,
    signal,
  });
  const parsed = sdModelsSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
  if (!parsed.success)
    throw new BadResponseError(`AUTOMATIC1111 at ${base}: /sdapi/v1/sd-models is not a list.`);
  return parsed.data;
}

/**
 * A1111 does not refuse an `override_settings.sd_model_checkpoint` it does not know: it drops the
 * override and renders with whatever checkpoint is loaded. So the checkpoint is looked up first
 * (again after `CHECKPOINT_CHECK_TTL_MS`), and a missing one is an error naming what it offers.
 */
export function checkpointGuard(base: string, headers: Record<string, string>, wanted: string) {
  let foundAt = -Infinity;
  return async (signal: AbortSignal): Promise<void> => {
    if (Date.now() - foundAt < CHECKPOINT_CHECK_TTL_MS) return;
    const checkpoints = await listA1111Checkpoints(base, headers, signal);
    if (!checkpoints.some((item) => matchesCheckpoint(item, wanted))) {
      const offered = checkpoints.map((item) => `"${item.title}"`).join(', ') || 'none';
      throw new BackendConfigError(
        `AUTOMATIC1111 at ${base} has no checkpoint "${wanted}" (it would render with whichever is loaded); it offers: ${offered}. Set the model's checkpoint to one of them (\`npm run models -- discover ${base}\` lists them).`,
      );
    }
    foundAt = Date.now();
  };
}
