import { rm } from 'node:fs/promises';
import { fileSize, gitBlobIdFile, sha256File } from '../util/files';
import type { ExpectedFile, FileSource } from './expected-files';

/**
 * A finished download from an earlier run that one of the sources vouches for, with that source
 * and its sha256; else none, and the file is removed.
 */
export async function reusableDownload(dest: string, expected: ExpectedFile) {
  for (const source of expected.sources) {
    const sha256 = await matches(dest, source);
    if (sha256) return { source, sha256 };
  }
  await rm(dest, { force: true });
  return undefined;
}

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
