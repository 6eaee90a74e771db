import path from 'node:path';
import { describeMachine, markdownTable } from './bench-report';
import { summarizeCpuProfile } from './summarize-cpu-profile';

/**
 * The CPU profiles of a pipeline run (node --cpu-prof names each file after its pid), one section
 * per process: self time by owner, then the top functions.
 */
export async function formatProfiles(
  dir: string,
  files: string[],
  processes: Array<{ name: string; pid: number | undefined }>,
): Promise<string[]> {
  const lines = [
    '# Pipeline CPU profiles',
    '',
    `${new Date().toISOString()} · ${describeMachine()}`,
    '',
    'Written by `BENCH_CPU_PROF=<dir> BENCH_ONLY=pipeline npm run bench -w @nocturne/server`',
    '(bench/pipeline.bench.ts): node --cpu-prof on the API and worker processes of that run, self',
    'time (the function on top of the stack) summed per owner and per function. Profiling slows',
    'the processes; the timings are in pipeline.md, from a run without it.',
    '',
  ];
  for (const { name, pid } of processes) {
    const file = files.find((candidate) => candidate.includes(`.${pid}.`));
    if (!file) continue;
    const summary = await summarizeCpuProfile(path.join(dir, file));
    const share = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(1)} %`;
    lines.push(
      `## ${name}`,
      '',
      `Busy ${(summary.busyMs / 1000).toFixed(1)} s, idle ${(summary.idleMs / 1000).toFixed(1)} s.`,
      '',
      ...markdownTable(
        ['owner', 'self ms', 'of busy'],
        summary.owners
          .slice(0, 10)
          .map((owner) => [owner.name, owner.ms.toFixed(0), share(owner.ms)]),
      ),
      '',
      ...markdownTable(
        ['function', 'self ms', 'of busy'],
        summary.functions.map((fn) => [`\`${fn.name}\``, fn.ms.toFixed(0), share(fn.ms)]),
      ),
      '',
    );
  }
  return lines;
}
