import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isModelInstalled, readInstalledManifest } from './model-store';
import { pullModel } from './pull-model';
import { verifyModel } from './verify-model';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import { sha256Bytes } from '../util/files';
import {
  hubManifest,
  startFakeHub,
  type FakeHub,
  type FakeRepo,
} from '../../test/helpers/fake-hub';
import { previewFilesWithWeightsFile } from '../../test/helpers/model-files-server';
import { makeTempDir } from '../../test/helpers/temp-dir';

const COMMIT = 'a'.repeat(40);
const REPO = 'acme/preview-onnx';
/** A model whose UNet keeps its weights in `unet/model.onnx_data`, as real exports do. */
const WEIGHTS = 'acme/weights';
let hub: FakeHub;
let preview: FakeRepo;
let weights: FakeRepo;
/** The UNet's weights file, cut mid-transfer below. */
let BLOB: Buffer;

beforeAll(async () => {
  preview = { commit: COMMIT, files: buildPreviewFiles() };
  weights = { commit: COMMIT, files: await previewFilesWithWeightsFile() };
  BLOB = Buffer.from(weights.files.get('unet/model.onnx_data')!);
  hub = await startFakeHub(
    new Map([
      [REPO, preview],
      [WEIGHTS, weights],
    ]),
    { pageSize: 2 },
  );
});
afterAll(() => hub.close());

const pull = (dir: string, manifest = hubManifest('m', REPO, preview)) =>
  pullModel({ modelsDir: dir, manifest, hubUrl: hub.url });

describe('pull from the Hub, checked against its tree for the pinned commit', () => {
  it('installs with no pin typed by hand, following every page of the tree', async () => {
    const dir = await makeTempDir();
    hub.requests.length = 0;
    const installed = await pull(dir);
    const treePages = hub.requests.filter((r) => r.url.startsWith(`/api/models/${REPO}/tree/`));
    // 7 files and 5 folders at 2 entries a page.
    expect(treePages.map((r) => r.url)).toHaveLength(6);
    expect(treePages[1]?.url).toContain('cursor=2');
    expect(await isModelInstalled(dir, 'm')).toBe(true);
    const byPath = new Map(installed.files.map((f) => [f.path, f]));
    expect(byPath.get('unet/model.onnx')?.verified).toEqual({
      by: 'hub-lfs-sha256',
      commit: COMMIT,
    });
    expect(byPath.get('tokenizer/vocab.json')?.verified).toEqual({
      by: 'hub-git-blob-id',
      commit: COMMIT,
    });
    expect(byPath.get('tokenizer/vocab.json')?.gitBlobId).toMatch(/^[0-9a-f]{40}$/);
    const onDisk = await readInstalledManifest(dir, 'm');
    expect(onDisk?.files).toEqual(installed.files);
    expect((await verifyModel(dir, onDisk!)).every((c) => c.status === 'ok')).toBe(true);
  });

  it('refuses a tampered LFS file and a tampered small file, naming each', async () => {
    const dir = await makeTempDir();
    const original = preview.files.get('unet/model.onnx')!;
    const tampered = Buffer.from(original);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 0xff, tampered.length - 1);
    preview.files.set('unet/model.onnx', tampered);
    try {
      await expect(pull(dir)).rejects.toThrow(
        /Checksum mismatch for .*unet\/model\.onnx: expected sha256 [0-9a-f]{64}/,
      );
    } finally {
      preview.files.set('unet/model.onnx', original);
    }
    // A fresh folder: the first attempt kept its good downloads for a retry.
    const second = await makeTempDir();
    const vocab = preview.files.get('tokenizer/vocab.json') as string;
    preview.files.set('tokenizer/vocab.json', vocab.replace('{', ' '));
    try {
      await expect(pull(second)).rejects.toThrow(
        /Checksum mismatch for .*tokenizer\/vocab\.json: expected git blob id [0-9a-f]{40}/,
      );
    } finally {
      preview.files.set('tokenizer/vocab.json', vocab);
    }
    expect(await isModelInstalled(dir, 'm')).toBe(false);
    expect(await isModelInstalled(second, 'm')).toBe(false);
  });

  it('refuses a catalog pin the tree contradicts, before downloading anything', async () => {
    const dir = await makeTempDir();
    const manifest = hubManifest('m', REPO, preview);
    manifest.files.find((f) => f.path === 'unet/model.onnx')!.sha256 = 'f'.repeat(64);
    hub.requests.length = 0;
    await expect(pull(dir, manifest)).rejects.toThrow(
      /unet\/model\.onnx: the manifest pins sha256 f{64} but the Hub's tree of acme\/preview-onnx at a{40} lists [0-9a-f]{64}/,
    );
    expect(hub.requests.some((r) => r.url.includes('/resolve/'))).toBe(false);
    const sized = hubManifest('m', REPO, preview);
    sized.files[0]!.size = 1;
    await expect(pull(dir, sized)).rejects.toThrow(
      /tokenizer\/vocab\.json: the manifest pins 1 bytes/,
    );
  });

  it('accepts a catalog pin that agrees with the tree', async () => {
    const dir = await makeTempDir();
    const manifest = hubManifest('m', REPO, preview);
    manifest.files.find((f) => f.path === 'unet/model.onnx')!.sha256 = sha256Bytes(
      preview.files.get('unet/model.onnx')!,
    );
    await pull(dir, manifest);
    expect(await isModelInstalled(dir, 'm')).toBe(true);
  });

  it('widens an fp16 model pulled from the Hub, recording what each download matched', async () => {
    const dir = await makeTempDir();
    const half: FakeRepo = { commit: COMMIT, files: buildPreviewFiles('fp16') };
    const halfHub = await startFakeHub(new Map([['acme/half', half]]));
    try {
      const installed = await pullModel({
        modelsDir: dir,
        manifest: hubManifest('h', 'acme/half', half, { widenFloat16: ['unet/model.onnx'] }),
        hubUrl: halfHub.url,
      });
      expect(installed.sources).toEqual([
        expect.objectContaining({
          path: 'unet/model.onnx',
          verified: { by: 'hub-lfs-sha256', commit: COMMIT },
        }),
      ]);
      expect(installed.files.map((f) => f.path)).toContain('unet/model.onnx_data');
      expect(await isModelInstalled(dir, 'h')).toBe(true);
    } finally {
      await halfHub.close();
    }
  });

  it('resumes an interrupted download with a Range request and verifies the whole file', async () => {
    const dir = await makeTempDir();
    const manifest = hubManifest('w', WEIGHTS, weights);
    const download = () => pullModel({ modelsDir: dir, manifest, hubUrl: hub.url });
    hub.failNext('/unet/model.onnx_data', { cutAfterBytes: Math.floor(BLOB.length / 3) });
    await expect(download()).rejects.toThrow(
      /\/acme\/weights\/resolve\/a{40}\/unet\/model\.onnx_data: interrupted after \d+ bytes: .*Pull again to resume/,
    );
    const partial = await stat(join(dir, '.pull-w/unet/model.onnx_data.partial'));
    expect(partial.size).toBeGreaterThan(0);
    hub.requests.length = 0;
    await download();
    const resumed = hub.requests.find((r) => r.url.endsWith('/unet/model.onnx_data'));
    expect(resumed?.headers.range).toBe(`bytes=${partial.size}-`);
    expect(await readFile(join(dir, 'w/unet/model.onnx_data'))).toEqual(BLOB);
  });

  it('answers an unknown commit like the Hub and names it', async () => {
    const dir = await makeTempDir();
    const manifest = hubManifest('m', REPO, { ...preview, commit: 'b'.repeat(40) });
    await expect(pull(dir, manifest)).rejects.toThrow(
      /\/api\/models\/acme\/preview-onnx\/tree\/b{40}\?recursive=true: HTTP 404 Not Found: Invalid rev id: b{40} \(RevisionNotFound\)/,
    );
  });

  it('names a file the commit does not have', async () => {
    const dir = await makeTempDir();
    const manifest = hubManifest('m', REPO, preview);
    manifest.files[0]!.url = manifest.files[0]!.url!.replace('vocab.json', 'vocab.txt');
    await expect(pull(dir, manifest)).rejects.toThrow(
      /tokenizer\/vocab\.json: acme\/preview-onnx at commit a{40} has no file tokenizer\/vocab\.txt/,
    );
  });
});
