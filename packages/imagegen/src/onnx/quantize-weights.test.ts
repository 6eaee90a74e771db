import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHub, type FakeHub } from '../../test/helpers/fake-hub';
import { rgbOf, meanAbsDiff } from '../../test/helpers/image-distance';
import { pullSdShapedModel } from '../../test/helpers/sd-shaped-install';
import { makeTempDir } from '../../test/helpers/temp-dir';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { readInstalledManifest } from '../models/model-store';
import { buildSdShapedFiles, TINY_SD_SHAPE } from '../../test/sd-shaped-graph/sd-shaped-model';
import { quantizeColumns } from './quantize-weights';

const COMMIT = '7a1c0e9d8b2f4a6c5e3d1b0f9e8d7c6b5a4f3e2d';
const FILES = buildSdShapedFiles(TINY_SD_SHAPE);
let hub: FakeHub;
let modelsDir: string;
const generators: ImageGenerator[] = [];

beforeAll(async () => {
  hub = await startFakeHub(
    new Map([['nocturne-test/sd-shaped-onnx', { commit: COMMIT, files: FILES }]]),
  );
  modelsDir = await makeTempDir();
  const pull = { hub, commit: COMMIT, files: FILES, modelsDir, widen: true };
  await pullSdShapedModel({ ...pull, name: 'fp32' });
  await pullSdShapedModel({ ...pull, name: 'int8', weights: 'int8' });
}, 60_000);

afterAll(async () => {
  await Promise.all(generators.map((g) => g.close()));
  await hub.close();
});

async function graphOf(model: string, path: string) {
  const bytes = await readFile(join(modelsDir, model, path));
  return onnxProto.onnx.ModelProto.decode(bytes).graph ?? {};
}

const nodesOf = async (model: string, path: string) => (await graphOf(model, path)).node ?? [];

async function image(model: string, seed: number) {
  const generator = await createImageGenerator({ backend: 'onnx', modelsDir, model });
  generators.push(generator);
  const result = await generator.generate({ prompt: 'a red fox', width: 128, height: 128, seed });
  return (await rgbOf(result.png)).data;
}

describe('int8 weights (pull --weights int8)', () => {
  it('maps each column’s largest magnitude to 127 and keeps zero exact', () => {
    // Two columns: [1, -4] over rows [0.5, 2], [-1, 0].
    const { values, scales } = quantizeColumns(Float32Array.from([0.5, 2, -1, 0, 1, -4]), 3, 2);
    expect([...scales]).toEqual([1 / 127, 4 / 127].map(Math.fround));
    expect([...values]).toEqual([64, 64, -127, 0, 127, -127]);
  });

  it('stores the text encoder’s and UNet’s weight MatMuls int8, records it, one byte a weight', async () => {
    const manifest = await readInstalledManifest(modelsDir, 'int8');
    expect(manifest?.weights).toBe('int8');
    for (const path of ['text_encoder/model.onnx', 'unet/model.onnx']) {
      const ops = (await nodesOf('int8', path)).map((n) => n.opType);
      const plain = (await nodesOf('fp32', path)).map((n) => n.opType);
      const quantized = ops.filter((op) => op === 'DynamicQuantizeMatMul').length;
      expect(quantized).toBeGreaterThan(0);
      // Every weight MatMul became a quantised one; the attention products stay MatMul.
      expect(ops.filter((op) => op === 'MatMul').length + quantized).toBe(
        plain.filter((op) => op === 'MatMul').length,
      );
      // Each weight is stored one byte a value (its fp32 copy had four).
      const graph = await graphOf('int8', path);
      for (const node of graph.node ?? []) {
        if (node.opType !== 'DynamicQuantizeMatMul') continue;
        const weight = graph.initializer?.find((t) => t.name === node.input?.[1]);
        const length = weight?.externalData?.find((e) => e.key === 'length')?.value;
        expect(weight?.dataType).toBe(3);
        expect(Number(length)).toBe((weight?.dims ?? []).map(Number).reduce((a, b) => a * b, 1));
      }
    }
  });

  it('makes the same picture within two levels, far closer than another seed', async () => {
    const [plain, int8, otherSeed] = [
      await image('fp32', 3),
      await image('int8', 3),
      await image('fp32', 4),
    ];
    const distance = meanAbsDiff(plain, int8);
    expect(distance).toBeGreaterThan(0);
    // Correct per-column scales measure about half a level here; a wrong column's scale, several.
    expect(distance).toBeLessThan(2);
    expect(meanAbsDiff(plain, otherSeed)).toBeGreaterThan(5 * distance);
  });
});
