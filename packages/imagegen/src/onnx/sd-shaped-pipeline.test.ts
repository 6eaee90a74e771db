import { join } from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { readInstalledManifest } from '../models/model-store';
import { readSessionPorts } from './session-io';
import { floatTensor, idsTensor, tensorToFloat32, timestepTensor } from './tensor-convert';
import { buildSdShapedFiles, TINY_SD_SHAPE } from '../../test/sd-shaped-graph/sd-shaped-model';
import { loadClipTokenizer } from '../tokenizer/load-clip-tokenizer';
import { gaussianNoise } from '../util/random';
import { startFakeHub, type FakeHub } from '../../test/helpers/fake-hub';
import { pullSdShapedModel, SD_SHAPED_REPO } from '../../test/helpers/sd-shaped-install';
import { makeTempDir } from '../../test/helpers/temp-dir';

const FILES = buildSdShapedFiles(TINY_SD_SHAPE);
const WIDTH = TINY_SD_SHAPE.textEncoder.width;
const PROMPT = 'a lone lighthouse under a violet aurora';
const COMMIT = '5d0c1f2e3a4b5c6d7e8f90a1b2c3d4e5f6a7b8c9';
let hub: FakeHub;
let modelsDir: string;
const stages: string[] = [];
const generators: ImageGenerator[] = [];

beforeAll(async () => {
  hub = await startFakeHub(new Map([[SD_SHAPED_REPO, { commit: COMMIT, files: FILES }]]));
  modelsDir = await makeTempDir();
  const onStage = (stage: string, detail: string) => stages.push(`${stage}: ${detail}`);
  await pullSdShapedModel({
    hub,
    commit: COMMIT,
    files: FILES,
    modelsDir,
    name: 'sd-shaped',
    widen: true,
    onStage,
  });
  await pullSdShapedModel({
    hub,
    commit: COMMIT,
    files: FILES,
    modelsDir,
    name: 'sd-shaped-fp16',
    widen: false,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(generators.map((g) => g.close()));
  await hub.close();
});

async function open(model: string, path: string): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(join(modelsDir, model, path), { intraOpNumThreads: 1 });
}

function ports(session: ort.InferenceSession) {
  const { inputs, outputs } = readSessionPorts(session);
  const show = (p: { name: string; type: string; shape: ReadonlyArray<number | string> }) => [
    p.name,
    p.type,
    [...p.shape],
  ];
  return { inputs: inputs.map(show), outputs: outputs.map(show) };
}

/** SD's largest noise level (t = 999), the start of a one-step turbo image. */
const SIGMA = 14.6;

/**
 * Text encoder → one UNet call at t = 999 → TAESD on the one-step estimate σ·(noise − ε), with
 * the pipeline's own tensor conversions.
 */
async function runStages(model: string, seed: number) {
  const tokenizer = await loadClipTokenizer(join(modelsDir, model, 'tokenizer'));
  const [encoder, unet, decoder] = await Promise.all([
    open(model, 'text_encoder/model.onnx'),
    open(model, 'unet/model.onnx'),
    open(model, 'taesd_decoder/model.onnx'),
  ]);
  const [ids, sample, timestep] = [
    readSessionPorts(encoder).inputs[0]!,
    ...readSessionPorts(unet).inputs,
  ];
  const encoded = await encoder.run({ input_ids: idsTensor(ids.type, tokenizer.encode(PROMPT)) });
  const latentDims = [1, 4, 64, 64];
  const start = gaussianNoise(4 * 64 * 64, seed);
  const noised = await unet.run({
    sample: floatTensor(sample!.type, start, latentDims),
    timestep: timestepTensor(timestep!.type, 999, [1]),
    encoder_hidden_states: encoded.last_hidden_state!,
  });
  const noise = noised.out_sample!;
  const estimate = tensorToFloat32(noise).map((eps, i) => SIGMA * (start[i]! - eps));
  const decoded = await decoder.run({
    latent_sample: floatTensor('float32', estimate, noise.dims),
  });
  await Promise.all([encoder, unet, decoder].map((s) => s.release()));
  const out = { hidden: encoded.last_hidden_state!, noise, image: decoded.sample! };
  return Object.fromEntries(
    Object.entries(out).map(([k, t]) => [k, { dims: [...t.dims], values: tensorToFloat32(t) }]),
  ) as Record<keyof typeof out, { dims: number[]; values: Float32Array }>;
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

function std(values: ArrayLike<number>): number {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    squares += values[i]! ** 2;
  }
  const mean = sum / values.length;
  return Math.sqrt(squares / values.length - mean * mean);
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('an SD-shaped model (the real export’s ports, tiny widths) pulled, widened and proven', () => {
  it('widens the fp16 text encoder and UNet, proves the model, and keeps the export’s ports', async () => {
    expect(stages).toEqual([
      'convert: text_encoder/model.onnx: float16 → float32',
      expect.stringMatching(
        /^convert: text_encoder\/model\.onnx: \d+ tensors widened, streamed; peak memory so far \d+ MB$/,
      ),
      'convert: unet/model.onnx: float16 → float32',
      expect.stringMatching(/^convert: unet\/model\.onnx: \d+ tensors widened, streamed/),
      'prove: opening every session and making one 64×64 image',
      expect.stringMatching(
        /^prove: proven in \d+ ms; decoder output .+, read as minus_one_to_one; neighbouring pixels share \d+ % of the image's variation$/,
      ),
      `install: ${join(modelsDir, 'sd-shaped')}`,
    ]);
    // Every file came from the Hub-like server and was checked against its tree at the commit.
    const installed = await readInstalledManifest(modelsDir, 'sd-shaped');
    expect(installed?.decoder.outputRange).toBe('minus_one_to_one');
    expect(
      hub.requests.some(({ url }) => url.includes(`/api/models/${SD_SHAPED_REPO}/tree/${COMMIT}`)),
    ).toBe(true);
    for (const [model, float] of [
      ['sd-shaped', 'float32'],
      ['sd-shaped-fp16', 'float16'],
    ] as const) {
      const encoder = await open(model, 'text_encoder/model.onnx');
      expect(ports(encoder)).toEqual({
        inputs: [['input_ids', 'int32', ['batch_size', 'sequence_length']]],
        outputs: [
          ['last_hidden_state', float, ['batch_size', 'sequence_length', WIDTH]],
          ['pooler_output', float, ['batch_size', WIDTH]],
        ],
      });
      const unet = await open(model, 'unet/model.onnx');
      expect(ports(unet)).toEqual({
        inputs: [
          ['sample', float, ['batch_size', 4, 'height', 'width']],
          ['timestep', 'int64', ['steps']],
          ['encoder_hidden_states', float, ['batch_size', 'sequence_length', WIDTH]],
        ],
        outputs: [['out_sample', float, ['batch_size', 4, 'height', 'width']]],
      });
      const decoder = await open(model, 'taesd_decoder/model.onnx');
      expect(ports(decoder)).toEqual({
        inputs: [['latent_sample', 'float32', ['batch_size', 4, 'height', 'width']]],
        outputs: [['sample', 'float32', ['batch_size', 3, 'height_out', 'width_out']]],
      });
      await Promise.all([encoder, unet, decoder].map((s) => s.release()));
    }
  }, 60_000);

  it('computes finite tensors of the real shapes, an image inside [-1, 1] that is not flat, fp16 ≈ fp32', async () => {
    const widened = await runStages('sd-shaped', 5);
    const half = await runStages('sd-shaped-fp16', 5);
    for (const run of [widened, half]) {
      expect(run.hidden.dims).toEqual([1, 77, WIDTH]);
      expect(run.noise.dims).toEqual([1, 4, 64, 64]);
      expect(run.image.dims).toEqual([1, 3, 512, 512]);
      for (const { values } of Object.values(run)) expect(values.every(Number.isFinite)).toBe(true);
      const inside = run.image.values.filter((v) => v >= -1 && v <= 1).length;
      expect(inside / run.image.values.length).toBeGreaterThan(0.99);
      expect(std(run.image.values)).toBeGreaterThan(0.1);
      expect(std(run.noise.values)).toBeGreaterThan(0.1);
    }
    // Same weights, activations rounded to half precision between operators in the fp16 copy.
    expect(maxAbsDiff(widened.hidden.values, half.hidden.values)).toBeLessThan(0.01);
    expect(maxAbsDiff(widened.noise.values, half.noise.values)).toBeLessThan(0.01);
    expect(maxAbsDiff(widened.image.values, half.image.values)).toBeLessThan(0.03);
    expect(maxAbsDiff(widened.noise.values, half.noise.values)).toBeGreaterThan(0);
  }, 60_000);

  it('makes a 512×512 image through createImageGenerator: same seed same pixels, fp16 ≈ widened', async () => {
    const make = async (model: string) => {
      const g = await createImageGenerator({
        backend: 'onnx',
        modelsDir,
        model,
        intraOpThreads: 1,
      });
      generators.push(g);
      return g;
    };
    const [widened, half] = await Promise.all([make('sd-shaped'), make('sd-shaped-fp16')]);
    const request = { prompt: PROMPT, seed: 7, steps: 1 };
    const a = await widened.generate(request);
    expect(a).toMatchObject({ width: 512, height: 512, seed: 7, steps: 1, model: 'sd-shaped' });
    const image = await pixels(a.png);
    expect([image.width, image.height]).toEqual([512, 512]);
    expect(std(image.data)).toBeGreaterThan(10);
    expect((await widened.generate(request)).png.equals(a.png)).toBe(true);
    const otherSeed = await pixels((await widened.generate({ ...request, seed: 8 })).png);
    expect(meanAbsDiff(image.data, otherSeed.data)).toBeGreaterThan(5);
    const fromHalf = await pixels((await half.generate(request)).png);
    const diff = meanAbsDiff(image.data, fromHalf.data);
    expect(diff).toBeGreaterThan(0);
    expect(diff).toBeLessThan(0.5);
  }, 60_000);
});
