import { z } from 'zod';
import { found } from '../../engine-probe';
import { probeJson } from '../probe-request';
import type { LoraRequest } from '../../types';

/** A1111 names a LoRA by its file name without the extension (extra networks' `name`). */
export function a1111LoraName(file: string): string {
  return file.replace(/\.(safetensors|pt|ckpt)$/i, '');
}

/**
 * The prompt A1111 is sent: the person's prompt (its trigger words already in it) followed by
 * `<lora:name:weight>` for each LoRA, the extra-networks syntax its built-in Lora extension reads
 * and removes before encoding. This syntax is the engine's, not the person's words: it is added
 * here, never to the prompt that is screened and stored.
 */
export function promptWithLoras(prompt: string, loras: readonly LoraRequest[] | undefined): string {
  if (!loras || loras.length === 0) return prompt;
  const tags = loras.map((lora) => `<lora:${a1111LoraName(lora.file)}:${lora.weight}>`);
  return `${prompt} ${tags.join(' ')}`;
}

const lorasListSchema = z.array(
  z.object({ name: z.string(), alias: z.string().nullish() }).loose(),
);

/**
 * A1111 renders on without a LoRA the prompt names but it does not have (it only logs it), so
 * the probe asks `/sdapi/v1/loras` for the catalog's LoRAs and reports the model misconfigured,
 * naming each missing one.
 */
export async function checkLorasListed(
  base: string,
  headers: Record<string, string>,
  loras: readonly string[],
  deadline: AbortSignal,
): Promise<void> {
  if (loras.length === 0) return;
  const answer = await probeJson('AUTOMATIC1111', base, '/sdapi/v1/loras', {
    headers,
    signal: deadline,
  });
  const listed = lorasListSchema.safeParse(answer);
  if (!listed.success) found('misconfigured', 'GET /sdapi/v1/loras is not a list of LoRAs');
  const names = new Set(listed.data.flatMap((item) => [item.name, item.alias ?? item.name]));
  const missing = loras.filter((file) => !names.has(a1111LoraName(file)));
  if (missing.length === 0) return;
  const offered = listed.data.map((item) => item.name).join(', ') || 'none';
  found('misconfigured', `LoRA ${missing.join(', ')} not in /sdapi/v1/loras (it has: ${offered})`);
}
