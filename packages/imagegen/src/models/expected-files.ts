import { fetchHubTree, type HubTreeFile } from './hub-tree';
import { HUB_URL, hubFileUrl, parseHubFileUrl, type HubFile } from './hub-url';
import type { ModelFile, ModelManifest } from './manifest';
import { unpinnedFiles } from './pins';

type VerifiedBy = NonNullable<ModelFile['verified']>['by'];

/** A manifest file with what its bytes must match and where to fetch them from. */
export interface ExpectedFile extends ModelFile {
  /** Where the bytes come from: the manifest's URL, on `hubUrl` for Hub files. */
  fetchUrl: string;
  verifiedBy: VerifiedBy;
  commit?: string;
}

export interface ExpectOptions {
  hubUrl?: string;
  allowUnpinned?: boolean;
  signal?: AbortSignal;
}

function fromTree(file: ModelFile, hub: HubFile, entry: HubTreeFile, hubUrl: string) {
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
  const expected: ExpectedFile = {
    ...file,
    fetchUrl: hubFileUrl(hubUrl, hub),
    size: entry.size,
    verifiedBy: entry.kind === 'lfs' ? 'hub-lfs-sha256' : 'hub-git-blob-id',
    commit: hub.revision,
  };
  if (entry.kind === 'lfs') expected.sha256 = entry.sha256;
  else expected.gitBlobId = entry.gitBlobId;
  return expected;
}

/**
 * What every file must be before pull downloads anything. A Hub file at a commit is checked
 * against the Hub's tree for that commit (LFS: sha256 and size; small files: git blob id), and a
 * sha256 or size the manifest pins must agree with it. Any other file needs its sha256 pinned,
 * unless `allowUnpinned` (`--record-pins`) downloads it once to record it.
 */
export async function resolveExpectedFiles(
  manifest: ModelManifest,
  options: ExpectOptions = {},
): Promise<ExpectedFile[]> {
  const unpinned = unpinnedFiles(manifest).filter(
    (u) =>
      !options.allowUnpinned || parseHubFileUrl(manifest.files.find((f) => f.path === u.path)?.url),
  );
  if (unpinned.length > 0) {
    throw new Error(
      `Manifest for ${manifest.name} does not pin ${unpinned.map((u) => `${u.path} (${u.reason})`).join(', ')}. ` +
        'Give Hub files a commit URL (resolve/<40-hex commit>/…); give other files a size and sha256, or pass --record-pins to download them once and print their pins.',
    );
  }
  const hubUrl = options.hubUrl ?? HUB_URL;
  const trees = new Map<string, Promise<Map<string, HubTreeFile>>>();
  const expected: ExpectedFile[] = [];
  for (const file of manifest.files) {
    const hub = parseHubFileUrl(file.url);
    if (!hub) {
      if (!file.url) {
        throw new Error(`Manifest for ${manifest.name} gives no URL for ${file.path}.`);
      }
      const verifiedBy = file.sha256 ? 'manifest-sha256' : 'recorded';
      expected.push({ ...file, fetchUrl: file.url, verifiedBy });
      continue;
    }
    const key = `${hub.repo}@${hub.revision}`;
    if (!trees.has(key)) {
      trees.set(key, fetchHubTree(hubUrl, hub.repo, hub.revision, options.signal));
    }
    const entry = (await trees.get(key))?.get(hub.path);
    if (!entry) {
      throw new Error(
        `${file.path}: ${hub.repo} at commit ${hub.revision} has no file ${hub.path} (the Hub's tree for that commit does not list it).`,
      );
    }
    expected.push(fromTree(file, hub, entry, hubUrl));
  }
  return expected;
}
