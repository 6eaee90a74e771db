/** The Hugging Face Hub every catalog URL names; `--hub-url` / `HF_ENDPOINT` point pull elsewhere. */
export const HUB_URL = 'https://huggingface.co';

export interface HubFile {
  repo: string;
  revision: string;
  path: string;
}

const RESOLVE = /^https:\/\/huggingface\.co\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/;

/** The repository, revision and path of a Hub file URL (`…/{repo}/resolve/{revision}/{path}`). */
export function parseHubFileUrl(url: string | undefined): HubFile | undefined {
  const match = url ? RESOLVE.exec(url) : null;
  if (!match) return undefined;
  const [, repo = '', revision = '', path = ''] = match;
  return { repo, revision: decodeURIComponent(revision), path };
}

export function isCommitId(revision: string): boolean {
  return /^[0-9a-f]{40}$/.test(revision);
}

/** The same file on another Hub endpoint (a mirror, or a test server), as huggingface_hub does. */
export function hubFileUrl(hubUrl: string, file: HubFile): string {
  return `${hubUrl.replace(/\/+$/, '')}/${file.repo}/resolve/${file.revision}/${file.path}`;
}

/** The Hub's file list for one commit, every folder included (paginated by `Link`). */
export function hubTreeUrl(hubUrl: string, repo: string, commit: string): string {
  return `${hubUrl.replace(/\/+$/, '')}/api/models/${repo}/tree/${commit}?recursive=true`;
}
