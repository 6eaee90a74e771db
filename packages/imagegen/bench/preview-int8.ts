import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createImageGenerator } from '../src/create-image-generator';
import { MANIFEST_FILE } from '../src/models/manifest';
import { quantizeMatMulWeights } from '../src/onnx/quantize-weights';
import { widenFloat16Model } from '../src/onnx/widen-float16';
import { meanAbsDiff, rgbOf } from '../test/helpers/image-distance';
import { benchModel, type StageRow } from './stage-bench';

const NAME = 'preview-int8';
const QUANTISED = ['text_encoder/model.onnx', 'unet/model.onnx'];

async function pixels(modelsDir: string, model: string, seeds: number[]) {
  const generator = await createImageGenerator({ backend: 'onnx', modelsDir, model });
  const images: Buffer[] = [];
  for (const seed of seeds) {
    const { png } = await generator.generate({ prompt: 'a harbour at dawn', seed });
    images.push((await rgbOf(png)).data);
  }
  await generator.close();
  return images;
}

/**
 * The preview model with its weight MatMuls quantised as `pull --weights int8` stores them: its
 * stage times, and how far its images are from the fp32 model's with the same seeds.
 */
export async function benchPreviewInt8(
  modelsDir: string,
  runs: number,
): Promise<{ row: StageRow; quantized: number; levels: number }> {
  await cp(join(modelsDir, 'preview'), join(modelsDir, NAME), { recursive: true });
  const dir = join(modelsDir, NAME);
  let quantized = 0;
  for (const path of QUANTISED) {
    await widenFloat16Model(dir, path);
    quantized += (await quantizeMatMulWeights(dir, path)).quantized;
  }
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  // The copy's own name and files: the rewritten graphs and their data files, unpinned.
  const kept = (manifest.files as Array<{ path: string }>).filter(
    (f) => !QUANTISED.includes(f.path),
  );
  const files = [...kept, ...QUANTISED.flatMap((p) => [{ path: p }, { path: `${p}_data` }])];
  await writeFile(
    join(dir, MANIFEST_FILE),
    JSON.stringify({ ...manifest, name: NAME, weights: 'int8', files }),
  );
  const seeds = [1, 2, 3];
  const [plain, int8] = [
    await pixels(modelsDir, 'preview', seeds),
    await pixels(modelsDir, NAME, seeds),
  ];
  const distance =
    seeds.reduce((sum, _, i) => sum + meanAbsDiff(plain[i]!, int8[i]!), 0) / seeds.length;
  return { row: await benchModel(modelsDir, NAME, runs, 512), quantized, levels: distance };
}
