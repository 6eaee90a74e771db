import { rm } from 'node:fs/promises';
import { fileSize, gitBlobIdFile, sha256File } from '../util/files';
import type { ExpectedFile } from './expected-files';

/**
 * A finished download from an earlier run that one of the sources vouches for, with that source,
 * its size and its sha256; else none, and the file is removed. The file is read at most once for
 * each kind of hash, however many sources are tried.
 */
export async function reusableDownload(dest: string, expected: ExpectedFile) {
  const size = await fileSize(dest);
  if (size !== undefined) {
    const sha256 = once(() => sha256File(dest));
    const gitBlobId = once(() => gitBlobIdFile(dest));
    for (const source of expected.sources) {
      if (source.size !== undefined && size !== source.size) continue;
      if (source.sha256 && (await sha256()) !== source.sha256) continue;
      if (source.gitBlobId && (await gitBlobId()) !== source.gitBlobId) continue;
      return { source, size, sha256: await sha256() };
    }
  }
  await rm(dest, { force: true });
  return undefined;
}

function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= compute());
}
