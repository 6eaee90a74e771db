import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../create-image-generator';
import { measureDecoderValues, readDecoderRange } from './decoder-range';
import { MIN_NEIGHBOUR_CORRELATION, neighbourCorrelation } from './image-structure';
import { nextPageUrl } from './hub-tree';
import { isModelInstalled } from './model-store';
import { ModelProofError } from './prove-model';
import { pullModel } from './pull-model';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import { DT, GraphBuilder } from '../preview/onnx-builder';
import { gitBlobIdBytes } from '../util/files';
import type { TestServer } from '../../test/helpers/http-server';
import {
  pinnedManifest,
  startModelFilesServer,
  type FileSet,
} from '../../test/helpers/model-files-server';
import { installModelFolder } from '../../test/helpers/install-model-folder';
import { makeTempDir } from '../../test/helpers/temp-dir';

/** The preview's decoder (latents → colours → ×8 → tanh) with `last` applied to its image. */
function decoderThen(last: (g: GraphBuilder, image: string) => string): Uint8Array {
  const g = new GraphBuilder('vae_decoder');
  const latent = g.input('latent_sample', DT.float, ['batch', 4, 'height', 'width']);
  const palette = [0.9, -0.4, 0.3, 0.5, -0.2, 0.8, -0.6, 0.4, 0.1, 0.7, 0.5, -0.8];
  const rgb = g.op('Conv', [
    latent,
    g.floats(palette, [3, 4, 1, 1]),
    g.floats([0.1, 0, -0.1], [3]),
  ]);
  const up = g.op('Resize', [rgb, '', g.floats([1, 1, 8, 8], [4])], { mode: 'linear' });
  g.op('Identity', [last(g, g.op('Tanh', [up]))], {}, 'sample');
  g.output('sample', DT.float, ['batch', 3, 'out_height', 'out_width']);
  return g.encode();
}

function withDecoder(decoder: Uint8Array): FileSet {
  const files = buildPreviewFiles();
  files.set('vae_decoder/model.onnx', decoder);
  return files;
}

const SETS: Record<string, FileSet> = {
  nan: withDecoder(decoderThen((g, x) => g.op('Mul', [x, g.floats([Number.NaN], [1])]))),
  flat: withDecoder(decoderThen((g, x) => g.op('Mul', [x, g.floats([0], [1])]))),
  loud: withDecoder(decoderThen((g, x) => g.op('Mul', [x, g.floats([40], [1])]))),
  // In range, not constant, finite: only its lack of any picture gives it away.
  noise: withDecoder(
    decoderThen((g, x) => g.op('RandomUniformLike', [x], { low: -0.999, high: 0.999, seed: 7.5 })),
  ),
  good: buildPreviewFiles(),
};
let server: TestServer;

beforeAll(async () => {
  server = await startModelFilesServer(SETS);
});
afterAll(() => server.close());

async function refusal(set: string, extra: Record<string, unknown> = {}) {
  const dir = await makeTempDir();
  const pull = pullModel({
    modelsDir: dir,
    manifest: pinnedManifest(server, 'm', set, SETS[set]!, extra),
  });
  await expect(pull).rejects.toBeInstanceOf(ModelProofError);
  expect(await isModelInstalled(dir, 'm')).toBe(false);
  return pull.catch((error: Error) => error.message);
}

describe('the proof refuses an image no one should be charged for', () => {
  it('non-finite values, instead of turning NaN into black', async () => {
    // At the model's native 512×512: every value of three planes.
    expect(await refusal('nan')).toMatch(
      /Model "m" refused: vae_decoder\/model\.onnx produced 786432 of 786432 values that are not finite \(NaN or infinity\)/,
    );
  });

  it('noise where an image should be', async () => {
    expect(await refusal('noise')).toMatch(
      /refused: the 512×512 proof image is noise, not a picture: neighbouring pixels share -?\d+ % of its variation \(at least 50 % expected of an image\)/,
    );
  });

  it('a constant image', async () => {
    expect(await refusal('flat')).toMatch(
      /refused: the proof image is constant \(every value 0\.0000\)/,
    );
  });

  it("values outside the decoder's range", async () => {
    expect(await refusal('loud')).toMatch(
      /refused: the proof image's values span -\d+\.\d+…\d+\.\d+, outside the decoder's range \[-1, 1\]/,
    );
  });

  it('a declared [0, 1] range the image contradicts', async () => {
    expect(await refusal('good', { decoder: { outputRange: 'zero_to_one' } })).toMatch(
      /refused: the manifest says the decoder outputs \[0, 1\] but the proof image's values span -0\.\d+/,
    );
  });
});

describe('the proof at the native size', () => {
  it('renders a sound model at its 512×512, not a thumbnail, and says how image-like it was', async () => {
    const dir = await makeTempDir();
    const stages: string[] = [];
    await pullModel({
      modelsDir: dir,
      manifest: pinnedManifest(server, 'm', 'good', SETS.good!),
      onStage: (stage, detail) => stages.push(`${stage}: ${detail}`),
    });
    expect(stages).toContain('prove: opening every session and making one 512×512 image');
    const proven = stages.find((s) => s.startsWith('prove: proven'));
    const share = Number(/neighbouring pixels share (\d+) %/.exec(proven ?? '')?.[1]);
    expect(share).toBeGreaterThanOrEqual(MIN_NEIGHBOUR_CORRELATION * 100);
    expect(await isModelInstalled(dir, 'm')).toBe(true);
  });

  it('takes another size when asked (a slow model on a small machine)', async () => {
    const stages: string[] = [];
    await pullModel({
      modelsDir: await makeTempDir(),
      manifest: pinnedManifest(server, 'm', 'good', SETS.good!),
      proofSize: { width: 256, height: 192 },
      onStage: (stage, detail) => stages.push(`${stage}: ${detail}`),
    });
    expect(stages).toContain('prove: opening every session and making one 256×192 image');
  });
});

describe('neighbouring-pixel correlation, on 512×512 images', () => {
  const SIDE = 512;
  const image = (value: (x: number, y: number, c: number) => number) => {
    const planar = new Float32Array(SIDE * SIDE * 3);
    for (let c = 0; c < 3; c++)
      for (let y = 0; y < SIDE; y++)
        for (let x = 0; x < SIDE; x++) planar[c * SIDE * SIDE + y * SIDE + x] = value(x, y, c);
    return neighbourCorrelation(planar, SIDE, SIDE);
  };
  // A seeded generator, so the noise is the same on every run.
  let state = 42;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };

  it('is near 1 for smooth shapes and gradients, as rendered images are', () => {
    const sky = image((x, y, c) => Math.tanh(Math.sin(x / 40 + c) + Math.cos(y / 55) - 0.3));
    expect(sky).toBeGreaterThan(0.99);
    // Hard edges between flat regions are still an image.
    const blocks = image((x, y) => ((x >> 6) + (y >> 6)) % 2);
    expect(blocks).toBeGreaterThan(0.95);
  });

  it('is near 0 for noise, and for an image drowned in it', () => {
    expect(Math.abs(image(() => random() * 2 - 1))).toBeLessThan(0.02);
    const drowned = image((x, y) => 0.1 * Math.sin(x / 30 + y / 50) + (random() * 2 - 1));
    expect(drowned).toBeLessThan(MIN_NEIGHBOUR_CORRELATION);
  });

  it('is below 0 for a pixel checkerboard, and 0 for a constant image', () => {
    expect(image((x, y) => (x + y) % 2)).toBeLessThan(-0.9);
    expect(image(() => 0.3)).toBe(0);
  });
});

describe('an installed model that outputs NaN', () => {
  it('fails the generation instead of delivering a black image', async () => {
    const dir = await makeTempDir();
    // Never proven: a folder copied into the models directory, not pulled.
    await installModelFolder(dir, 'm', SETS.nan!);
    const engine = await createImageGenerator({ backend: 'onnx', modelsDir: dir, model: 'm' });
    try {
      await expect(
        engine.generate({ prompt: 'a lighthouse', width: 64, height: 64 }),
      ).rejects.toMatchObject({
        kind: 'bad_response',
        message: expect.stringMatching(/not finite \(NaN or infinity\)/),
      });
    } finally {
      await engine.close();
    }
  });
});

describe('decoder range, read from the values', () => {
  const values = (...v: number[]) => measureDecoderValues(Float32Array.from(v));

  it('reads [0, 1] when the image does not go below zero, [-1, 1] when it does', () => {
    expect(readDecoderRange(values(0, 0.2, 0.9, 1.02), undefined)).toEqual({
      outputRange: 'zero_to_one',
    });
    expect(readDecoderRange(values(-0.8, 0.2, 0.9), undefined)).toEqual({
      outputRange: 'minus_one_to_one',
    });
    // A bright image fits a declared [-1, 1] too.
    expect(readDecoderRange(values(0.1, 0.9), 'minus_one_to_one')).toEqual({
      outputRange: 'minus_one_to_one',
    });
    expect(readDecoderRange(values(0, 1.6), undefined)).toMatchObject({ refused: /outside/ });
  });
});

describe('Hub wire details', () => {
  it("computes git's blob id (git hash-object)", () => {
    expect(gitBlobIdBytes('hello')).toBe('b6fc4c620b67d95f953a5c1c1230aaab5db5a1b0');
  });

  it('follows a Link header to the next page, relative or absolute', () => {
    const here = 'https://hub.example/api/models/a/b/tree/c?recursive=true';
    expect(nextPageUrl('</api/models/a/b/tree/c?cursor=x>; rel="next"', here)).toBe(
      'https://hub.example/api/models/a/b/tree/c?cursor=x',
    );
    expect(nextPageUrl('<https://m.example/p?cursor=y>; rel="next"', here)).toBe(
      'https://m.example/p?cursor=y',
    );
    expect(nextPageUrl('<https://m.example/p>; rel="prev"', here)).toBeUndefined();
    expect(nextPageUrl(null, here)).toBeUndefined();
  });
});
