import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runModelsCli } from '../cli/models-cli';
import { ChecksumMismatchError, downloadFile } from './download-file';
import { parseManifest } from './manifest';
import { isModelInstalled, readInstalledManifest } from './model-store';
import { pullModel } from './pull-model';
import { verifyModel } from './verify-model';
import { startServer, type TestServer } from '../../test/helpers/http-server';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import { sha256Bytes } from '../util/files';
import { pinnedManifest, startModelFilesServer } from '../../test/helpers/model-files-server';
import { makeTempDir } from '../../test/helpers/temp-dir';

/** A model the proof accepts (the preview's graphs), every file served at /model/<path>. */
const MODEL = buildPreviewFiles();
/** Its UNet, also served at /blob. */
const BLOB = Buffer.from(MODEL.get('unet/model.onnx')!);
const BLOB_SHA = createHash('sha256').update(BLOB).digest('hex');
/** Its vocabulary, also served at /small.json (left unpinned). */
const SMALL = Buffer.from(MODEL.get('tokenizer/vocab.json')!);
/** Files that are no model, at /hello.json and /noise. */
const HELLO = Buffer.from('{"hello":"tokenizer"}');
const NOISE = randomBytes(300_000);
let server: TestServer;
/** When set, the next request for /blob sends this many bytes and then drops the connection. */
let cutAfter: number | undefined;

function bodyAt(url = ''): Buffer | undefined {
  const fixed: Record<string, Buffer> = {
    '/small.json': SMALL,
    '/blob': BLOB,
    '/hello.json': HELLO,
    '/noise': NOISE,
  };
  const file = url.startsWith('/model/') ? MODEL.get(url.slice('/model/'.length)) : undefined;
  return fixed[url] ?? (file === undefined ? undefined : Buffer.from(file));
}

beforeAll(async () => {
  server = await startServer((req, res) => {
    const body = bodyAt(req.url);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    if (start >= body.length) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
      return;
    }
    const part = body.subarray(start);
    res.writeHead(range ? 206 : 200, {
      'content-length': part.length,
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
    });
    if (cutAfter !== undefined && req.url === '/blob') {
      const limit = cutAfter;
      cutAfter = undefined;
      res.write(part.subarray(0, limit), () => setTimeout(() => res.destroy(), 20));
      return;
    }
    res.end(part);
  });
});

afterAll(() => server.close());

/** A manifest of `files` with the fields a test does not care about filled in. */
function testManifest(name: string, files: unknown[]) {
  return parseManifest(
    { name, licence: { name: 'test' }, defaults: {}, components: {}, files },
    'test',
  );
}

/** The model: its vocabulary unpinned, its UNet pinned to `sha256`, then its other files. */
function manifest(name: string, sha256 = BLOB_SHA) {
  const others = [...MODEL]
    .filter(([path]) => path !== 'tokenizer/vocab.json' && path !== 'unet/model.onnx')
    .map(([path, data]) => ({
      path,
      url: `${server.url}/model/${path}`,
      size: Buffer.byteLength(data),
      sha256: sha256Bytes(data),
    }));
  return testManifest(name, [
    { path: 'tokenizer/vocab.json', url: `${server.url}/small.json` },
    { path: 'unet/model.onnx', url: `${server.url}/blob`, size: BLOB.length, sha256 },
    ...others,
  ]);
}

/** Two files that are no model, the first unpinned. */
function looseManifest(name: string) {
  return testManifest(name, [
    { path: 'tokenizer/vocab.json', url: `${server.url}/hello.json` },
    {
      path: 'unet/model.onnx',
      url: `${server.url}/noise`,
      size: NOISE.length,
      sha256: sha256Bytes(NOISE),
    },
  ]);
}

describe('model download', () => {
  it('pulls, verifies and installs a model atomically, recording unpinned hashes', async () => {
    const dir = await makeTempDir();
    const seen: number[] = [];
    const installed = await pullModel({
      modelsDir: dir,
      manifest: manifest('m1'),
      allowUnpinned: true,
      onProgress: (p) => {
        if (p.file === 'unet/model.onnx') seen.push(p.received);
      },
    });
    expect(await readFile(join(dir, 'm1/unet/model.onnx'))).toEqual(BLOB);
    expect(installed.files[0]?.sha256).toBe(createHash('sha256').update(SMALL).digest('hex'));
    expect((await readInstalledManifest(dir, 'm1'))?.files[1]?.size).toBe(BLOB.length);
    expect(seen.at(-1)).toBe(BLOB.length);
    expect(await isModelInstalled(dir, 'm1')).toBe(true);
    expect((await verifyModel(dir, installed)).every((c) => c.status === 'ok')).toBe(true);
  });

  it('resumes an interrupted download with a Range request', async () => {
    const dir = await makeTempDir();
    cutAfter = Math.floor(BLOB.length / 3);
    const pull = () => pullModel({ modelsDir: dir, manifest: manifest('m2'), allowUnpinned: true });
    await expect(pull()).rejects.toThrow();
    expect(await isModelInstalled(dir, 'm2')).toBe(false);
    const partial = await stat(join(dir, '.pull-m2/unet/model.onnx.partial'));
    expect(partial.size).toBeGreaterThan(0);
    expect(partial.size).toBeLessThan(BLOB.length);
    server.requests.length = 0;
    await pull();
    expect(server.requests.find((r) => r.url === '/blob')?.headers.range).toBe(
      `bytes=${partial.size}-`,
    );
    expect(await readFile(join(dir, 'm2/unet/model.onnx'))).toEqual(BLOB);
  });

  it('rejects a checksum mismatch, deletes the partial and installs nothing', async () => {
    const dir = await makeTempDir();
    const dest = join(dir, 'x.bin');
    await expect(
      downloadFile({ url: `${server.url}/blob`, dest, sha256: 'f'.repeat(64) }),
    ).rejects.toBeInstanceOf(ChecksumMismatchError);
    await expect(stat(`${dest}.partial`)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      pullModel({
        modelsDir: dir,
        manifest: manifest('m3', '0'.repeat(64)),
        allowUnpinned: true,
      }),
    ).rejects.toThrow(/Checksum mismatch/);
    await expect(stat(join(dir, '.pull-m3/unet/model.onnx.partial'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(stat(join(dir, '.pull-m3/unet/model.onnx'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await isModelInstalled(dir, 'm3')).toBe(false);
  });

  it('refuses bytes of the wrong size and removes them', async () => {
    const dir = await makeTempDir();
    const dest = join(dir, 'y.bin');
    await expect(
      downloadFile({ url: `${server.url}/blob`, dest, size: BLOB.length - 1, sha256: BLOB_SHA }),
    ).rejects.toThrow(/Size mismatch/);
    await expect(stat(`${dest}.partial`)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(dest)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails clearly on HTTP errors', async () => {
    const dir = await makeTempDir();
    await expect(downloadFile({ url: `${server.url}/nope`, dest: join(dir, 'n') })).rejects.toThrow(
      /HTTP 404/,
    );
  });
});

describe('nocturne-models CLI', () => {
  it('lists, pulls and proves from a manifest file, verifies, detects corruption and removes', async () => {
    const files = buildPreviewFiles();
    const modelServer = await startModelFilesServer({ preview: files });
    try {
      const dir = await makeTempDir();
      const manifestPath = join(dir, 'custom.json');
      await writeFile(
        manifestPath,
        JSON.stringify(pinnedManifest(modelServer, 'custom', 'preview', files)),
      );
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      const cli = (...args: string[]) => runModelsCli([...args, '--models-dir', dir], log);
      expect(await cli('pull', '--manifest', manifestPath)).toBe(0);
      expect(lines.join('\n')).toMatch(/prove: proven in \d+ ms/);
      expect(await cli('list')).toBe(0);
      expect(lines.join('\n')).toMatch(/custom\s+installed\s+\d+\.\d MB\s+-/);
      expect(lines.join('\n')).toMatch(/sd-turbo\s+not installed\s+4ea5d20\+f99d5f3/);
      expect(await cli('verify', 'custom')).toBe(0);
      await writeFile(join(dir, 'custom/unet/model.onnx'), Buffer.alloc(100));
      expect(await cli('verify', 'custom')).toBe(1);
      expect(lines.join('\n')).toContain('size_mismatch');
      expect(await cli('remove', 'custom')).toBe(0);
      expect(await isModelInstalled(dir, 'custom')).toBe(false);
      expect(await cli('frobnicate')).toBe(2);
    } finally {
      await modelServer.close();
    }
  });

  it('refuses an unpinned manifest unless --record-pins, which prints the pins', async () => {
    const dir = await makeTempDir();
    const manifestPath = join(dir, 'loose.json');
    await writeFile(manifestPath, JSON.stringify(looseManifest('loose')));
    const lines: string[] = [];
    const cli = (...args: string[]) =>
      runModelsCli([...args, '--models-dir', dir], (l) => lines.push(l));
    await expect(cli('pull', '--manifest', manifestPath)).rejects.toThrow(/does not pin/);
    // The blob is no model: the proof refuses it, after the pins were downloaded and checked.
    await expect(cli('pull', '--manifest', manifestPath, '--record-pins')).rejects.toThrow(
      /refused/,
    );
    expect(lines.join('\n')).toMatch(
      /tokenizer\/vocab.json: 21 bytes from \S+, sha256 [0-9a-f]{64} recorded/,
    );
  });
});
