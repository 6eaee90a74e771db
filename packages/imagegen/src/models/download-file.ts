import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileSize, gitBlobIdFile } from '../util/files';
import { describeNetworkCause, fetchOrExplain, httpFailure, NetworkError } from './network-error';

export class ChecksumMismatchError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly actual: string,
    readonly algorithm: 'sha256' | 'git blob id' = 'sha256',
  ) {
    super(
      `Checksum mismatch for ${path}: expected ${algorithm} ${expected}, got ${actual}. The partial download was deleted; pull again.`,
    );
    this.name = 'ChecksumMismatchError';
  }
}

export interface DownloadOptions {
  url: string;
  dest: string;
  size?: number;
  sha256?: string;
  /** Checked after the download when given: the Hub's id for a file kept in git, not LFS. */
  gitBlobId?: string;
  signal?: AbortSignal;
  onProgress?: (received: number, total: number | undefined) => void;
}

export interface DownloadResult {
  size: number;
  sha256: string;
  resumedFrom: number;
}

async function hashExisting(path: string, hash: ReturnType<typeof createHash>): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

/**
 * Downloads to `dest.partial`, resuming with an HTTP Range request when a partial file exists,
 * verifies size, sha256 and git blob id as given, then renames into place so `dest` is either
 * complete or absent. Failures name the URL and the cause; an interrupted transfer keeps its
 * partial file for the next attempt.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const { url, dest, signal } = options;
  const partial = `${dest}.partial`;
  await mkdir(dirname(dest), { recursive: true });
  let offset = (await fileSize(partial)) ?? 0;
  if (options.size !== undefined && offset > options.size) {
    await rm(partial, { force: true });
    offset = 0;
  }
  const response = await fetchOrExplain(url, {
    headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
    signal,
    redirect: 'follow',
  });
  const hash = createHash('sha256');
  let total: number | undefined;
  if (response.status === 416 && offset > 0) {
    // The partial already holds the whole file.
    total = offset;
    await hashExisting(partial, hash);
  } else if (response.status === 206 && offset > 0) {
    await hashExisting(partial, hash);
    const length = Number(response.headers.get('content-length'));
    total = Number.isFinite(length) && length > 0 ? offset + length : options.size;
  } else if (response.ok) {
    offset = 0; // server ignored the Range header: start over
    const length = Number(response.headers.get('content-length'));
    total = Number.isFinite(length) && length > 0 ? length : options.size;
  } else {
    throw await httpFailure(url, response);
  }
  const resumedFrom = offset;
  let received = offset;
  if (response.status !== 416 && response.body) {
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    body.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      received += chunk.length;
      options.onProgress?.(received, total);
    });
    try {
      await pipeline(body, createWriteStream(partial, { flags: offset > 0 ? 'a' : 'w' }), {
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new NetworkError(
        url,
        `interrupted after ${received} bytes: ${describeNetworkCause(error)}. Pull again to resume.`,
        { cause: error },
      );
    }
  }
  const size = (await fileSize(partial)) ?? 0;
  const sha256 = hash.digest('hex');
  if (options.size !== undefined && size !== options.size) {
    await rm(partial, { force: true });
    throw new Error(
      `Size mismatch for ${url}: expected ${options.size} bytes, got ${size}. Pull again.`,
    );
  }
  if (options.sha256 && sha256 !== options.sha256) {
    await rm(partial, { force: true });
    throw new ChecksumMismatchError(dest, options.sha256, sha256);
  }
  if (options.gitBlobId) {
    const blobId = await gitBlobIdFile(partial);
    if (blobId !== options.gitBlobId) {
      await rm(partial, { force: true });
      throw new ChecksumMismatchError(dest, options.gitBlobId, blobId, 'git blob id');
    }
  }
  await rename(partial, dest);
  return { size, sha256, resumedFrom };
}
