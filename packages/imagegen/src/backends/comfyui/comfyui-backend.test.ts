import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createImageGenerator } from '../../create-image-generator';
import {
  startFakeComfy,
  type ComfyMode,
  type FakeComfyOptions,
} from '../../../test/helpers/fake-comfyui';
import { closedPortUrl } from '../../../test/helpers/http-server';
import { makeTempDir } from '../../../test/helpers/temp-dir';

type Mode = ComfyMode;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function fakeComfy(mode: Mode, options?: FakeComfyOptions) {
  const comfy = await startFakeComfy(mode, options);
  cleanups.push(() => comfy.close());
  return comfy;
}

const make = (url: string, timeoutMs = 5_000, workflowPath?: string) =>
  createImageGenerator({
    backend: 'comfyui',
    modelsDir: '/nonexistent',
    timeoutMs,
    comfyui: { url, checkpoint: 'sd_turbo.safetensors', workflowPath },
  });

describe('comfyui backend', () => {
  it('fills the workflow template, follows websocket progress and fetches the image from history/view', async () => {
    const comfy = await fakeComfy('ok');
    const g = await make(comfy.url);
    const fractions: number[] = [];
    const out = await g.generate(
      {
        prompt: 'a lighthouse',
        negativePrompt: 'text',
        seed: 77,
        width: 768,
        height: 512,
        steps: 2,
      },
      { onProgress: (p) => fractions.push(p.fraction) },
    );
    const workflow = comfy.workflows[0];
    expect(workflow?.['3']?.inputs).toMatchObject({ seed: 77, steps: 2 });
    expect(workflow?.['5']?.inputs).toMatchObject({ width: 768, height: 512 });
    expect(workflow?.['6']?.inputs.text).toBe('a lighthouse');
    expect(workflow?.['7']?.inputs.text).toBe('text');
    expect(workflow?.['4']?.inputs.ckpt_name).toBe('sd_turbo.safetensors');
    expect(out).toMatchObject({ backend: 'comfyui', width: 96, height: 64, seed: 77 });
    expect(fractions).toContain(0.5 * 0.9 * 0.95);
  });

  it('accepts an operator workflow template', async () => {
    const comfy = await fakeComfy('ok');
    const dir = await makeTempDir();
    const path = join(dir, 'flow.json');
    await writeFile(
      path,
      JSON.stringify({
        '1': { class_type: 'Custom', inputs: { text: 'style: $prompt', seed: '$seed' } },
      }),
    );
    await (await make(comfy.url, 5_000, path)).generate({ prompt: 'owl', seed: 3 });
    expect(comfy.workflows[0]).toEqual({
      '1': { class_type: 'Custom', inputs: { text: 'style: owl', seed: 3 } },
    });
  });

  it('maps execution errors, 5xx, malformed answers, missing images and unreachable servers to typed errors', async () => {
    const cases: Array<[Mode, string, RegExp]> = [
      ['execution_error', 'bad_response', /CUDA out of memory/],
      ['server_error', 'bad_response', /500/],
      ['bad_prompt_answer', 'bad_response', /not JSON/],
      ['no_image', 'bad_response', /no output image/],
    ];
    for (const [mode, kind, message] of cases) {
      const comfy = await fakeComfy(mode);
      await expect((await make(comfy.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
        kind,
        message: expect.stringMatching(message),
      });
    }
    await expect(
      (await make(await closedPortUrl())).generate({ prompt: 'x' }),
    ).rejects.toMatchObject({ kind: 'backend_unreachable' });
  });

  it('times out and cancels promptly, interrupting only our running prompt', async () => {
    const comfy = await fakeComfy('never');
    const started = Date.now();
    await expect((await make(comfy.url, 300)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      (await make(comfy.url)).generate({ prompt: 'x' }, { signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    const ours = [...comfy.prompts.keys()];
    expect(ours).toHaveLength(2);
    // The interrupts go out beside the rejections: waited for, not for a fixed time.
    await vi.waitFor(
      () => expect(comfy.interrupts).toEqual(ours.map((id) => ({ prompt_id: id }))),
      { timeout: 5_000 },
    );
  });
});
