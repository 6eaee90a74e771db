import { BackendConfigError } from '../../errors';
import type { CatalogIpAdapter } from '../../model-catalog/model-catalog-schema';
import type { Workflow } from './workflow-template';

/** The settings IP-Adapter runs at (the catalog's `ipAdapter`, its defaults filled in). */
export type IpAdapterSettings = CatalogIpAdapter;

type Link = [string, number];

/** A node id not yet in the workflow, from `base`. */
function freeId(workflow: Workflow, base: string): string {
  let id = base;
  while (id in workflow) id = `${id}_`;
  return id;
}

/** The samplers: the nodes that read a MODEL and a latent (KSampler, KSamplerAdvanced). */
function samplerIds(workflow: Workflow): string[] {
  return Object.entries(workflow)
    .filter(([, node]) => 'model' in node.inputs && 'latent_image' in node.inputs)
    .map(([id]) => id);
}

/**
 * The workflow with a character's reference image applied between the model (the checkpoint,
 * after its LoRAs) and the samplers, with ComfyUI_IPAdapter_plus's nodes: `LoadImage` reads the
 * uploaded reference (`image`, the name /upload/image gave it), `IPAdapterUnifiedLoader` loads the
 * IP-Adapter for the model at the preset, and `IPAdapterAdvanced` patches the model each sampler
 * then reads. The prompt's text is untouched: the reference adds no words.
 */
export function applyIpAdapter(
  workflow: Workflow,
  image: string,
  settings: IpAdapterSettings,
): Workflow {
  const samplers = samplerIds(workflow);
  const first = samplers[0];
  const model = first === undefined ? undefined : workflow[first]?.inputs.model;
  if (!Array.isArray(model)) {
    throw new BackendConfigError(
      'A character reference needs a sampler (a node with model and latent_image) in the ComfyUI workflow to apply IP-Adapter before.',
    );
  }
  const applied: Workflow = structuredClone(workflow);
  const load = freeId(applied, 'nocturne_reference_image');
  applied[load] = { class_type: 'LoadImage', inputs: { image } };
  const loader = freeId(applied, 'nocturne_ipadapter_loader');
  applied[loader] = {
    class_type: 'IPAdapterUnifiedLoader',
    inputs: { model: model as Link, preset: settings.preset },
  };
  const adapter = freeId(applied, 'nocturne_ipadapter');
  applied[adapter] = {
    class_type: 'IPAdapterAdvanced',
    inputs: {
      model: [loader, 0],
      ipadapter: [loader, 1],
      image: [load, 0],
      weight: settings.weight,
      weight_type: settings.weightType,
      combine_embeds: 'concat',
      start_at: settings.startAt,
      end_at: settings.endAt,
      embeds_scaling: 'V only',
    },
  };
  for (const id of samplers) applied[id]!.inputs.model = [adapter, 0];
  return applied;
}
