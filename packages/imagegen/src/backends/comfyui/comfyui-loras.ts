import { BackendConfigError } from '../../errors';
import type { LoraRequest } from '../../types';
import type { Workflow } from './workflow-template';

/** Output slots of ComfyUI's CheckpointLoaderSimple and LoraLoader (comfy nodes.py). */
const MODEL_SLOT = 0;
const CLIP_SLOT = 1;

type Link = [string, number];

function isLink(value: unknown): value is Link {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'number'
  );
}

/** The node loading the checkpoint (the one with `ckpt_name`), whose MODEL and CLIP feed the rest. */
function checkpointLoaderId(workflow: Workflow): string {
  const found = Object.entries(workflow).find(([, node]) => 'ckpt_name' in node.inputs);
  if (!found) {
    throw new BackendConfigError(
      'ComfyUI LoRAs need a checkpoint loader (a node with ckpt_name) in the workflow to chain LoraLoader nodes after.',
    );
  }
  return found[0];
}

/** A node id not yet in the workflow for the `index`-th LoRA. */
function loraNodeId(workflow: Workflow, index: number): string {
  let id = `nocturne_lora_${index + 1}`;
  while (id in workflow) id = `${id}_`;
  return id;
}

/**
 * The workflow with one LoraLoader per LoRA chained between the checkpoint loader and everything
 * that read its MODEL or CLIP (the samplers, the text encoders): checkpoint → LoRA 1 → … → LoRA n
 * → consumers, each LoRA at its weight on both model and clip, as ComfyUI's own LoraLoader takes
 * it (`lora_name` as ComfyUI lists it under models/loras). Without LoRAs, the workflow as it is.
 */
export function chainLoras(
  workflow: Workflow,
  loras: readonly LoraRequest[] | undefined,
): Workflow {
  if (!loras || loras.length === 0) return workflow;
  const loader = checkpointLoaderId(workflow);
  const chained: Workflow = structuredClone(workflow);
  let model: Link = [loader, MODEL_SLOT];
  let clip: Link = [loader, CLIP_SLOT];
  const added = new Set<string>();
  loras.forEach((lora, index) => {
    const id = loraNodeId(chained, index);
    chained[id] = {
      class_type: 'LoraLoader',
      inputs: {
        model,
        clip,
        lora_name: lora.file,
        strength_model: lora.weight,
        strength_clip: lora.weight,
      },
    };
    added.add(id);
    model = [id, MODEL_SLOT];
    clip = [id, CLIP_SLOT];
  });
  for (const [id, node] of Object.entries(chained)) {
    if (added.has(id)) continue;
    for (const [name, value] of Object.entries(node.inputs)) {
      if (!isLink(value) || value[0] !== loader) continue;
      if (value[1] === MODEL_SLOT) node.inputs[name] = model;
      if (value[1] === CLIP_SLOT) node.inputs[name] = clip;
    }
  }
  return chained;
}
