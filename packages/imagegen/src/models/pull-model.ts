import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionSettings } from '../onnx/load-session';
import { convertWeights } from './convert-weights';
import { downloadFile, type DownloadResult } from './download-file';
import {
  noSourceError,
  resolveExpectedFiles,
  type ExpectedFile,
  type SourceFailure,
} from './expected-files';
import { installCandidate } from './install-candidate';
import { installedFile } from './installed-file';
import type { ModelFile, ModelManifest, WeightPrecision } from './manifest';
import { proveCandidate } from './prove-candidate';
import type { ProofSize } from './prove-model';
import { reusableDownload } from './reusable-download';
import { stageCandidate } from './stage-candidate';

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
  const kept = await reusableDownload(dest, expected);
  if (kept) return installedFile(file, kept.source, kept.size, kept.sha256);
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

/**
 * Reads what every file must be (the Hub's tree for Hub files, refusing pins it contradicts),
 * downloads every file from the first of its sources that serves the pinned bytes (size and
 * hashes checked, a mismatch removed, the next source tried), converts what the manifest asks,
 * proves the model with the server's provider (on every pull: one one-step image at its native
 * size, or `proofSize`, its decoder's range measured), and only then swaps the folder into place
 * in one rename: a model folder is complete, proven or absent, and a model that fails leaves the
 * previous one installed.
 */
export async function pullModel(options: PullOptions): Promise<ModelManifest> {
  const { modelsDir, manifest } = options;
  const expected = await resolveExpectedFiles(manifest, options);
  const downloads = join(modelsDir, `.pull-${manifest.name}`);
  const candidate = join(modelsDir, `.stage-${manifest.name}`);
  await mkdir(downloads, { recursive: true });
  const downloaded = await downloadAll(options, expected, downloads);

  await stageCandidate(downloads, candidate, downloaded);
  const converted: ModelManifest = {
    ...manifest,
    ...(await convertWeights(candidate, downloaded, options)),
  };
  const installed = await proveCandidate(candidate, converted, options);

  await installCandidate(candidate, installed, options);
  await rm(downloads, { recursive: true, force: true });
  return installed;
}
