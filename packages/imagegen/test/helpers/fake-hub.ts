import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ModelManifest } from '../../src/models/manifest';
import { gitBlobIdBytes, sha256Bytes } from '../../src/util/files';
import { startServer, type TestServer } from './http-server';
import { testManifest } from './model-files-server';

export interface FakeRepo {
  commit: string;
  /** Served live: replacing an entry after start serves other bytes than the tree lists. */
  files: Map<string, Uint8Array | string>;
  /** Files kept in LFS (the tree gives their sha256); default: model weights by extension. */
  lfsPaths?: Set<string>;
}

export type HubFault = { status: number; error?: string } | { cutAfterBytes: number };

export interface FakeHub extends TestServer {
  /** The next request whose path (query aside) ends with `suffix` fails this way, once. */
  failNext(suffix: string, fault: HubFault): void;
}

const LFS_BY_DEFAULT = /\.(onnx|onnx_data|bin|safetensors)$/;

function hubError(res: ServerResponse, status: number, code: string, error: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-error-code': code });
  res.end(JSON.stringify({ error }));
}

/** The tree the Hub lists for a commit: folders, then files (LFS ones with `lfs`). */
function treeOf(repo: FakeRepo): unknown[] {
  const dirs = new Set<string>();
  const files = [...repo.files].map(([path, data]) => {
    path
      .split('/')
      .slice(0, -1)
      .forEach((_, i, parts) => dirs.add(parts.slice(0, i + 1).join('/')));
    const size = Buffer.byteLength(data);
    const lfs = repo.lfsPaths ? repo.lfsPaths.has(path) : LFS_BY_DEFAULT.test(path);
    if (!lfs) return { type: 'file', oid: gitBlobIdBytes(data), size, path };
    const sha256 = sha256Bytes(data);
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${sha256}\nsize ${size}\n`;
    return {
      type: 'file',
      oid: gitBlobIdBytes(pointer),
      size,
      path,
      lfs: { oid: sha256, size, pointerSize: Buffer.byteLength(pointer) },
    };
  });
  return [
    ...[...dirs].map((path) => ({ type: 'directory', oid: '0'.repeat(40), size: 0, path })),
    ...files,
  ];
}

function sendRange(req: IncomingMessage, res: ServerResponse, body: Buffer, cut?: number): void {
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  if (start >= body.length) {
    res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    return;
  }
  const part = body.subarray(start);
  res.writeHead(range ? 206 : 200, {
    'content-length': part.length,
    'accept-ranges': 'bytes',
    ...(range ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
  });
  if (cut === undefined) res.end(part);
  else res.write(part.subarray(0, cut), () => setTimeout(() => res.destroy(), 20));
}

/**
 * A local server that answers like the Hugging Face Hub: `/{repo}/resolve/{commit}/{path}` with
 * Range support, and `/api/models/{repo}/tree/{commit}?recursive=true` paginated by a `Link`
 * header (`pageSize` entries a page). Unknown repositories, commits and paths get the Hub's 404
 * JSON and `x-error-code`. Point pull at it with `hubUrl` (or `--hub-url`).
 */
export async function startFakeHub(
  repos: Map<string, FakeRepo>,
  options: { pageSize?: number } = {},
): Promise<FakeHub> {
  const pageSize = options.pageSize ?? 50;
  const trees = new Map([...repos].map(([name, repo]) => [name, treeOf(repo)]));
  const faults: Array<{ suffix: string; fault: HubFault }> = [];
  const server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    const at = faults.findIndex((f) => url.pathname.endsWith(f.suffix));
    const fault = at >= 0 ? faults.splice(at, 1)[0]?.fault : undefined;
    if (fault && 'status' in fault) {
      hubError(res, fault.status, 'FakeFault', fault.error ?? 'Internal Error');
      return;
    }
    const tree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/([^/]+)$/.exec(url.pathname);
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname);
    const [, name = '', revision = ''] = tree ?? resolve ?? [];
    const repo = repos.get(name);
    if (!tree && !resolve) return hubError(res, 404, 'EntryNotFound', 'Not Found');
    if (!repo) return hubError(res, 404, 'RepoNotFound', 'Repository not found');
    if (revision !== repo.commit) {
      return hubError(res, 404, 'RevisionNotFound', `Invalid rev id: ${revision}`);
    }
    if (tree) {
      const entries = trees.get(name) ?? [];
      const offset = Number(url.searchParams.get('cursor') ?? 0);
      const next = offset + pageSize;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (next < entries.length) {
        headers.link = `<${server.url}${url.pathname}?recursive=true&cursor=${next}>; rel="next"`;
      }
      res.writeHead(200, headers).end(JSON.stringify(entries.slice(offset, next)));
      return;
    }
    const data = repo.files.get(resolve?.[3] ?? '');
    if (data === undefined) return hubError(res, 404, 'EntryNotFound', 'Entry not found');
    sendRange(
      req,
      res,
      Buffer.from(data),
      fault && 'cutAfterBytes' in fault ? fault.cutAfterBytes : undefined,
    );
  });
  return { ...server, failNext: (suffix, fault) => faults.push({ suffix, fault }) };
}

/**
 * A manifest naming every file of a fake repo by its Hub URL at the commit (no sha256 or size:
 * the tree gives them), for `pullModel({ manifest, hubUrl: hub.url })`.
 */
export function hubManifest(
  name: string,
  repoName: string,
  repo: FakeRepo,
  extra: Record<string, unknown> = {},
): ModelManifest {
  const files = [...repo.files.keys()].map((path) => ({
    path,
    url: `https://huggingface.co/${repoName}/resolve/${repo.commit}/${path}`,
  }));
  return testManifest(name, files, extra);
}
