import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { isModelInstalled, readInstalledManifest } from './model-store';
import { unpinnedFiles, urlRevision } from './pins';
import { ModelProofError } from './prove-model';
import { pullModel } from './pull-model';
import { verifyModel } from './verify-model';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import { fileSize } from '../util/files';
import type { TestServer } from '../../test/helpers/http-server';
import {
  gpuOnlyPreviewFiles,
  pinnedManifest,
  startModelFilesServer,
} from '../../test/helpers/model-files-server';
import { makeTempDir } from '../../test/helpers/temp-dir';

const GOOD = buildPreviewFiles();
const GPU_ONLY = gpuOnlyPreviewFiles();
const HALF = buildPreviewFiles('fp16');
let server: TestServer;

beforeAll(async () => {
  server = await startModelFilesServer({ good: GOOD, gpu: GPU_ONLY, half: HALF });
});
afterAll(() => server.close());

describe('pull proves a model before installing it', () => {
  it('installs a model that opens and renders on the CPU provider', async () => {
    const dir = await makeTempDir();
    const stages: string[] = [];
    await pullModel({
      modelsDir: dir,
      manifest: pinnedManifest(server, 'm', 'good', GOOD),
      onStage: (stage, detail) => stages.push(`${stage}: ${detail}`),
    });
    expect(stages.some((s) => /^prove: proven in \d+ ms; decoder output -?\d/.test(s))).toBe(true);
    expect(await isModelInstalled(dir, 'm')).toBe(true);
    // The range is measured on the proof image and recorded, not taken from the manifest.
    const { decoder } = (await readInstalledManifest(dir, 'm'))!;
    expect(decoder.outputRange).toBe('minus_one_to_one');
    expect(decoder.measured!.min).toBeLessThan(-0.1);
    expect(decoder.measured!.max).toBeLessThanOrEqual(1);
    expect(await fileSize(join(dir, '.pull-m'))).toBeUndefined();
    expect(await fileSize(join(dir, '.stage-m'))).toBeUndefined();
  });

  it('refuses a model with a GPU-only contrib operator, saying why, and keeps the previous one', async () => {
    const dir = await makeTempDir();
    await pullModel({ modelsDir: dir, manifest: pinnedManifest(server, 'm', 'good', GOOD) });
    const pull = pullModel({
      modelsDir: dir,
      manifest: pinnedManifest(server, 'm', 'gpu', GPU_ONLY),
    });
    await expect(pull).rejects.toBeInstanceOf(ModelProofError);
    await expect(pull).rejects.toThrow(/Model "m" refused: .*unsupported operator GroupNorm/);
    const kept = await readInstalledManifest(dir, 'm');
    expect(kept?.files.find((f) => f.path === 'vae_decoder/model.onnx')?.sha256).toBe(
      pinnedManifest(server, 'm', 'good', GOOD).files.find(
        (f) => f.path === 'vae_decoder/model.onnx',
      )?.sha256,
    );
    expect((await verifyModel(dir, kept!)).every((c) => c.status === 'ok')).toBe(true);
    expect(await fileSize(join(dir, '.stage-m'))).toBeUndefined();
  });

  it('widens an fp16 model to fp32 on pull, recording the downloads it came from', async () => {
    const dir = await makeTempDir();
    const manifest = pinnedManifest(server, 'half', 'half', HALF, {
      widenFloat16: ['unet/model.onnx', 'vae_decoder/model.onnx'],
    });
    const installed = await pullModel({ modelsDir: dir, manifest });
    expect(installed.sources?.map((s) => s.path)).toEqual([
      'unet/model.onnx',
      'vae_decoder/model.onnx',
    ]);
    expect(installed.files.map((f) => f.path)).toContain('unet/model.onnx_data');
    const unet = onnxProto.onnx.ModelProto.decode(
      await readFile(join(dir, 'half/unet/model.onnx')),
    );
    expect(unet.graph!.input!.map((i) => i.type!.tensorType!.elemType)).toEqual([1, 1, 1]);
    const onDisk = await readInstalledManifest(dir, 'half');
    expect((await verifyModel(dir, onDisk!)).every((c) => c.status === 'ok')).toBe(true);
  });
});

describe('catalog pins', () => {
  it('offers two real models or more, each saying whether its licence allows a paid service', () => {
    const models = [...CATALOG.values()];
    expect(models.map((m) => m.name)).toEqual(['sd-turbo', 'sdxs-512-dreamshaper']);
    for (const model of models)
      expect(typeof model.licence.commercialUse, model.name).toBe('boolean');
    expect(models.some((m) => m.licence.commercialUse)).toBe(true);
  });

  it("states SD-Turbo's Community License: commercial use below a revenue limit, registered, credited", () => {
    const { licence } = CATALOG.get('sd-turbo')!;
    expect(licence.name).toMatch(/^Stability AI Community License/);
    expect(licence.name).not.toMatch(/Non-Commercial/);
    expect(licence.url).toBe('https://huggingface.co/stabilityai/sd-turbo/blob/main/LICENSE.md');
    expect(licence.commercialUse).toBe(true);
    expect(licence.conditions).toEqual([
      expect.stringMatching(/under USD 1,000,000 a year.*Enterprise licence/),
      expect.stringMatching(/registered with Stability AI/),
      expect.stringMatching(/"Powered by Stability AI"/),
      expect.stringMatching(/Acceptable Use Policy/),
    ]);
  });

  it("states SDXS's OpenRAIL++-M use restrictions, which must reach the service's terms", () => {
    const { licence } = CATALOG.get('sdxs-512-dreamshaper')!;
    expect(licence.commercialUse).toBe(true);
    expect(licence.conditions.join(' ')).toMatch(
      /use restrictions .* must be an enforceable part of the service's terms of use/,
    );
  });

  it('points every catalog file at a commit, never a moving branch', () => {
    for (const manifest of CATALOG.values()) {
      for (const file of manifest.files) {
        expect(file.url, file.path).toBeDefined();
        expect(urlRevision(file.url), file.url).toMatch(/^[0-9a-f]{40}$/);
      }
    }
  });

  it('refuses to pull files without a sha256 or at a branch unless asked to record pins', async () => {
    const dir = await makeTempDir();
    const manifest = pinnedManifest(server, 'u', 'good', GOOD);
    manifest.files[0] = {
      ...manifest.files[0]!,
      url: 'https://huggingface.co/acme/model/resolve/main/tokenizer/vocab.json',
    };
    delete manifest.files[1]!.sha256;
    expect(unpinnedFiles(manifest).map((u) => u.reason)).toEqual([
      'URL follows "main" instead of a commit',
      'no sha256',
    ]);
    await expect(pullModel({ modelsDir: dir, manifest })).rejects.toThrow(
      /does not pin .*--record-pins/,
    );
    // --record-pins records files off the Hub; a Hub file must still name a commit.
    await expect(pullModel({ modelsDir: dir, manifest, allowUnpinned: true })).rejects.toThrow(
      /does not pin tokenizer\/vocab\.json \(URL follows "main" instead of a commit\)\./,
    );
    expect(await fileSize(join(dir, '.pull-u'))).toBeUndefined();
  });
});
