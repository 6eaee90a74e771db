import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SessionSettings } from '../onnx/load-session';
import { quantizeMatMulWeights } from '../onnx/quantize-weights';
import { widenFloat16Model } from '../onnx/widen-float16';
import { fileSize, gitBlobIdFile, sha256File, writeFileAtomic } from '../util/files';
import { peakResidentMb } from '../util/peak-memory';
import { downloadFile, type DownloadResult } from './download-file';
import {
  noSourceError,
  resolveExpectedFiles,
  type ExpectedFile,
  type FileSource,
  type SourceFailure,
} from './expected-files';
import {
  MANIFEST_FILE,
  type ModelFile,
  type ModelManifest,
  type WeightPrecision,
} from './manifest';
import { modelDir } from './model-store';
import { proveModel, type ProofSize } from './prove-model';

export interface PullProgress {
  file: string;
  index: number;
  count: number;
  received: number;
  total: number | undefined;
}

export type PullStage = 'convert' | 'prove' | 'install';

/** A downloaded file as installed, with how the download went and which sources failed first. */
export type DownloadedFile = ModelFile &
  DownloadResult & {
    verified: Verified;
    servedBy: string;
    /** Sources tried before the one that served, and why each could not. */
    failedSources: Array<{ url: string; reason: string }>;
  };

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
  /**
   * `int8`: the text encoder's and UNet's weight MatMuls stored int8 after widening (dynamic
   * quantisation: smaller and faster on a CPU, a little further from the published weights).
   */
  weights?: WeightPrecision;
  /** The proof image's size; default the model's native size (`manifest.defaults`). */
  proofSize?: ProofSize;
  onProgress?: (progress: PullProgress) => void;
  onFileDone?: (file: DownloadedFile) => void;
  onStage?: (stage: PullStage, detail: string) => void;
}

type Verified = NonNullable<ModelFile['verified']>;

/** Whether a finished file's bytes match a source's pins; its sha256 when they do. */
async function matches(dest: string, source: FileSource): Promise<string | undefined> {
  const present = await fileSize(dest);
  if (present === undefined || (source.size !== undefined && present !== source.size)) return;
  const sha256 = await sha256File(dest);
  const ok =
    (!source.sha256 || sha256 === source.sha256) &&
    (!source.gitBlobId || (await gitBlobIdFile(dest)) === source.gitBlobId);
  return ok ? sha256 : undefined;
}

/** A finished download from an earlier run that one of the sources vouches for, else none. */
async function reusable(dest: string, expected: ExpectedFile) {
  for (const source of expected.sources) {
    const sha256 = await matches(dest, source);
    if (sha256) return { source, sha256 };
  }
  await rm(dest, { force: true });
  return undefined;
}

/** What the installed manifest records for a file: its own hashes, what and who vouched. */
function installedFile(file: ModelFile, source: FileSource, size: number, sha256: string) {
  const { gitBlobId: _pinnedBlob, ...rest } = file;
  const installed: ModelFile = {
    ...rest,
    size,
    sha256,
    servedBy: source.url,
    verified: { by: source.verifiedBy, ...(source.commit ? { commit: source.commit } : {}) },
  };
  if (source.gitBlobId) installed.gitBlobId = source.gitBlobId;
  return installed;
}

const reasonOf = (failure: SourceFailure) => ({
  url: failure.url,
  reason: failure.error.message,
});

/**
 * One file from the first of its sources that serves the pinned bytes: a source that fails (an
 * HTTP error, a cut transfer, other bytes than pinned) is recorded and the next is tried.
 */
async function downloadOne(
  options: PullOptions,
  expected: ExpectedFile,
  dest: string,
  progress: (received: number, total: number | undefined) => void,
): Promise<ModelFile> {
  const { file } = expected;
  const kept = await reusable(dest, expected);
  if (kept) return installedFile(file, kept.source, (await fileSize(dest)) ?? 0, kept.sha256);
  const failures: SourceFailure[] = [...expected.dropped];
  for (const [index, source] of expected.sources.entries()) {
    try {
      const result = await downloadFile({
        url: source.fetchUrl,
        dest,
        size: source.size,
        sha256: source.sha256,
        gitBlobId: source.gitBlobId,
        signal: options.signal,
        onProgress: progress,
      });
      const installed = installedFile(file, source, result.size, result.sha256);
      options.onFileDone?.({
        ...installed,
        ...result,
        verified: installed.verified!,
        servedBy: source.url,
        failedSources: failures.map(reasonOf),
      });
      return installed;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      failures.push({ url: source.url, error: error as Error });
      // A partial download resumes only from a source held to the same bytes.
      const next = expected.sources[index + 1];
      if (next && (!next.sha256 || next.sha256 !== source.sha256)) {
        await rm(`${dest}.partial`, { force: true });
      }
    }
  }
  throw noSourceError(file, failures);
}

/** Into `MODELS_DIR/.pull-<name>`, kept between runs so an interrupted pull resumes. */
async function downloadAll(
  options: PullOptions,
  files: ExpectedFile[],
  downloads: string,
): Promise<ModelFile[]> {
  const pinned: ModelFile[] = [];
  for (const [index, expected] of files.entries()) {
    const path = expected.file.path;
    pinned.push(
      await downloadOne(options, expected, join(downloads, path), (received, total) =>
        options.onProgress?.({ file: path, index, count: files.length, received, total }),
      ),
    );
  }
  return pinned;
}

/** Hard links where the filesystem allows (no second copy of gigabytes), else copies. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await link(from, to).catch(() => copyFile(from, to));
}

/** Widens the manifest's fp16 files in `dir`, then quantises; returns the paths written. */
async function rewriteWeights(dir: string, options: PullOptions): Promise<string[]> {
  const { manifest } = options;
  const quantize =
    options.weights === 'int8' ? [manifest.components.textEncoder, manifest.components.unet] : [];
  const written = new Set<string>();
  // Quantising reads weights from external data: a target not widened is widened (copied out) first.
  const widen = [
    ...manifest.widenFloat16,
    ...quantize.filter((p) => !manifest.widenFloat16.includes(p)),
  ];
  for (const path of widen) {
    options.onStage?.('convert', `${path}: float16 → float32`);
    const result = await widenFloat16Model(dir, path);
    result.files.forEach((f) => written.add(f));
    options.onStage?.(
      'convert',
      `${path}: ${result.widened} tensors widened, streamed; peak memory so far ${peakResidentMb()} MB`,
    );
  }
  for (const path of quantize) {
    const result = await quantizeMatMulWeights(dir, path);
    result.files.forEach((f) => written.add(f));
    options.onStage?.(
      'convert',
      `${path}: ${result.quantized} weight MatMuls stored int8; peak memory so far ${peakResidentMb()} MB`,
    );
  }
  return [...written];
}

/** The installed file list and the sources the rewritten files came from. */
async function convert(
  dir: string,
  downloaded: ModelFile[],
  options: PullOptions,
): Promise<Pick<ModelManifest, 'files' | 'sources' | 'weights'>> {
  const written = await rewriteWeights(dir, options);
  const weights = options.weights === 'int8' ? { weights: 'int8' as const } : {};
  if (written.length === 0) return { files: downloaded, ...weights };
  const kept = downloaded.filter((f) => !written.includes(f.path));
  const converted: ModelFile[] = [];
  for (const path of written) {
    const full = join(dir, path);
    converted.push({ path, size: (await fileSize(full)) ?? 0, sha256: await sha256File(full) });
  }
  return {
    files: [...kept, ...converted],
    sources: downloaded.filter((f) => written.includes(f.path)),
    ...weights,
  };
}

/**
 * Reads what every file must be (the Hub's tree for Hub files, refusing pins it contradicts),
 * downloads every file from the first of its sources that serves the pinned bytes (size and
 * hashes checked, a mismatch removed, the next source tried), converts what the manifest asks,
 * proves the model with the server's provider (one one-step image at its native size, its
 * decoder's range measured), and only then swaps the folder into place in one rename: a model
 * folder is complete, proven or absent, and a model that fails leaves the previous one installed.
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
    const size = options.proofSize ?? installed.defaults;
    options.onStage?.(
      'prove',
      `opening every session and making one ${size.width}×${size.height} image`,
    );
    try {
      const proof = await proveModel(
        candidate,
        installed,
        options.settings ?? { intraOpThreads: 0 },
        size,
      );
      installed = { ...installed, decoder: { ...installed.decoder, ...proof.decoder } };
      const { min, max } = proof.decoder.measured;
      options.onStage?.(
        'prove',
        `proven in ${Math.round(proof.ms)} ms; decoder output ${min.toFixed(3)}…${max.toFixed(3)}, read as ${proof.decoder.outputRange}; neighbouring pixels share ${(proof.neighbourCorrelation * 100).toFixed(0)} % of the image's variation` +
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
