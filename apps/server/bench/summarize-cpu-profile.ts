import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

export interface ProfileSummary {
  /** Sampled time in ms, idle excluded. */
  busyMs: number;
  idleMs: number;
  /** Self time per function and per owner (npm package, node internals, Nocturne's bundle). */
  functions: Array<{ name: string; ms: number }>;
  owners: Array<{ name: string; ms: number }>;
}

/** Who a frame belongs to: an npm package, Node itself, Nocturne's bundle, or V8's own buckets. */
function ownerOf(url: string, functionName: string): string {
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/dist/main.js')) return 'Nocturne (dist/main.js)';
  if (url === '') return functionName.startsWith('(') ? functionName : 'native';
  return url;
}

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms }));

/** Self time by function and by owner from a V8 .cpuprofile (node --cpu-prof). */
export async function summarizeCpuProfile(file: string, count = 15): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const msPerSample = totalMs / Math.max(1, profile.samples.length);
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  let idleMs = 0;
  for (const node of profile.nodes) {
    const ms = (hits.get(node.id) ?? 0) * msPerSample;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\/server\//, '');
    const name =
      `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
  }
  return {
    busyMs: totalMs - idleMs,
    idleMs,
    functions: top(functions, count),
    owners: top(owners, count),
  };
}
