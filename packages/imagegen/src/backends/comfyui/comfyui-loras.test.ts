import { afterEach, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../../create-image-generator';
import { startFakeComfy, type FakeComfyOptions } from '../../../test/helpers/fake-comfyui';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function comfyWith(options: FakeComfyOptions) {
  const comfy = await startFakeComfy('ok', options);
  cleanups.push(() => comfy.close());
  const engine = await createImageGenerator({
    backend: 'comfyui',
    modelsDir: '/nonexistent',
    timeoutMs: 5_000,
    comfyui: { url: comfy.url, checkpoint: 'sd_turbo.safetensors' },
  });
  return { comfy, engine };
}

const LORAS = [
  { file: 'ink_sketch.safetensors', weight: 0.7 },
  { file: 'film_grain.safetensors', weight: -0.5 },
];

describe('comfyui LoRAs', () => {
  it('chains a LoraLoader per LoRA between the checkpoint and the sampler and text encoders', async () => {
    const { comfy, engine } = await comfyWith({ loras: LORAS.map((lora) => lora.file) });
    await engine.generate({ prompt: 'a harbour, ink sketch', seed: 5, loras: LORAS });
    const workflow = comfy.workflows[0]!;
    expect(workflow.nocturne_lora_1).toEqual({
      class_type: 'LoraLoader',
      inputs: {
        model: ['4', 0],
        clip: ['4', 1],
        lora_name: 'ink_sketch.safetensors',
        strength_model: 0.7,
        strength_clip: 0.7,
      },
    });
    expect(workflow.nocturne_lora_2).toEqual({
      class_type: 'LoraLoader',
      inputs: {
        model: ['nocturne_lora_1', 0],
        clip: ['nocturne_lora_1', 1],
        lora_name: 'film_grain.safetensors',
        strength_model: -0.5,
        strength_clip: -0.5,
      },
    });
    // The sampler's model and both text encoders' clip come from the last LoRA; the VAE stays.
    expect(workflow['3']?.inputs.model).toEqual(['nocturne_lora_2', 0]);
    expect(workflow['6']?.inputs.clip).toEqual(['nocturne_lora_2', 1]);
    expect(workflow['7']?.inputs.clip).toEqual(['nocturne_lora_2', 1]);
    expect(workflow['8']?.inputs.vae).toEqual(['4', 2]);
    expect(workflow['6']?.inputs.text).toBe('a harbour, ink sketch');
  });

  it('sends the workflow unchanged without LoRAs', async () => {
    const { comfy, engine } = await comfyWith({});
    await engine.generate({ prompt: 'a harbour', seed: 5 });
    const workflow = comfy.workflows[0]!;
    expect(Object.values(workflow).map((node) => node.class_type)).not.toContain('LoraLoader');
    expect(workflow['3']?.inputs.model).toEqual(['4', 0]);
  });

  it('fails, naming the file and what ComfyUI offers, when ComfyUI lacks the LoRA', async () => {
    const { engine } = await comfyWith({ loras: ['film_grain.safetensors'] });
    await expect(
      engine.generate({ prompt: 'a harbour', loras: [LORAS[0]!] }),
    ).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringMatching(/LoraLoader.*ink_sketch\.safetensors.*film_grain/s),
    });
  });
});
