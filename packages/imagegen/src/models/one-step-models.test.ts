import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { useRemoteGenerators } from '../../test/helpers/remote-generator';

const { generator } = useRemoteGenerators();
const url = 'http://127.0.0.1:9';

/**
 * A model distilled for one step (SDXS) says so in its description, so the product offers no Vary
 * or Upscale through it: image-to-image from an intermediate timestep smears (decision 077).
 */
describe('one-step models', () => {
  it('the shipped catalog declares SDXS one step at every quality, SD-Turbo not', () => {
    expect(CATALOG.get('sdxs-512-dreamshaper')?.qualitySteps).toEqual({
      fast: 1,
      balanced: 1,
      best: 1,
    });
    expect(Object.values(CATALOG.get('sd-turbo')?.qualitySteps ?? {})).not.toEqual([1, 1, 1]);
  });

  it('an engine run at one step at every quality describes itself as one step', async () => {
    const oneStep = { fast: 1, balanced: 1, best: 1 };
    const sdxs = await generator({ backend: 'comfyui', comfyui: { url, qualitySteps: oneStep } });
    const turbo = await generator({ backend: 'comfyui', comfyui: { url } });
    expect(sdxs.describe().oneStep).toBe(true);
    expect(turbo.describe().oneStep).toBe(false);
  });

  it('an images API, whose steps mean nothing, is never one step', async () => {
    const openai = await generator({ backend: 'openai', openai: { url, model: 'gpt-image-1' } });
    expect(openai.describe().oneStep).toBe(false);
  });
});
