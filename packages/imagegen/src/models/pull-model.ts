import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileSize, sha256File, writeFileAtomic } from '../util/files';
import { downloadFile } from './download-file';
import { MANIFEST_FILE, type ModelFile, type ModelManifest } from './manifest';
import { modelDir } from './model-store';

export interface PullProgress {
  file: string;
  index: number;
  count: number;
  received: number;
  total: number | undefined;
}

export interface PullOptions {
  modelsDir: string;
  manifest: ModelManifest;
  signal?: AbortSignal;
  onProgress?: (progress: PullProgress) => void;
  onFileDone?: (file: ModelFile & { size: number; sha256: string; resumedFrom: number }) => void;
}

/**
 * Downloads every file into `MODELS_DIR/.pull-<name>` (kept between runs so an interrupted pull
 * resumes), then swaps the finished folder into place in one rename: a model folder is always
 * complete or absent. Unpinned hashes are recorded in the installed manifest.
 */
export async function pullModel(options: PullOptions): Promise<ModelManifest> {
  const { modelsDir, manifest } = options;
  const staging = join(modelsDir, `.pull-${manifest.name}`);
  await mkdir(staging, { recursive: true });
  const pinned: ModelFile[] = [];
  for (const [index, file] of manifest.files.entries()) {
    const dest = join(staging, file.path);
    const present = await fileSize(dest);
    if (present !== undefined && (file.size === undefined || present === file.size)) {
      const sha256 = await sha256File(dest);
      if (!file.sha256 || sha256 === file.sha256) {
        pinned.push({ ...file, size: present, sha256 });
        continue;
      }
      await rm(dest);
    }
    if (!file.url)
      throw new Error(
        `Manifest for ${manifest.name} gives no URL for ${file.path}; place the file at ${dest}.`,
      );
    const result = await downloadFile({
      url: file.url,
      dest,
      size: file.size,
      sha256: file.sha256,
      signal: options.signal,
      onProgress: (received, total) =>
        options.onProgress?.({
          file: file.path,
          index,
          count: manifest.files.length,
          received,
          total,
        }),
    });
    options.onFileDone?.({ ...file, ...result });
    pinned.push({ ...file, size: result.size, sha256: result.sha256 });
  }
  const installed: ModelManifest = { ...manifest, files: pinned };
  await writeFileAtomic(join(staging, MANIFEST_FILE), `${JSON.stringify(installed, null, 2)}\n`);
  const target = modelDir(modelsDir, manifest.name);
  const previous = join(modelsDir, `.old-${manifest.name}-${Date.now()}`);
  await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, target);
  await rm(previous, { recursive: true, force: true });
  return installed;
}
