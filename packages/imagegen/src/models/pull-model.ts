import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SessionSettings } from '../onnx/load-session';
import { widenFloat16Model } from '../onnx/widen-float16';
import { fileSize, sha256File, writeFileAtomic } from '../util/files';
import { downloadFile } from './download-file';
import { MANIFEST_FILE, type ModelFile, type ModelManifest } from './manifest';
import { modelDir } from './model-store';
import { unpinnedFiles } from './pins';
import { proveModel } from './prove-model';

export interface PullProgress {
  file: string;
  index: number;
  count: number;
  received: number;
  total: number | undefined;
}

export type PullStage = 'convert' | 'prove' | 'install';

export interface PullOptions {
  modelsDir: string;
  manifest: ModelManifest;
  signal?: AbortSignal;
  /** Download files the manifest does not pin (no sha256, or a moving URL) and record theirs. */
  allowUnpinned?: boolean;
  /** Sessions as the server opens them (the proof uses the same provider and threads). */
  settings?: SessionSettings;
  /** Off only for tests of the download layer, whose files are not models. */
  prove?: boolean;
  onProgress?: (progress: PullProgress) => void;
  onFileDone?: (file: ModelFile & { size: number; sha256: string; resumedFrom: number }) => void;
  onStage?: (stage: PullStage, detail: string) => void;
}

/** Into `MODELS_DIR/.pull-<name>`, kept between runs so an interrupted pull resumes. */
async function downloadAll(options: PullOptions, downloads: string): Promise<ModelFile[]> {
  const { manifest } = options;
  const pinned: ModelFile[] = [];
  for (const [index, file] of manifest.files.entries()) {
    const dest = join(downloads, file.path);
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
  return pinned;
}

/** Hard links where the filesystem allows (no second copy of gigabytes), else copies. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await link(from, to).catch(() => copyFile(from, to));
}

/** Widens the manifest's fp16 files in `dir`; returns the installed file list and the sources. */
async function convert(
  dir: string,
  downloaded: ModelFile[],
  options: PullOptions,
): Promise<Pick<ModelManifest, 'files' | 'sources'>> {
  const targets = options.manifest.widenFloat16;
  if (targets.length === 0) return { files: downloaded };
  const written: string[] = [];
  for (const path of targets) {
    options.onStage?.('convert', `${path}: float16 → float32`);
    written.push(...(await widenFloat16Model(dir, path)).files);
  }
  const kept = downloaded.filter((f) => !written.includes(f.path));
  const converted: ModelFile[] = [];
  for (const path of written) {
    const full = join(dir, path);
    converted.push({ path, size: (await fileSize(full)) ?? 0, sha256: await sha256File(full) });
  }
  return {
    files: [...kept, ...converted],
    sources: downloaded.filter((f) => targets.includes(f.path)),
  };
}

/**
 * Downloads every file (pinned: size and sha256 checked, a mismatch removed), converts what the
 * manifest asks, proves the model with the server's provider (one 64×64, one-step image), and
 * only then swaps the folder into place in one rename: a model folder is complete, proven or
 * absent, and a model that fails leaves the previous one installed.
 */
export async function pullModel(options: PullOptions): Promise<ModelManifest> {
  const { modelsDir, manifest } = options;
  const unpinned = unpinnedFiles(manifest);
  if (unpinned.length > 0 && !options.allowUnpinned) {
    throw new Error(
      `Manifest for ${manifest.name} does not pin ${unpinned.map((u) => `${u.path} (${u.reason})`).join(', ')}. ` +
        'Pin each file (commit URL, size, sha256), or pass --record-pins to download them once and print their pins.',
    );
  }
  const downloads = join(modelsDir, `.pull-${manifest.name}`);
  const candidate = join(modelsDir, `.stage-${manifest.name}`);
  await mkdir(downloads, { recursive: true });
  const downloaded = await downloadAll(options, downloads);

  await rm(candidate, { recursive: true, force: true });
  for (const file of downloaded)
    await linkOrCopy(join(downloads, file.path), join(candidate, file.path));
  const installed: ModelManifest = {
    ...manifest,
    ...(await convert(candidate, downloaded, options)),
  };
  await writeFileAtomic(join(candidate, MANIFEST_FILE), `${JSON.stringify(installed, null, 2)}\n`);
  if (options.prove !== false) {
    options.onStage?.('prove', 'opening every session and making one 64×64 image');
    try {
      const proof = await proveModel(
        candidate,
        installed,
        options.settings ?? { intraOpThreads: 0 },
      );
      options.onStage?.('prove', `proven in ${Math.round(proof.ms)} ms`);
    } catch (error) {
      await rm(candidate, { recursive: true, force: true });
      // Downloads stay for a retry (after freeing memory, say); `models remove` deletes them.
      throw error;
    }
  }

  options.onStage?.('install', modelDir(modelsDir, manifest.name));
  const target = modelDir(modelsDir, manifest.name);
  const previous = join(modelsDir, `.old-${manifest.name}-${Date.now()}`);
  await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(candidate, target);
  await rm(previous, { recursive: true, force: true });
  await rm(downloads, { recursive: true, force: true });
  return installed;
}
