import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeComfy, type FakeComfy } from '../../test/helpers/fake-comfyui';
import { sendJson, startServer } from '../../test/helpers/http-server';
import { requestBody, useRemoteGenerators } from '../../test/helpers/remote-generator';
import { samplePng } from '../../test/helpers/sample-png';
import { makeTempDir } from '../../test/helpers/temp-dir';

const { generator, track } = useRemoteGenerators();

describe('ComfyUI receives every option as workflow inputs', () => {
  async function comfy(): Promise<FakeComfy> {
    const server = await startFakeComfy('ok');
    track(() => server.close());
    return server;
  }

  it('bundled SD-Turbo workflow: 512² area, 1/2/4 steps, seed; the negative prompt goes in but cfg 1 ignores it', async () => {
    const server = await comfy();
    const g = await generator({ backend: 'comfyui', comfyui: { url: server.url } });
    const out = await g.generate({
      prompt: 'a harbour',
      negativePrompt: 'text, watermark',
      seed: 77,
      aspectRatio: '16:9',
      quality: 'best',
    });
    const workflow = server.workflows[0];
    expect(workflow?.['3']?.inputs).toMatchObject({
      seed: 77,
      steps: 4,
      cfg: 1,
      sampler_name: 'euler_ancestral',
      scheduler: 'sgm_uniform',
    });
    expect(workflow?.['5']?.inputs).toMatchObject({ width: 704, height: 384 });
    expect(workflow?.['7']?.inputs.text).toBe('text, watermark');
    expect(out).toMatchObject({
      seed: 77,
      steps: 4,
      aspectRatio: '16:9',
      quality: 'best',
      ignoredOptions: ['negative_prompt'],
    });
  });

  it('an operator workflow: 1024² area, 8/20/30 steps, and lists the placeholders it lacks', async () => {
    const server = await comfy();
    const dir = await makeTempDir();
    const withSteps = join(dir, 'with-steps.json');
    const bare = join(dir, 'bare.json');
    const latent = {
      class_type: 'EmptyLatentImage',
      inputs: { width: '$width', height: '$height' },
    };
    const text = { class_type: 'CLIPTextEncode', inputs: { text: '$prompt' } };
    await writeFile(
      withSteps,
      JSON.stringify({
        '3': { class_type: 'KSampler', inputs: { steps: '$steps', seed: '$seed' } },
        '5': latent,
        '6': text,
      }),
    );
    await writeFile(bare, JSON.stringify({ '5': latent, '6': text }));
    const full = await generator({
      backend: 'comfyui',
      comfyui: { url: server.url, workflowPath: withSteps },
    });
    const first = await full.generate({
      prompt: 'owl',
      seed: 5,
      aspectRatio: '9:16',
      quality: 'fast',
    });
    expect(server.workflows[0]?.['3']?.inputs).toEqual({ steps: 8, seed: 5 });
    expect(server.workflows[0]?.['5']?.inputs).toEqual({ width: 768, height: 1344 });
    expect(first.ignoredOptions).toEqual([]);
    const plain = await generator({
      backend: 'comfyui',
      comfyui: { url: server.url, workflowPath: bare },
    });
    const second = await plain.generate({ prompt: 'owl', negativePrompt: 'fog', seed: 5 });
    expect(second.ignoredOptions).toEqual(['negative_prompt', 'seed', 'quality']);
    const noNegative = await plain.generate({ prompt: 'owl' });
    expect(noNegative.ignoredOptions).toEqual(['seed', 'quality']);
  });
});

describe('AUTOMATIC1111 receives every option as txt2img fields', () => {
  async function a1111() {
    const server = await startServer(async (req, res, raw) => {
      if (req.url === '/sdapi/v1/txt2img') {
        const { width, height } = JSON.parse(raw) as { width: number; height: number };
        const png = await samplePng(width / 8, height / 8);
        return sendJson(res, 200, { images: [png.toString('base64')], info: '{}' });
      }
      sendJson(res, 200, { progress: 0 });
    });
    track(() => server.close());
    return server;
  }

  it('sends negative_prompt, seed, width/height (1024² area) and steps (8/20/30)', async () => {
    const server = await a1111();
    const g = await generator({ backend: 'a1111', a1111: { url: server.url } });
    const out = await g.generate({
      prompt: 'castle',
      negativePrompt: 'blurry',
      seed: 42,
      aspectRatio: '16:9',
      quality: 'fast',
    });
    expect(requestBody(server, '/sdapi/v1/txt2img')).toMatchObject({
      prompt: 'castle',
      negative_prompt: 'blurry',
      seed: 42,
      width: 1344,
      height: 768,
      steps: 8,
      cfg_scale: 5,
      force_task_id: expect.stringMatching(/^nocturne-/),
    });
    expect(out).toMatchObject({
      steps: 8,
      quality: 'fast',
      aspectRatio: '16:9',
      ignoredOptions: [],
    });
  });

  it('follows a configured area and steps (a turbo checkpoint)', async () => {
    const server = await a1111();
    const g = await generator({
      backend: 'a1111',
      a1111: {
        url: server.url,
        cfgScale: 1,
        defaults: { width: 512, height: 512 },
        qualitySteps: { fast: 1, balanced: 2, best: 4 },
      },
    });
    await g.generate({ prompt: 'castle', aspectRatio: '2:3', quality: 'best' });
    expect(requestBody(server, '/sdapi/v1/txt2img')).toMatchObject({
      width: 384,
      height: 576,
      steps: 4,
      cfg_scale: 1,
    });
  });
});
