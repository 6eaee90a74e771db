import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseManifest, type ModelManifest } from '../../src/models/manifest';
import { widenFloat16Model } from '../../src/onnx/widen-float16';
import { buildPreviewFiles } from '../../src/preview/ensure-preview-model';
import { DT, GraphBuilder } from '../../src/preview/onnx-builder';
import { sha256Bytes, writeFileAtomic } from '../../src/util/files';
import { startServer, type TestServer } from './http-server';
import { withTempDir } from './temp-dir';

export type FileSet = Map<string, Uint8Array | string>;

/** Serves named file sets at /<set>/<path>, as a model host would. */
export async function startModelFilesServer(sets: Record<string, FileSet>): Promise<TestServer> {
  return startServer((req, res) => {
    const [, set = '', ...rest] = (req.url ?? '').split('/');
    const data = sets[set]?.get(rest.join('/'));
    if (data === undefined) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.from(data);
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
}

/** A test model's manifest: its files as given, `extra` over the bare minimum. */
export function testManifest(
  name: string,
  files: Array<{ path: string; url: string; mirrors?: string[]; size?: number; sha256?: string }>,
  extra: Record<string, unknown> = {},
): ModelManifest {
  return parseManifest(
    { name, licence: { name: 'test' }, defaults: {}, components: {}, ...extra, files },
    `test:${name}`,
  );
}

/** A manifest pinning every file of a set (size and sha256) at the server's URLs. */
export function pinnedManifest(
  server: TestServer,
  name: string,
  set: string,
  files: FileSet,
  extra: Record<string, unknown> = {},
): ModelManifest {
  const pinned = [...files].map(([path, data]) => ({
    path,
    url: `${server.url}/${set}/${path}`,
    size: Buffer.byteLength(data),
    sha256: sha256Bytes(data),
  }));
  return testManifest(name, pinned, extra);
}

/**
 * The preview model with its decoder replaced by one using com.microsoft GroupNorm, a contrib
 * operator ONNX Runtime implements only for GPU providers: what a CUDA-tuned export looks like.
 */
export function gpuOnlyPreviewFiles(): FileSet {
  const g = new GraphBuilder('vae_decoder');
  const latent = g.input('latent_sample', DT.float, ['batch', 4, 'height', 'width']);
  const gamma = g.floats([1, 1, 1, 1], [4]);
  const beta = g.floats([0, 0, 0, 0], [4]);
  const normed = g.op(
    'GroupNorm',
    [latent, gamma, beta],
    { activation: 0, epsilon: 1e-5, groups: 2 },
    undefined,
    {
      name: 'com.microsoft',
      version: 1,
    },
  );
  g.op('Slice', [normed, g.ints64([0]), g.ints64([3]), g.ints64([1])], {}, 'sample');
  g.output('sample', DT.float, ['batch', 3, 'height', 'width']);
  const files = buildPreviewFiles();
  files.set('vae_decoder/model.onnx', g.encode());
  return files;
}

/**
 * The preview model with its UNet's weights in `unet/model.onnx_data` beside the graph, as real
 * exports keep them: the UNet rewritten by the code pull widens with, which moves every weight
 * of 1 kB or more into the data file.
 */
export async function previewFilesWithWeightsFile(): Promise<FileSet> {
  const files = buildPreviewFiles();
  return withTempDir(async (dir) => {
    await writeFileAtomic(join(dir, 'unet/model.onnx'), files.get('unet/model.onnx')!);
    await widenFloat16Model(dir, 'unet/model.onnx');
    for (const path of ['unet/model.onnx', 'unet/model.onnx_data']) {
      files.set(path, await readFile(join(dir, path)));
    }
    return files;
  });
}
