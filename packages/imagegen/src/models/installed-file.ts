import type { FileSource } from './expected-files';
import type { ModelFile } from './manifest';

/** What the installed manifest records for a file: its own hashes, what and who vouched. */
export function installedFile(file: ModelFile, source: FileSource, size: number, sha256: string) {
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
