import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { readInstalledManifest } from './model-store';
import { unpinnedFiles } from './pins';
import { ROUND_TRIP_TOLERANCE } from './prove-model';
import { pullModel } from './pull-model';
import { verifyModel } from './verify-model';
import { createOnnxBackend } from '../onnx/onnx-backend';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import {
  hubManifest,
  startFakeHub,
  type FakeHub,
  type FakeRepo,
} from '../../test/helpers/fake-hub';
import { buildZeroToOneDecoder } from '../../test/helpers/zero-to-one-decoder';
import { makeTempDir } from '../../test/helpers/temp-dir';

const COMMIT = 'b'.repeat(40);
const REPO = 'acme/preview-onnx';
const ENCODER = 'vae_encoder/model.onnx';
let hub: FakeHub;
let repo: FakeRepo;

beforeAll(async () => {
  repo = { commit: COMMIT, files: buildPreviewFiles() };
  hub = await startFakeHub(new Map([[REPO, repo]]));
});
afterAll(() => hub.close());

const withEncoder = () => hubManifest('m', REPO, repo, { components: { encoder: ENCODER } });

describe('the image encoder as a pinned model file', () => {
  it('is pulled, checked against the Hub tree, proven by a round trip and verified', async () => {
    const dir = await makeTempDir();
    const stages: string[] = [];
    const installed = await pullModel({
      modelsDir: dir,
      manifest: withEncoder(),
      hubUrl: hub.url,
      onStage: (stage, detail) => stages.push(`${stage}: ${detail}`),
    });
    const encoder = installed.files.find((f) => f.path === ENCODER);
    expect(encoder?.verified).toEqual({ by: 'hub-lfs-sha256', commit: COMMIT });
    const proven = stages.find((s) => s.startsWith('prove: proven'));
    const percent = Number(/image encoder round trip within (\d+) %/.exec(proven ?? '')?.[1]);
    expect(percent).toBeLessThanOrEqual(ROUND_TRIP_TOLERANCE * 100);
    const manifest = (await readInstalledManifest(dir, 'm'))!;
    expect(manifest.components.encoder).toBe(ENCODER);
    expect(createOnnxBackend(dir, manifest, { intraOpThreads: 1 }).capabilities).toEqual({
      imageToImage: true,
      upscaleFactors: [2],
      livePreview: true,
      inpaint: true,
    });
    expect((await verifyModel(dir, manifest)).every((c) => c.status === 'ok')).toBe(true);
    await writeFile(join(dir, 'm', ENCODER), 'not the encoder');
    const checks = await verifyModel(dir, manifest);
    expect(checks.find((c) => c.path === ENCODER)?.status).toBe('size_mismatch');
  });

  it('feeds the encoder [-1, 1] when the decoder speaks [0, 1]', async () => {
    const files = new Map(repo.files);
    files.set('vae_decoder/model.onnx', buildZeroToOneDecoder());
    const zeroToOne: FakeRepo = { commit: COMMIT, files };
    const other = await startFakeHub(new Map([[REPO, zeroToOne]]));
    try {
      const installed = await pullModel({
        modelsDir: await makeTempDir(),
        manifest: hubManifest('z', REPO, zeroToOne, { components: { encoder: ENCODER } }),
        hubUrl: other.url,
      });
      expect(installed.decoder.outputRange).toBe('zero_to_one');
    } finally {
      await other.close();
    }
  });

  it('leaves a model without one text-to-image only', async () => {
    const dir = await makeTempDir();
    const installed = await pullModel({
      modelsDir: dir,
      manifest: hubManifest('m', REPO, repo),
      hubUrl: hub.url,
    });
    expect(installed.components.encoder).toBeUndefined();
    expect(createOnnxBackend(dir, installed, { intraOpThreads: 1 }).capabilities).toEqual({
      imageToImage: false,
      upscaleFactors: [],
      livePreview: true,
      inpaint: false,
    });
  });

  it("is TAESD's encoder, beside the decoder at the same commit, in both catalog entries", () => {
    for (const name of ['sd-turbo', 'sdxs-512-dreamshaper']) {
      const entry = CATALOG.get(name)!;
      expect(entry.components.encoder).toBe('taesd_encoder/model.onnx');
      const file = entry.files.find((f) => f.path === entry.components.encoder);
      expect(file?.url).toBe(
        'https://huggingface.co/deinferno/taesd-onnx/resolve/f99d5f3d1962fe37e321c31bb86214a87a0cde4b/vae_encoder/model.onnx',
      );
      expect(unpinnedFiles(entry)).toEqual([]);
    }
  });
});
