#!/usr/bin/env node
/**
 * Fails when code or docs refer to a repository document that is not there: paths under docs/ and
 * the workspaces' README/bench files (with their #anchors), decision records cited by number
 * ("decision 008", "decisions 029, 033 and 036", "ADR 12"; in force or archived, never a number
 * without a record), relative markdown links, documents
 * named in capitals (README.md beside the file or at the root), a workspace's bench/…md files, and
 * the architecture document under any name other than docs/architecture.md. Plain Node, run by
 * `npm run lint`; `node scripts/check-doc-references.mjs [root]` checks another tree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCANNED = /\.(?:md|ts|tsx|js|mjs|cjs|sql|json|ya?ml|html|css|sh)$/;
const SKIPPED = [
  /(^|\/)package-lock\.json$/,
  /(^|\/)drizzle\/meta\//,
  /^scripts\/check-doc-references/,
  /^scripts\/check-decision-headers/,
];

/** Build outputs, data and dependencies: walked past when git cannot list the files. */
const NOT_SOURCE = new Set(['.git', 'node_modules', 'dist', 'dist-ssr', 'dist-server', 'data']);

function walk(root, dir = '') {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (!entry.isDirectory()) return [file];
    return NOT_SOURCE.has(entry.name) || file === 'packages/imagegen/models'
      ? []
      : walk(root, file);
  });
}

/** Every file git tracks or would track (untracked but not ignored), relative to `root`. */
export function listFiles(root) {
  let out;
  try {
    out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    out = walk(root).join('\0');
  }
  return out
    .split('\0')
    .filter((file) => file && SCANNED.test(file) && !SKIPPED.some((skip) => skip.test(file)))
    .filter((file) => existsSync(path.join(root, file)));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The record files in one folder of decisions: `001-workspace-and-runtime.md`, … */
function recordsIn(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((name) => /^\d{3}-.*\.md$/.test(name)) : [];
}

function createResolver(root) {
  const decisionsDir = path.join(root, 'docs', 'decisions');
  /** A path names the folder a record is in; a number may name an archived record too. */
  const decisions = recordsIn(decisionsDir);
  const numbered = [...decisions, ...recordsIn(path.join(decisionsDir, 'archive'))];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, headingAnchors(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  /** Why `target` (absolute, maybe with #anchor) does not resolve, or undefined when it does. */
  const problem = (target) => {
    const [file, anchor] = target.split('#');
    if (!existsSync(file)) return 'no such file';
    if (anchor && file.endsWith('.md') && statSync(file).isFile()) {
      if (!anchorsOf(file).has(anchor.toLowerCase())) return `no heading #${anchor}`;
    }
    return undefined;
  };
  /** A record cited by file name under docs/decisions/ (that exact file must exist there). */
  const decisionFile = (number, slug) => {
    const padded = String(Number(number)).padStart(3, '0');
    const found = slug
      ? decisions.includes(`${padded}${slug.replace(/\.md$/, '')}.md`)
      : decisions.some((name) => name.startsWith(`${padded}-`));
    return found ? undefined : `no docs/decisions/${padded}${slug ?? '-*.md'}`;
  };
  /** A record cited by number, in force or archived. */
  const decision = (number) => {
    const padded = String(Number(number)).padStart(3, '0');
    const found = numbered.some((name) => name.startsWith(`${padded}-`));
    return found ? undefined : `no decision ${padded} in docs/decisions or its archive`;
  };
  return { problem, decision, decisionFile };
}

const ROOTED_PATH =
  /(?<![\w./-])((?:docs|apps\/[\w-]+|packages\/[\w-]+)\/[\w./-]*?\.md(?:#[\w-]+)?)(?![\w/-])/g;
const DECISION_FILE = /(?<![\w./-])docs\/decisions\/(\d{3})(-[\w-]+(?:\.md)?)?(?![\w/-])/g;
const DECISION_CITE =
  /\b(?:decisions?|ADRs?)\s+(\d{1,3}(?:(?:\s*,\s*|\s*,?\s+(?:and|or)\s+|\s*[/–—-]\s*)\d{1,3})*)\b/gi;
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const ARCHITECTURE = /\bARCHITECTURE\.md\b/g;
/** A document named in capitals (README.md, CONVENTIONS.md): beside the file or at the root. */
const CAPITAL_DOC = /(?<![\w./-])([A-Z][A-Z0-9_-]*\.md)(?![\w/-])/g;
/** A bench's result or notes, named from its workspace: bench/results/api.md. */
const BENCH_FILE = /(?<![\w./-])(bench\/[\w./-]*?\.md)(?![\w/-])/g;

/** The nearest folder above `file` (relative to `root`) that holds a package.json. */
function workspaceOf(root, file) {
  let dir = path.dirname(path.join(root, file));
  while (dir.startsWith(root) && !existsSync(path.join(dir, 'package.json'))) {
    dir = path.dirname(dir);
  }
  return dir.startsWith(root) ? dir : root;
}

/** Each reference in `text` of `file` that does not resolve: { file, line, reference, reason }. */
export function findBrokenReferences(root, file, text, resolver = createResolver(root)) {
  const broken = [];
  const seen = new Set();
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  /** One entry per line and target, however many patterns found it. */
  const report = (index, reference, reason, target = reference) => {
    const key = `${lineOf(index)}\0${target}`;
    if (!reason || seen.has(key)) return;
    seen.add(key);
    broken.push({ file, line: lineOf(index), reference, reason });
  };
  for (const match of text.matchAll(ARCHITECTURE)) {
    report(match.index, match[0], 'the architecture is docs/architecture.md');
  }
  for (const match of text.matchAll(CAPITAL_DOC)) {
    if (match[1] === 'ARCHITECTURE.md') continue;
    const beside = path.join(path.dirname(path.join(root, file)), match[1]);
    const atRoot = path.join(root, match[1]);
    const found = !resolver.problem(beside) || !resolver.problem(atRoot);
    report(match.index, match[1], found ? undefined : 'not in the repository', atRoot);
  }
  for (const match of text.matchAll(BENCH_FILE)) {
    const target = path.join(workspaceOf(root, file), match[1]);
    report(match.index, match[1], resolver.problem(target), target);
  }
  for (const match of text.matchAll(DECISION_FILE)) {
    report(match.index, match[0], resolver.decisionFile(match[1], match[2]));
  }
  for (const match of text.matchAll(ROOTED_PATH)) {
    if (/^docs\/decisions\/\d{3}/.test(match[1])) continue;
    const target = path.join(root, match[1]);
    report(match.index, match[1], resolver.problem(target), target);
  }
  for (const match of text.matchAll(DECISION_CITE)) {
    for (const number of match[1].match(/\d{1,3}/g)) {
      report(match.index, `${match[0]} (${number})`, resolver.decision(number));
    }
  }
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const resolved = target.startsWith('#')
        ? path.join(root, file) + target
        : path.join(path.dirname(path.join(root, file)), decodeURI(target));
      report(match.index, target, resolver.problem(resolved), resolved);
    }
  }
  return broken;
}

/** Every broken reference under `root`. */
export function checkTree(root) {
  const resolver = createResolver(root);
  return listFiles(root).flatMap((file) =>
    findBrokenReferences(root, file, readFileSync(path.join(root, file), 'utf8'), resolver),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(process.argv[1]), '..'));
  const broken = checkTree(root);
  for (const { file, line, reference, reason } of broken) {
    console.error(`${file}:${line}: ${reference}: ${reason}`);
  }
  if (broken.length > 0) {
    console.error(`${broken.length} document reference(s) do not resolve.`);
    process.exit(1);
  }
  console.log('Every document reference resolves.');
}
