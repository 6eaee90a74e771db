import { z } from 'zod';
import { found, runProbe, type EngineProbe, type ProbeOptions } from '../../engine-probe';
import { probeJson } from '../probe-request';

// GET /object_info/CheckpointLoaderSimple: ckpt_name is [[names…], {tooltip}] or, in newer
// ComfyUI, ["COMBO", {options: [names…]}]. A server without the node answers {}.
const objectInfoSchema = z.object({
  CheckpointLoaderSimple: z.object({
    input: z.object({ required: z.object({ ckpt_name: z.array(z.unknown()).min(1) }) }),
  }),
});
const namesSchema = z.array(z.string());
// GET /system_stats: { system: {…}, devices: [{ name, type, vram_total, … }] }.
const systemStatsSchema = z.object({ devices: z.array(z.unknown()) });

/** The choices of a combo input, in either of ComfyUI's two shapes. */
export function comboChoices(config: unknown[]): unknown {
  if (config[0] === 'COMBO') return (config[1] as { options?: unknown } | undefined)?.options;
  return config[0];
}

/** The checkpoint names CheckpointLoaderSimple offers, from an /object_info/{node} answer. */
export function checkpointChoices(answer: unknown): string[] | undefined {
  const info = objectInfoSchema.safeParse(answer);
  if (!info.success) return undefined;
  const names = namesSchema.safeParse(
    comboChoices(info.data.CheckpointLoaderSimple.input.required.ckpt_name),
  );
  return names.success ? names.data : undefined;
}

// GET /object_info/LoraLoader: lora_name lists the files of models/loras, in either combo shape.
const loraInfoSchema = z.object({
  LoraLoader: z.object({
    input: z.object({ required: z.object({ lora_name: z.array(z.unknown()).min(1) }) }),
  }),
});

/**
 * The catalog's LoRA files ComfyUI does not list under LoraLoader's `lora_name`: a request with
 * one fails at /prompt, so the model is reported `failing` naming them, and stays offered without
 * them (GET /models leaves them out). A ComfyUI listing none of them lacks them all.
 */
async function missingLoras(
  get: (path: string, optional?: boolean) => Promise<unknown>,
  loras: readonly string[],
): Promise<EngineProbe | undefined> {
  if (loras.length === 0) return undefined;
  const info = loraInfoSchema.safeParse(await get('/object_info/LoraLoader', true));
  const listed = info.success
    ? namesSchema.safeParse(comboChoices(info.data.LoraLoader.input.required.lora_name)).data
    : undefined;
  // An older ComfyUI without /object_info/{node} lists the folder at /models/loras.
  const names = listed ?? namesSchema.safeParse(await get('/models/loras', true)).data ?? [];
  const missing = loras.filter((file) => !names.includes(file));
  if (missing.length === 0) return undefined;
  const offered = names.length > 0 ? names.join(', ') : 'none';
  return {
    state: 'failing',
    cause: `LoRA ${missing.join(', ')} not in /object_info/LoraLoader (it has: ${offered})`,
    unavailableLoras: missing,
  };
}

/**
 * Whether ComfyUI at `base` can render with `checkpoint`: it answers `GET /system_stats`, and
 * `GET /object_info/CheckpointLoaderSimple` lists the checkpoint (an older ComfyUI without that
 * route: `GET /models/checkpoints`). Without a checkpoint to check (an operator's workflow that
 * loads its own some other way) the answer alone is enough. Then the catalog's `loras` files
 * are looked for (missingLoras).
 */
export function probeComfyUi(
  base: string,
  checkpoint: string | undefined,
  options?: ProbeOptions,
  loras: readonly string[] = [],
): Promise<EngineProbe> {
  return runProbe(
    base,
    async (deadline) => {
      const get = (path: string, optional = false) =>
        probeJson('ComfyUI', base, path, { signal: deadline, optional });
      if (!systemStatsSchema.safeParse(await get('/system_stats')).success)
        found('misconfigured', `GET /system_stats is not ComfyUI's: is ${base} ComfyUI?`);
      if (checkpoint) await checkCheckpoint(get, checkpoint);
      return missingLoras(get, loras);
    },
    options,
  );
}

/** Ends the probe `misconfigured` unless ComfyUI lists `checkpoint`. */
async function checkCheckpoint(
  get: (path: string, optional?: boolean) => Promise<unknown>,
  checkpoint: string,
): Promise<void> {
  const listed = checkpointChoices(await get('/object_info/CheckpointLoaderSimple', true));
  const names = listed ?? namesSchema.safeParse(await get('/models/checkpoints')).data;
  if (!names)
    found('misconfigured', 'ComfyUI lists no checkpoints (no CheckpointLoaderSimple node)');
  if (!names.includes(checkpoint)) {
    const offered = names.length > 0 ? names.join(', ') : 'none';
    found('misconfigured', `checkpoint ${checkpoint} not in /object_info (it has: ${offered})`);
  }
}
