import { readFile } from 'node:fs/promises';
import type { ResolvedRequest } from '../../types';
import type { SamplingSettings } from '../sampling';
import defaultWorkflow from './default-workflow.json';

export type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

/**
 * A ComfyUI API-format workflow ("Save (API Format)") where string values `$prompt`,
 * `$negative_prompt`, `$seed`, `$width`, `$height`, `$steps`, `$checkpoint`, `$cfg`, `$sampler`
 * and `$scheduler` are placeholders. A value that is exactly a placeholder takes the typed value;
 * placeholders inside longer strings are interpolated as text. A workflow without `$checkpoint`
 * keeps the checkpoint written in it (likewise for every other placeholder). Image-to-image and
 * upscale workflows also take `$init_image` (the uploaded source's name), `$denoise` (the
 * strength), `$scale` (the upscale factor) and `$upscale_model` (see comfyui-workflows.ts).
 */
export async function loadWorkflowTemplate(path?: string): Promise<Workflow> {
  if (!path) return structuredClone(defaultWorkflow) as Workflow;
  return JSON.parse(await readFile(path, 'utf8')) as Workflow;
}

export function fillWorkflow(
  template: Workflow,
  request: ResolvedRequest,
  model: { checkpoint: string; sampling: SamplingSettings },
  extra: Record<string, string | number> = {},
): Workflow {
  const values: Record<string, string | number> = {
    ...extra,
    $prompt: request.prompt,
    $negative_prompt: request.negativePrompt,
    $seed: request.seed,
    $width: request.width,
    $height: request.height,
    $steps: request.steps,
    $checkpoint: model.checkpoint,
    $cfg: model.sampling.cfg,
    $sampler: model.sampling.sampler,
    // ComfyUI needs a scheduler; `normal` is its default.
    $scheduler: model.sampling.scheduler ?? 'normal',
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value in values) return values[value];
      return value.replace(/\$[a-z_]+/g, (name) => (name in values ? String(values[name]) : name));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    }
    return value;
  };
  return fill(template) as Workflow;
}

/** The placeholders a workflow uses anywhere (whole values or inside longer strings). */
export function workflowPlaceholders(template: Workflow): Set<string> {
  return new Set(JSON.stringify(template).match(/\$[a-z_]+/g) ?? []);
}

/** The name of the checkpoint a workflow loads itself (a `ckpt_name` written in it), if any. */
export function ownCheckpoint(template: Workflow): string | undefined {
  for (const node of Object.values(template)) {
    const name = node.inputs.ckpt_name;
    if (typeof name === 'string' && !name.startsWith('$')) return name;
  }
  return undefined;
}

/** True when every `cfg` the filled workflow's samplers use is 1 or below (no guidance). */
export function samplesWithoutGuidance(filled: Workflow): boolean {
  const cfgs = Object.values(filled)
    .map((node) => node.inputs.cfg)
    .filter((cfg): cfg is number => typeof cfg === 'number');
  return cfgs.length > 0 && cfgs.every((cfg) => cfg <= 1);
}
