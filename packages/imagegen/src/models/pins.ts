import { isCommitId, parseHubFileUrl } from './hub-url';
import type { ModelFile, ModelManifest } from './manifest';

/** The commit a Hugging Face file URL is pinned to, `main`-style refs included, else undefined. */
export function urlRevision(url: string | undefined): string | undefined {
  return parseHubFileUrl(url)?.revision;
}

/** Every place the file may come from: its URL, then its mirrors, in the order pull tries them. */
export function sourceUrls(file: ModelFile): string[] {
  return [...(file.url ? [file.url] : []), ...(file.mirrors ?? [])];
}

function unpinnedUrlReason(
  url: string | undefined,
  file: ModelFile,
  recordPins: boolean,
): string | undefined {
  const hub = parseHubFileUrl(url);
  if (hub && !isCommitId(hub.revision)) {
    return `URL follows "${hub.revision}" instead of a commit`;
  }
  if (!hub && !file.sha256 && !recordPins) return 'no sha256';
  return undefined;
}

/**
 * Why a file is not pinned, or undefined when it is. A Hub file at a commit is pinned by the
 * commit (the Hub's tree for it names every file's hash); any other file needs a sha256, unless
 * `recordPins` (`--record-pins`) downloads it once to record it. Every mirror is held to the same
 * rule; a Hub URL must name a commit in every case.
 */
export function unpinnedReason(file: ModelFile, recordPins = false): string | undefined {
  const [first, ...mirrors] = sourceUrls(file);
  const own = unpinnedUrlReason(first, file, recordPins);
  if (own) return own;
  for (const mirror of mirrors) {
    const reason = unpinnedUrlReason(mirror, file, recordPins);
    if (reason) return `mirror ${mirror}: ${reason}`;
  }
  return undefined;
}

export function unpinnedFiles(
  manifest: ModelManifest,
  recordPins = false,
): Array<{ path: string; reason: string }> {
  return manifest.files.flatMap((file) => {
    const reason = unpinnedReason(file, recordPins);
    return reason ? [{ path: file.path, reason }] : [];
  });
}
