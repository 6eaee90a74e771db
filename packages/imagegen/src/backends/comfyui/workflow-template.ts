import { readFile } from 'node:fs/promises';
import type { ResolvedRequest } from '../../types';
import defaultWorkflow from './default-workflow.json';

export type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

/**
 * A ComfyUI API-format workflow ("Save (API Format)") where string values `$prompt`,
 * `$negative_prompt`, `$seed`, `$width`, `$height`, `$steps` and `$checkpoint` are placeholders.
 * A value that is exactly a placeholder takes the typed value; placeholders inside longer strings
 * are interpolated as text.
 */
export async function loadWorkflowTemplate(path?: string): Promise<Workflow> {
  if (!path) return structuredClone(defaultWorkflow) as Workflow;
  return JSON.parse(await readFile(path, 'utf8')) as Workflow;
}

export function fillWorkflow(
  template: Workflow,
  request: ResolvedRequest,
  checkpoint: string,
): Workflow {
  const values: Record<string, string | number> = {
    $prompt: request.prompt,
    $negative_prompt: request.negativePrompt,
    $seed: request.seed,
    $width: request.width,
    $height: request.height,
    $steps: request.steps,
    $checkpoint: checkpoint,
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
