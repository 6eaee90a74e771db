import type { ModelFile, ModelManifest } from './manifest';

const HUB_FILE = /^https:\/\/huggingface\.co\/[^/]+\/[^/]+\/resolve\/([^/]+)\//;

/** The commit a Hugging Face file URL is pinned to, `main`-style refs included, else undefined. */
export function urlRevision(url: string | undefined): string | undefined {
  return url ? HUB_FILE.exec(url)?.[1] : undefined;
}

/** Why a file is not pinned, or undefined when it is: a sha256 and, on the Hub, a commit. */
export function unpinnedReason(file: ModelFile): string | undefined {
  const revision = urlRevision(file.url);
  if (revision !== undefined && !/^[0-9a-f]{40}$/.test(revision)) {
    return `URL follows "${revision}" instead of a commit`;
  }
  if (!file.sha256) return 'no sha256';
  return undefined;
}

export function unpinnedFiles(manifest: ModelManifest): Array<{ path: string; reason: string }> {
  return manifest.files.flatMap((file) => {
    const reason = unpinnedReason(file);
    return reason ? [{ path: file.path, reason }] : [];
  });
}
