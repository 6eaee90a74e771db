import { describe, expect, it } from 'vitest';
import { familyDefaults } from './checkpoint-family';
import { entrySampling } from './entry-sampling';
import { ignoredOptionsForEntry } from './ignored-options-for-entry';
import { catalogEntrySchema } from './model-catalog-schema';

const entry = (fields: Record<string, unknown>) =>
  catalogEntrySchema.parse({ id: 'm', name: 'M', url: 'http://gpu:8188', ...fields });

describe('familyDefaults', () => {
  it('reads the family from the checkpoint name', () => {
    const turbo = familyDefaults('comfyui', 'sd_xl_turbo_1.0_fp16.safetensors');
    expect(turbo.nativeSize).toEqual({ width: 512, height: 512 });
    expect(turbo.quality.fast).toEqual({
      steps: 1,
      cfg: 1,
      sampler: 'euler_ancestral',
      scheduler: 'sgm_uniform',
    });
    const lcm = familyDefaults('a1111', 'LCM_Dreamshaper_v7.safetensors');
    expect(lcm.quality.balanced).toMatchObject({ steps: 6, cfg: 1, sampler: 'LCM' });
    const xl = familyDefaults('a1111', 'juggernautXL_v9.safetensors');
    expect(xl.nativeSize).toEqual({ width: 1024, height: 1024 });
    expect(xl.quality.balanced).toMatchObject({ steps: 20, cfg: 7 });
    const sd15 = familyDefaults('comfyui', 'v1-5-pruned-emaonly.ckpt');
    expect(sd15).toMatchObject({ family: 'regular', nativeSize: { width: 512, height: 512 } });
  });
});

describe('entrySampling and ignoredOptionsForEntry', () => {
  it('takes what the entry gives and fills the rest from the family, one sampler per model', () => {
    const settings = entrySampling(
      entry({
        backend: 'a1111',
        checkpoint: 'dreamshaper_8.safetensors',
        quality: { balanced: { steps: 25, cfg: 6, sampler: 'DPM++ 2M', scheduler: 'Karras' } },
      }),
    );
    expect(settings.defaults).toEqual({ width: 512, height: 512 });
    expect(settings.qualitySteps).toEqual({ fast: 12, balanced: 25, best: 30 });
    expect(settings.sampling?.fast).toEqual({ cfg: 6, sampler: 'DPM++ 2M', scheduler: 'Karras' });
  });

  it('leaves an A1111 entry with neither checkpoint nor quality to the backend defaults', () => {
    expect(entrySampling(entry({ backend: 'a1111' }))).toEqual({});
    expect(ignoredOptionsForEntry(entry({ backend: 'a1111' }))).toEqual([]);
  });

  it('says a guidance-free model ignores the negative prompt, from its name or its cfg', () => {
    const named = entry({ backend: 'comfyui', checkpoint: 'sdxl_lightning_4step.safetensors' });
    expect(ignoredOptionsForEntry(named)).toEqual(['negative_prompt']);
    const regular = entry({ backend: 'comfyui', checkpoint: 'dreamshaper_8.safetensors' });
    expect(ignoredOptionsForEntry(regular)).toEqual([]);
    const cfgOne = entry({
      backend: 'a1111',
      checkpoint: 'dreamshaper_8.safetensors',
      quality: { balanced: { steps: 8, cfg: 1 } },
    });
    expect(ignoredOptionsForEntry(cfgOne)).toEqual(['negative_prompt']);
    const mixed = entry({
      backend: 'a1111',
      checkpoint: 'dreamshaper_8.safetensors',
      quality: { fast: { steps: 8, cfg: 1 }, balanced: { steps: 20, cfg: 5 } },
    });
    expect(ignoredOptionsForEntry(mixed)).toEqual([]);
    expect(ignoredOptionsForEntry(entry({ backend: 'openai', model: 'x' }))).toEqual([
      'negative_prompt',
      'seed',
    ]);
  });
});
