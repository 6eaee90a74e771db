import { z } from 'zod';
import { hubTreeUrl } from './hub-url';
import { fetchOrExplain, httpFailure, NetworkError } from './network-error';

/**
 * One entry of `GET /api/models/{repo}/tree/{commit}?recursive=true`: `oid` is the git blob id
 * (SHA-1 of "blob <size>\0" + bytes); an LFS file also carries `lfs.oid`, its sha256, and
 * `lfs.size`, the size of the real file (the git blob is then only the LFS pointer).
 */
const treeEntrySchema = z.object({
  type: z.string(),
  path: z.string(),
  oid: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  lfs: z.object({ oid: z.string(), size: z.number().int().nonnegative() }).optional(),
});

export type HubTreeFile =
  | { path: string; kind: 'lfs'; sha256: string; size: number }
  | { path: string; kind: 'git'; gitBlobId: string; size: number };

/** The `rel="next"` target of a `Link` header, resolved against the page it came with. */
export function nextPageUrl(link: string | null, current: string): string | undefined {
  for (const part of link?.split(',') ?? []) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return new URL(match[1], current).href;
  }
  return undefined;
}

function toTreeFile(entry: z.infer<typeof treeEntrySchema>): HubTreeFile | undefined {
  if (entry.type !== 'file') return undefined;
  if (entry.lfs) {
    return { path: entry.path, kind: 'lfs', sha256: entry.lfs.oid, size: entry.lfs.size };
  }
  if (!entry.oid || entry.size === undefined) return undefined;
  return { path: entry.path, kind: 'git', gitBlobId: entry.oid, size: entry.size };
}

/** Every file of `repo` at `commit`, by path, following the `Link` header's pages. */
export async function fetchHubTree(
  hubUrl: string,
  repo: string,
  commit: string,
  signal?: AbortSignal,
): Promise<Map<string, HubTreeFile>> {
  const files = new Map<string, HubTreeFile>();
  let url: string | undefined = hubTreeUrl(hubUrl, repo, commit);
  for (let page = 0; url; page++) {
    if (page >= 1000) throw new NetworkError(url, 'the Hub tree never ends (over 1000 pages)');
    const response = await fetchOrExplain(url, {
      signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw await httpFailure(url, response);
    const parsed = z.array(treeEntrySchema).safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      throw new NetworkError(url, 'the answer is not a Hub file list (a JSON array of entries)');
    }
    for (const entry of parsed.data) {
      const file = toTreeFile(entry);
      if (file) files.set(file.path, file);
    }
    url = nextPageUrl(response.headers.get('link'), url);
  }
  return files;
}
