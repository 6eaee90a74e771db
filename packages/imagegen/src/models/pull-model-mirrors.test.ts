import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runModelsCli } from '../cli/models-cli';
import { isModelInstalled, readInstalledManifest } from './model-store';
import { pullModel, type DownloadedFile } from './pull-model';
import { verifyModel } from './verify-model';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import { sha256Bytes } from '../util/files';
import { startFakeHub, type FakeHub, type FakeRepo } from '../../test/helpers/fake-hub';
import type { TestServer } from '../../test/helpers/http-server';
import { startModelFilesServer, testManifest } from '../../test/helpers/model-files-server';
import { makeTempDir } from '../../test/helpers/temp-dir';

const COMMIT = 'c'.repeat(40);
const FILES = buildPreviewFiles();
/** The export's own repository; `acme/mirror` and the plain host serve the same bytes. */
const PRIMARY = 'acme/export';
const MIRROR = 'acme/mirror';
/** A repository whose UNet is another export: other bytes at the same path. */
const OTHER = 'acme/other-export';
let hub: FakeHub;
let host: TestServer;
let primary: FakeRepo;

const hubUrl = (repo: string, path: string) =>
  `https://huggingface.co/${repo}/resolve/${COMMIT}/${path}`;

beforeAll(async () => {
  primary = { commit: COMMIT, files: buildPreviewFiles() };
  const other = buildPreviewFiles();
  other.set(
    'unet/model.onnx',
    Buffer.concat([Buffer.from(FILES.get('unet/model.onnx')!), Buffer.alloc(8)]),
  );
  hub = await startFakeHub(
    new Map([
      [PRIMARY, primary],
      [MIRROR, { commit: COMMIT, files: buildPreviewFiles() }],
      [OTHER, { commit: COMMIT, files: other }],
    ]),
  );
  host = await startModelFilesServer({ plain: FILES });
});
afterAll(async () => {
  await hub.close();
  await host.close();
});

/** Every file pinned by sha256 and size, from `first`, then each of `mirrors` (repos or URLs). */
function mirroredManifest(first: string, mirrors: string[]) {
  const at = (where: string, path: string) =>
    where.startsWith('http') ? `${where}/${path}` : hubUrl(where, path);
  return testManifest(
    'm',
    [...FILES].map(([path, data]) => ({
      path,
      url: at(first, path),
      mirrors: mirrors.map((m) => at(m, path)),
      size: Buffer.byteLength(data),
      sha256: sha256Bytes(data),
    })),
  );
}

async function pull(manifest: ReturnType<typeof mirroredManifest>) {
  const dir = await makeTempDir();
  const done: DownloadedFile[] = [];
  const installed = await pullModel({
    modelsDir: dir,
    manifest,
    hubUrl: hub.url,
    onFileDone: (file) => done.push(file),
  });
  return { dir, installed, done };
}

const unet = <T extends { path: string }>(files: T[]) =>
  files.find((f) => f.path === 'unet/model.onnx');

describe('a file with several sources under the same pins', () => {
  it('comes from the first source when it serves, and says so', async () => {
    const { installed } = await pull(mirroredManifest(PRIMARY, [MIRROR]));
    expect(installed.files.every((f) => f.servedBy?.includes(`/${PRIMARY}/`))).toBe(true);
  });

  it('comes from the mirror when the first repository is gone (404), recording both', async () => {
    const { dir, installed, done } = await pull(mirroredManifest('acme/removed', [MIRROR]));
    expect(unet(installed.files)).toMatchObject({
      url: hubUrl('acme/removed', 'unet/model.onnx'),
      servedBy: hubUrl(MIRROR, 'unet/model.onnx'),
      verified: { by: 'hub-lfs-sha256', commit: COMMIT },
    });
    expect(unet(done)?.failedSources).toEqual([
      {
        url: hubUrl('acme/removed', 'unet/model.onnx'),
        reason: expect.stringMatching(/HTTP 404 .*Repository not found \(RepoNotFound\)/),
      },
    ]);
    const onDisk = await readInstalledManifest(dir, 'm');
    expect(unet(onDisk!.files)?.servedBy).toBe(hubUrl(MIRROR, 'unet/model.onnx'));
    expect((await verifyModel(dir, onDisk!)).every((c) => c.status === 'ok')).toBe(true);
  });

  it('skips a source whose tree lists other bytes than pinned, before downloading from it', async () => {
    hub.requests.length = 0;
    const { installed, done } = await pull(mirroredManifest(OTHER, [MIRROR]));
    expect(unet(installed.files)?.servedBy).toBe(hubUrl(MIRROR, 'unet/model.onnx'));
    expect(unet(done)?.failedSources[0]?.reason).toMatch(
      /the manifest pins sha256 [0-9a-f]{64} but the Hub's tree of acme\/other-export/,
    );
    expect(
      hub.requests.some(
        (r) => r.url.includes(`/${OTHER}/resolve/`) && r.url.endsWith('unet/model.onnx'),
      ),
    ).toBe(false);
    // Its other files are the same bytes: they still come from it.
    expect(installed.files.find((f) => f.path === 'vae_decoder/model.onnx')?.servedBy).toContain(
      `/${OTHER}/`,
    );
  });

  it('falls to the next source when the first serves bytes other than its tree lists', async () => {
    const original = primary.files.get('unet/model.onnx')!;
    const tampered = Buffer.from(original);
    tampered.writeUInt8(tampered.readUInt8(10) ^ 0xff, 10);
    primary.files.set('unet/model.onnx', tampered);
    try {
      const { installed, done } = await pull(mirroredManifest(PRIMARY, [MIRROR]));
      expect(unet(installed.files)?.servedBy).toBe(hubUrl(MIRROR, 'unet/model.onnx'));
      expect(unet(done)?.failedSources[0]?.reason).toMatch(
        /Checksum mismatch for .*unet\/model\.onnx/,
      );
    } finally {
      primary.files.set('unet/model.onnx', original);
    }
  });

  it('falls to an https mirror on an HTTP error, under the same sha256', async () => {
    hub.failNext(`/${PRIMARY}/resolve/${COMMIT}/unet/model.onnx`, { status: 503 });
    const { installed, done } = await pull(mirroredManifest(PRIMARY, [`${host.url}/plain`]));
    expect(unet(installed.files)).toMatchObject({
      servedBy: `${host.url}/plain/unet/model.onnx`,
      verified: { by: 'manifest-sha256' },
    });
    expect(unet(done)?.failedSources[0]?.reason).toMatch(/HTTP 503/);
  });

  it('names every source when none can serve the file', async () => {
    const manifest = mirroredManifest('acme/removed', ['acme/also-removed']);
    await expect(pull(manifest)).rejects.toThrow(
      /tokenizer\/vocab\.json: no source could serve it:\n {2}https:\/\/huggingface\.co\/acme\/removed\/.*HTTP 404.*\n {2}https:\/\/huggingface\.co\/acme\/also-removed\/.*HTTP 404/,
    );
  });

  it('refuses a mirror that follows a branch, as it refuses such a URL', async () => {
    const manifest = mirroredManifest(PRIMARY, [MIRROR]);
    manifest.files[0]!.mirrors = [
      'https://huggingface.co/acme/mirror/resolve/main/tokenizer/vocab.json',
    ];
    await expect(pull(manifest)).rejects.toThrow(
      /does not pin tokenizer\/vocab\.json \(mirror https:\/\/huggingface\.co\/acme\/mirror\/resolve\/main\/tokenizer\/vocab\.json: URL follows "main" instead of a commit\)/,
    );
  });

  it('prints which source served each file, and the peak memory of the pull', async () => {
    const dir = await makeTempDir();
    const manifestPath = join(dir, 'm.json');
    await writeFile(manifestPath, JSON.stringify(mirroredManifest('acme/removed', [MIRROR])));
    const lines: string[] = [];
    const code = await runModelsCli(
      ['pull', '--manifest', manifestPath, '--models-dir', dir, '--hub-url', hub.url],
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    const log = lines.join('\n');
    expect(log).toMatch(
      /unet\/model\.onnx: \d+ bytes from https:\/\/huggingface\.co\/acme\/mirror\/resolve\/c{40}\/unet\/model\.onnx, sha256 [0-9a-f]{64} matches the Hub's tree at c{40}/,
    );
    expect(log).toMatch(/ {4}not from https:\/\/huggingface\.co\/acme\/removed\/.*HTTP 404/);
    expect(log).toMatch(/Peak memory of this pull: \d+ MB resident/);
    expect(await isModelInstalled(dir, 'm')).toBe(true);
  });
});
