import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema, modelCatalogSchema } from '../../model-catalog/model-catalog-schema';
import { remoteCapabilitiesForEntry } from '../../model-catalog/remote-capabilities-for-entry';
import { startFakeComfy } from '../../../test/helpers/fake-comfyui';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { samplePng } from '../../../test/helpers/sample-png';

const { generator, track } = useRemoteGenerators();

/** A catalog ComfyUI model on a fake server, with `ipAdapter` as given (absent: none). */
async function comfyModel(ipAdapter?: Record<string, unknown>) {
  const comfy = await startFakeComfy('ok', { loras: ['ink.safetensors'] });
  track(() => comfy.close());
  const entry = catalogEntrySchema.parse({
    id: 'm',
    name: 'M',
    backend: 'comfyui',
    url: comfy.url,
    checkpoint: 'sd_turbo.safetensors',
    ...(ipAdapter ? { ipAdapter } : {}),
  });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(entry, { modelsDir: '/x' }, {});
  return { comfy, engine: await generator(config) };
}

describe('a character reference on ComfyUI (IP-Adapter)', () => {
  it('uploads the reference and applies IP-Adapter between the LoRAs and the sampler', async () => {
    const { comfy, engine } = await comfyModel({ preset: 'PLUS FACE (portraits)', weight: 0.7 });
    expect(engine.describe().capabilities?.characterReference).toBe(true);
    const reference = await samplePng(64, 64);
    await engine.generate({
      prompt: 'a sailor on a harbour',
      seed: 3,
      loras: [{ file: 'ink.safetensors', weight: 0.5 }],
      referencePng: reference,
    });
    const workflow = comfy.workflows[0]!;
    const load = workflow.nocturne_reference_image!;
    expect(load.class_type).toBe('LoadImage');
    expect(comfy.uploads.get(String(load.inputs.image))).toEqual(reference);
    expect(workflow.nocturne_ipadapter_loader).toEqual({
      class_type: 'IPAdapterUnifiedLoader',
      inputs: { model: ['nocturne_lora_1', 0], preset: 'PLUS FACE (portraits)' },
    });
    expect(workflow.nocturne_ipadapter).toEqual({
      class_type: 'IPAdapterAdvanced',
      inputs: {
        model: ['nocturne_ipadapter_loader', 0],
        ipadapter: ['nocturne_ipadapter_loader', 1],
        image: ['nocturne_reference_image', 0],
        weight: 0.7,
        weight_type: 'linear',
        combine_embeds: 'concat',
        start_at: 0,
        end_at: 1,
        embeds_scaling: 'V only',
      },
    });
    expect(workflow['3']?.inputs.model).toEqual(['nocturne_ipadapter', 0]);
    // The text encoders still read the LoRA's CLIP: the reference adds no words.
    expect(workflow['6']?.inputs).toMatchObject({ text: 'a sailor on a harbour' });
  });

  it('is ignored by a model without ipAdapter: nothing uploaded, the graph unchanged', async () => {
    const { comfy, engine } = await comfyModel();
    expect(engine.describe().capabilities?.characterReference).toBeUndefined();
    await engine.generate({ prompt: 'a harbour', seed: 3, referencePng: await samplePng() });
    expect(comfy.uploads.size).toBe(0);
    const classes = Object.values(comfy.workflows[0]!).map((node) => node.class_type);
    expect(classes).not.toContain('IPAdapterAdvanced');
    expect(classes).not.toContain('LoadImage');
  });

  it('is refused by ComfyUI when the LoadImage names a file never uploaded', async () => {
    const comfy = await startFakeComfy('ok');
    track(() => comfy.close());
    const response = await fetch(`${comfy.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: { 1: { class_type: 'LoadImage', inputs: { image: 'never-uploaded.png' } } },
      }),
    });
    expect(response.status).toBe(400);
  });

  it('is known from the catalog entry alone, as the opened backend declares it', () => {
    const entry = (fields: object) =>
      catalogEntrySchema.parse({
        id: 'm',
        name: 'M',
        backend: 'comfyui',
        url: 'http://x',
        ...fields,
      });
    expect(remoteCapabilitiesForEntry(entry({ ipAdapter: {} }))?.characterReference).toBe(true);
    expect(remoteCapabilitiesForEntry(entry({}))?.characterReference).toBeUndefined();
  });

  it('checks the catalog settings at start: defaults filled, ComfyUI only, ranges kept', () => {
    const base = { id: 'm', name: 'M', url: 'http://127.0.0.1:8188', checkpoint: 'x' };
    const parsed = catalogEntrySchema.parse({ ...base, backend: 'comfyui', ipAdapter: {} });
    expect(parsed.ipAdapter).toEqual({
      preset: 'PLUS (high strength)',
      weight: 0.8,
      weightType: 'linear',
      startAt: 0,
      endAt: 1,
    });
    const refused = (ipAdapter: unknown, backend = 'comfyui') =>
      modelCatalogSchema
        .safeParse({ models: [{ ...base, backend, ipAdapter }] })
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(refused({}, 'a1111')).toEqual([
      'models.0.ipAdapter: is only used by backend "comfyui", not "a1111"',
    ]);
    expect(refused({ weight: 9 })).toHaveLength(1);
    expect(refused({ preset: 'MEGA' })).toHaveLength(1);
    expect(refused({ startAt: 0.8, endAt: 0.2 })).toEqual([
      'models.0.ipAdapter: startAt must be before endAt',
    ]);
  });
});
