import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSession } from './load-session';
import { ensurePreviewModel } from '../preview/ensure-preview-model';
import { makeTempDir } from '../../test/helpers/temp-dir';

describe('optimised graph cache', () => {
  it('saves the optimised graph once, loads it next time, and rebuilds a broken one', async () => {
    const modelsDir = await makeTempDir();
    const name = await ensurePreviewModel(modelsDir);
    const path = join(modelsDir, name, 'unet/model.onnx');
    const cacheDir = join(modelsDir, name, '.ort-cache');
    const first = await loadSession(path, { intraOpThreads: 1, cacheDir });
    await first.release();
    const cached = (await readdir(cacheDir)).filter((f) => f.endsWith('.onnx'));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/^unet--model\.onnx\.\d+\.\d+\.\d+\.\d+-\d+\.onnx$/);

    await writeFile(join(cacheDir, cached[0]!), 'not a model');
    const second = await loadSession(path, { intraOpThreads: 1, cacheDir });
    expect(second.inputNames).toContain('sample');
    await second.release();
    expect((await readdir(cacheDir)).filter((f) => f.endsWith('.onnx'))).toEqual(cached);
  });
});
