import { isCommitId, parseHubFileUrl } from './hub-url';
import type { ModelFile, ModelManifest } from './manifest';

/** The commit a Hugging Face file URL is pinned to, `main`-style refs included, else undefined. */
export function urlRevision(url: string | undefined): string | undefined {
  return parseHubFileUrl(url)?.revision;
}

/**
 * Why a file is not pinned, or undefined when it is. A Hub file at a commit is pinned by the
 * commit (the Hub's tree for it names every file's hash); any other file needs a sha256.
 */
export function unpinnedReason(file: ModelFile): string | undefined {
  const hub = parseHubFileUrl(file.url);
  if (hub && !isCommitId(hub.revision)) {
    return `URL follows "${hub.revision}" instead of a commit`;
  }
  if (!hub && !file.sha256) return 'no sha256';
  return undefined;
}

export function unpinnedFiles(manifest: ModelManifest): Array<{ path: string; reason: string }> {
  return manifest.files.flatMap((file) => {
    const reason = unpinnedReason(file);
    return reason ? [{ path: file.path, reason }] : [];
  });
}
