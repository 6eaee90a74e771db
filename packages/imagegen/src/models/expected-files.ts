import { fetchHubTree, type HubTreeFile } from './hub-tree';
import { HUB_URL, hubFileUrl, parseHubFileUrl, type HubFile } from './hub-url';
import type { ModelFile, ModelManifest } from './manifest';
import { sourceUrls, unpinnedFiles } from './pins';

type VerifiedBy = NonNullable<ModelFile['verified']>['by'];

/** One place a file's bytes can come from, and what they must match there. */
export interface FileSource {
  /** As the manifest names it: recorded as the installed file's `servedBy`. */
  url: string;
  /** Where the bytes are fetched: `url`, on `hubUrl` for Hub files. */
  fetchUrl: string;
  size?: number;
  sha256?: string;
  gitBlobId?: string;
  verifiedBy: VerifiedBy;
  commit?: string;
}

/** A source that could not serve a file, and why. */
export interface SourceFailure {
  url: string;
  error: Error;
}

/** A manifest file with the sources that passed their checks, in the manifest's order. */
export interface ExpectedFile {
  file: ModelFile;
  sources: FileSource[];
  /** Sources dropped before any download: a removed repository or commit, other bytes. */
  dropped: SourceFailure[];
}

export interface ExpectOptions {
  hubUrl?: string;
  allowUnpinned?: boolean;
  signal?: AbortSignal;
}

function fromTree(file: ModelFile, url: string, hub: HubFile, entry: HubTreeFile, hubUrl: string) {
  const where = `the Hub's tree of ${hub.repo} at ${hub.revision}`;
  if (entry.kind === 'lfs' && file.sha256 && file.sha256 !== entry.sha256) {
    throw new Error(
      `${file.path}: the manifest pins sha256 ${file.sha256} but ${where} lists ${entry.sha256}. Refusing: the manifest or the repository is not what it claims.`,
    );
  }
  if (file.size !== undefined && file.size !== entry.size) {
    throw new Error(
      `${file.path}: the manifest pins ${file.size} bytes but ${where} lists ${entry.size}. Refusing.`,
    );
  }
  const source: FileSource = {
    url,
    fetchUrl: hubFileUrl(hubUrl, hub),
    size: entry.size,
    verifiedBy: entry.kind === 'lfs' ? 'hub-lfs-sha256' : 'hub-git-blob-id',
    commit: hub.revision,
  };
  if (entry.kind === 'lfs') source.sha256 = entry.sha256;
  else {
    source.gitBlobId = entry.gitBlobId;
    // A small file kept in git: the manifest's sha256, if any, is checked after the download.
    if (file.sha256) source.sha256 = file.sha256;
  }
  return source;
}

/**
 * The error for a file none of whose sources could serve it: a lone source's own error, else
 * every source's in the order they were tried.
 */
export function noSourceError(file: ModelFile, failures: SourceFailure[]): Error {
  const [only] = failures;
  if (failures.length === 1 && only) return only.error;
  const lines = failures.map((f) => `  ${f.url}: ${f.error.message}`);
  return new Error(`${file.path}: no source could serve it:\n${lines.join('\n')}`, {
    cause: only?.error,
  });
}

/**
 * What every file must be, and where it may come from, before pull downloads anything. A Hub
 * source at a commit is checked against the Hub's tree for that commit (LFS: sha256 and size;
 * small files: git blob id), and a sha256 or size the manifest pins must agree with it. Any other
 * source needs the file's sha256 pinned, unless `allowUnpinned` (`--record-pins`) downloads it
 * once to record it. A source that fails here (its repository or commit gone, another file at
 * its path) is dropped and the next is tried; a file none of whose sources passes is refused.
 */
export async function resolveExpectedFiles(
  manifest: ModelManifest,
  options: ExpectOptions = {},
): Promise<ExpectedFile[]> {
  const unpinned = unpinnedFiles(manifest, options.allowUnpinned);
  if (unpinned.length > 0) {
    throw new Error(
      `Manifest for ${manifest.name} does not pin ${unpinned.map((u) => `${u.path} (${u.reason})`).join(', ')}. ` +
        'Give Hub files a commit URL (resolve/<40-hex commit>/…); give other files a size and sha256, or pass --record-pins to download them once and print their pins.',
    );
  }
  const hubUrl = options.hubUrl ?? HUB_URL;
  const trees = new Map<string, Promise<Map<string, HubTreeFile>>>();
  const treeOf = (hub: HubFile) => {
    const key = `${hub.repo}@${hub.revision}`;
    let tree = trees.get(key);
    if (!tree) {
      tree = fetchHubTree(hubUrl, hub.repo, hub.revision, options.signal);
      trees.set(key, tree);
    }
    return tree;
  };

  async function resolveSource(file: ModelFile, url: string): Promise<FileSource> {
    const hub = parseHubFileUrl(url);
    if (!hub) {
      const { size, sha256 } = file;
      return {
        url,
        fetchUrl: url,
        size,
        sha256,
        verifiedBy: sha256 ? 'manifest-sha256' : 'recorded',
      };
    }
    const entry = (await treeOf(hub)).get(hub.path);
    if (!entry) {
      throw new Error(
        `${file.path}: ${hub.repo} at commit ${hub.revision} has no file ${hub.path} (the Hub's tree for that commit does not list it).`,
      );
    }
    return fromTree(file, url, hub, entry, hubUrl);
  }

  const expected: ExpectedFile[] = [];
  for (const file of manifest.files) {
    const urls = sourceUrls(file);
    if (urls.length === 0) {
      throw new Error(`Manifest for ${manifest.name} gives no URL for ${file.path}.`);
    }
    const sources: FileSource[] = [];
    const dropped: SourceFailure[] = [];
    for (const url of urls) {
      try {
        sources.push(await resolveSource(file, url));
      } catch (error) {
        if (options.signal?.aborted) throw error;
        dropped.push({ url, error: error as Error });
      }
    }
    if (sources.length === 0) throw noSourceError(file, dropped);
    expected.push({ file, sources, dropped });
  }
  return expected;
}
