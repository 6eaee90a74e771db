import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import {
  fakeCheckpoint,
  startFakeA1111,
  type FakeA1111Options,
} from '../../../test/helpers/fake-a1111';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';

const { generator, track } = useRemoteGenerators();

async function a1111(options?: FakeA1111Options) {
  const server = await startFakeA1111(options);
  track(() => server.close());
  return server;
}

/** An engine opened the way the server opens a catalog model, with `env` as its environment. */
async function engineFor(entry: Record<string, unknown>, env: Record<string, string> = {}) {
  const parsed = catalogEntrySchema.parse({ id: 'm', name: 'M', backend: 'a1111', ...entry });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(parsed, { modelsDir: '/x' }, env);
  return generator({ ...config, a1111: { ...config.a1111!, progressIntervalMs: 20 } });
}

const JUGGERNAUT = fakeCheckpoint('SDXL/juggernautXL_v9.safetensors', 'c9e3e68f89');
const DREAMSHAPER = fakeCheckpoint('dreamshaper_8.safetensors', '879db523c3');
const credentials = { usernameEnv: 'A1111_USER', passwordEnv: 'A1111_PASS' };

describe('an AUTOMATIC1111 model from the catalog', () => {
  it('asks for its checkpoint per request and sends its steps, cfg, sampler, scheduler and size', async () => {
    const server = await a1111({ checkpoints: [DREAMSHAPER, JUGGERNAUT] });
    const g = await engineFor({
      url: server.url,
      checkpoint: 'SDXL/juggernautXL_v9.safetensors',
      quality: { best: { steps: 35, cfg: 4.5, sampler: 'DPM++ 2M', scheduler: 'Karras' } },
    });
    const out = await g.generate({ prompt: 'castle', negativePrompt: 'blur', quality: 'best' });
    expect(server.txt2img[0]).toMatchObject({
      steps: 35,
      cfg_scale: 4.5,
      sampler_name: 'DPM++ 2M',
      scheduler: 'Karras',
      width: 1024,
      height: 1024,
      override_settings: { sd_model_checkpoint: 'SDXL/juggernautXL_v9.safetensors' },
      override_settings_restore_afterwards: true,
    });
    expect(out).toMatchObject({ model: 'SDXL/juggernautXL_v9.safetensors', ignoredOptions: [] });
    // The checkpoint found is trusted for a while: one lookup for both images.
    await g.generate({ prompt: 'castle' });
    expect(server.renderedWith).toEqual([JUGGERNAUT.title, JUGGERNAUT.title]);
    expect(server.requests.filter((r) => r.url === '/sdapi/v1/sd-models')).toHaveLength(1);
  });

  it('refuses a checkpoint the server lacks, naming what it offers, before A1111 silently renders another', async () => {
    const server = await a1111({ checkpoints: [DREAMSHAPER, JUGGERNAUT] });
    // What the check prevents: A1111 drops an unknown override and renders with the loaded model.
    const unchecked = await generator({ backend: 'a1111', a1111: { url: server.url } });
    await unchecked.generate({ prompt: 'x' });
    expect(server.renderedWith).toEqual([DREAMSHAPER.title]);
    const g = await engineFor({ url: server.url, checkpoint: 'sd_xl_base_1.0.safetensors' });
    await expect(g.generate({ prompt: 'castle' })).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringContaining(
        'has no checkpoint "sd_xl_base_1.0.safetensors" (it would render with whichever is loaded); it offers: "dreamshaper_8.safetensors [879db523c3]", "SDXL/juggernautXL_v9.safetensors [c9e3e68f89]"',
      ),
    });
    expect(server.txt2img).toHaveLength(1);
  });

  it('accepts the names A1111 accepts: title, name, model name, hash', async () => {
    const server = await a1111({ checkpoints: [DREAMSHAPER, JUGGERNAUT] });
    for (const name of [JUGGERNAUT.title, 'SDXL_juggernautXL_v9', 'c9e3e68f89']) {
      await (await engineFor({ url: server.url, checkpoint: name })).generate({ prompt: 'x' });
    }
    expect(server.renderedWith).toEqual(Array(3).fill(JUGGERNAUT.title));
  });

  it('sends basic auth from the variables the entry names; refused credentials are a readable error', async () => {
    const server = await a1111({ auth: { username: 'ops', password: 's3cret' } });
    const entry = { url: server.url, checkpoint: 'v1-5-pruned-emaonly.safetensors', credentials };
    const ok = await engineFor(entry, { A1111_USER: 'ops', A1111_PASS: 's3cret' });
    await ok.generate({ prompt: 'castle' });
    expect(server.txt2img).toHaveLength(1);
    const wrong = await engineFor(entry, { A1111_USER: 'ops', A1111_PASS: 'nope' });
    await expect(wrong.generate({ prompt: 'castle' })).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringMatching(
        /answered 401 .*Incorrect username or password.*refused our credentials: check .* username and password/,
      ),
    });
    const none = await engineFor({ url: server.url });
    await expect(none.generate({ prompt: 'castle' })).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringContaining('Not authenticated'),
    });
    await expect(engineFor(entry, { A1111_USER: 'ops' })).rejects.toThrow(
      'Model "m": credentials.passwordEnv names the environment variable A1111_PASS, which is not set.',
    );
  });

  it('reports the negative prompt ignored for a model sampled without guidance (cfg ≤ 1)', async () => {
    const turbo = fakeCheckpoint('sd_xl_turbo_1.0_fp16.safetensors');
    const server = await a1111({ checkpoints: [turbo] });
    const g = await engineFor({ url: server.url, checkpoint: 'sd_xl_turbo_1.0_fp16.safetensors' });
    const out = await g.generate({ prompt: 'castle', negativePrompt: 'blur', quality: 'fast' });
    expect(server.txt2img[0]).toMatchObject({ steps: 1, cfg_scale: 1, width: 512, height: 512 });
    expect(out.ignoredOptions).toEqual(['negative_prompt']);
  });
});
