import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createImageGenerator } from '../create-image-generator';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import { installModelFolder as install } from '../../test/helpers/install-model-folder';
import { gpuOnlyPreviewFiles } from '../../test/helpers/model-files-server';
import { makeTempDir } from '../../test/helpers/temp-dir';

function recordingLogger() {
  const lines: Array<{ level: string; message: string; details?: Record<string, unknown> }> = [];
  return {
    lines,
    logger: (level: string, message: string, details?: Record<string, unknown>) =>
      lines.push({ level, message, details }),
  };
}

describe('IMAGE_BACKEND=auto when the installed model fails to load', () => {
  it('logs why, keeps serving with the preview model and says so in describe()', async () => {
    const modelsDir = await makeTempDir();
    await install(modelsDir, 'broken', gpuOnlyPreviewFiles());
    const { lines, logger } = recordingLogger();
    const engine = await createImageGenerator({
      backend: 'auto',
      modelsDir,
      model: 'broken',
      intraOpThreads: 1,
      logger,
    });
    expect(engine.describe()).toMatchObject({ model: 'broken', isPreview: false });
    await engine.warmup();
    const description = engine.describe();
    expect(description).toMatchObject({
      backend: 'onnx',
      model: 'preview',
      isPreview: true,
      notice:
        'Preview model: install a model for real images: the installed model "broken" failed to load (see the server log)',
    });
    expect(description.fallbackReason).toMatch(/unsupported operator GroupNorm/);
    const logged = lines.find((l) => l.level === 'error');
    expect(logged?.message).toContain('Model "broken" failed to load');
    expect(String(logged?.details?.reason)).toMatch(/GroupNorm/);
    const image = await engine.generate({ prompt: 'a fox', width: 64, height: 64, steps: 1 });
    expect(image.model).toBe('preview');
    await engine.close();
  });

  it('falls back on the first job too when nothing warmed the engine up', async () => {
    const modelsDir = await makeTempDir();
    await install(modelsDir, 'broken', gpuOnlyPreviewFiles());
    const engine = await createImageGenerator({ backend: 'auto', modelsDir, model: 'broken' });
    const image = await engine.generate({ prompt: 'a fox', width: 64, height: 64, steps: 1 });
    expect(image.model).toBe('preview');
    expect(engine.describe().fallbackReason).toMatch(/GroupNorm/);
    await engine.close();
  });
});

describe('warm start', () => {
  it('loads the model during warmup(), so the first job no longer reads the files', async () => {
    const modelsDir = await makeTempDir();
    await install(modelsDir, 'good', buildPreviewFiles());
    const engine = await createImageGenerator({ backend: 'auto', modelsDir, model: 'good' });
    await engine.warmup();
    expect(engine.describe()).toMatchObject({ model: 'good', isPreview: false });
    expect(engine.describe().fallbackReason).toBeUndefined();
    // Loaded sessions live in memory: the job runs even with the files gone.
    await rm(join(modelsDir, 'good', 'unet'), { recursive: true });
    await rm(join(modelsDir, 'good', '.ort-cache'), { recursive: true, force: true });
    const image = await engine.generate({ prompt: 'a fox', width: 64, height: 64, steps: 1 });
    expect(image.model).toBe('good');
    await engine.close();
  });
});
