import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SessionSettings } from '../onnx/load-session';
import { widenFloat16Model } from '../onnx/widen-float16';
import { fileSize, gitBlobIdFile, sha256File, writeFileAtomic } from '../util/files';
import { downloadFile } from './download-file';
import { resolveExpectedFiles, type ExpectedFile } from './expected-files';
import { MANIFEST_FILE, type ModelFile, type ModelManifest } from './manifest';
import { modelDir } from './model-store';
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
  /** Download files off the Hub that the manifest does not pin (no sha256) and record theirs. */
  allowUnpinned?: boolean;
  /** The Hub endpoint for `huggingface.co` URLs (a mirror, or a test server); default the Hub. */
  hubUrl?: string;
  /** Sessions as the server opens them (the proof uses the same provider and threads). */
  settings?: SessionSettings;
  /** Off only for tests of the download layer, whose files are not models. */
  prove?: boolean;
  onProgress?: (progress: PullProgress) => void;
  onFileDone?: (
    file: ModelFile & { size: number; sha256: string; resumedFrom: number; verified: Verified },
  ) => void;
  onStage?: (stage: PullStage, detail: string) => void;
}

type Verified = NonNullable<ModelFile['verified']>;

/** A finished download from an earlier run that still matches: its sha256, else undefined. */
async function reusable(dest: string, file: ExpectedFile): Promise<string | undefined> {
  const present = await fileSize(dest);
  if (present === undefined || (file.size !== undefined && present !== file.size)) return;
  const sha256 = await sha256File(dest);
  const ok =
    (!file.sha256 || sha256 === file.sha256) &&
    (!file.gitBlobId || (await gitBlobIdFile(dest)) === file.gitBlobId);
  if (ok) return sha256;
  await rm(dest);
}

/** What the installed manifest records for a file: its own hashes and what they matched. */
function installedFile(file: ExpectedFile, size: number, sha256: string): ModelFile {
  const { fetchUrl: _fetchUrl, verifiedBy, commit, ...rest } = file;
  return { ...rest, size, sha256, verified: { by: verifiedBy, ...(commit ? { commit } : {}) } };
}

/** Into `MODELS_DIR/.pull-<name>`, kept between runs so an interrupted pull resumes. */
async function downloadAll(
  options: PullOptions,
  files: ExpectedFile[],
  downloads: string,
): Promise<ModelFile[]> {
  const pinned: ModelFile[] = [];
  for (const [index, file] of files.entries()) {
    const dest = join(downloads, file.path);
    const kept = await reusable(dest, file);
    if (kept) {
      pinned.push(installedFile(file, (await fileSize(dest)) ?? 0, kept));
      continue;
    }
    const result = await downloadFile({
      url: file.fetchUrl,
      dest,
      size: file.size,
      sha256: file.sha256,
      gitBlobId: file.gitBlobId,
      signal: options.signal,
      onProgress: (received, total) =>
        options.onProgress?.({
          file: file.path,
          index,
          count: files.length,
          received,
          total,
        }),
    });
    const installed = installedFile(file, result.size, result.sha256);
    options.onFileDone?.({ ...installed, ...result, verified: installed.verified! });
    pinned.push(installed);
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
 * Reads what every file must be (the Hub's tree for Hub files, refusing pins it contradicts),
 * downloads every file (size and hashes checked, a mismatch removed), converts what the manifest
 * asks, proves the model with the server's provider (one 64×64, one-step image, its decoder's
 * range measured), and only then swaps the folder into place in one rename: a model folder is
 * complete, proven or absent, and a model that fails leaves the previous one installed.
 */
export async function pullModel(options: PullOptions): Promise<ModelManifest> {
  const { modelsDir, manifest } = options;
  const expected = await resolveExpectedFiles(manifest, options);
  const downloads = join(modelsDir, `.pull-${manifest.name}`);
  const candidate = join(modelsDir, `.stage-${manifest.name}`);
  await mkdir(downloads, { recursive: true });
  const downloaded = await downloadAll(options, expected, downloads);

  await rm(candidate, { recursive: true, force: true });
  for (const file of downloaded)
    await linkOrCopy(join(downloads, file.path), join(candidate, file.path));
  let installed: ModelManifest = {
    ...manifest,
    ...(await convert(candidate, downloaded, options)),
  };
  if (options.prove !== false) {
    options.onStage?.('prove', 'opening every session and making one 64×64 image');
    try {
      const proof = await proveModel(
        candidate,
        installed,
        options.settings ?? { intraOpThreads: 0 },
      );
      installed = { ...installed, decoder: { ...installed.decoder, ...proof.decoder } };
      const { min, max } = proof.decoder.measured;
      options.onStage?.(
        'prove',
        `proven in ${Math.round(proof.ms)} ms; decoder output ${min.toFixed(3)}…${max.toFixed(3)}, read as ${proof.decoder.outputRange}` +
          (proof.roundTrip === undefined
            ? ''
            : `; image encoder round trip within ${(proof.roundTrip * 100).toFixed(0)} % of the image's variation`),
      );
    } catch (error) {
      await rm(candidate, { recursive: true, force: true });
      // Downloads stay for a retry (after freeing memory, say); `models remove` deletes them.
      throw error;
    }
  }

  await writeFileAtomic(join(candidate, MANIFEST_FILE), `${JSON.stringify(installed, null, 2)}\n`);
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
