import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // the process has exited
  }
}

/**
 * CPU time of a process in ms, user plus system, over all its threads (so libvips's threads in
 * sharp count, which a V8 CPU profile does not see); with `reapedChildren`, also its children that
 * have exited and been waited for.
 */
export function processCpuMs(pid: number, reapedChildren = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // After the name: state is field 3 of stat(5), so utime (14) is index 11, cutime (16) 13.
  const ticks = [11, 12, ...(reapedChildren ? [13, 14] : [])].reduce(
    (sum, index) => sum + Number(fields[index]),
    0,
  );
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** A PostgreSQL server's CPU in ms: the postmaster, its living backends and the exited ones. */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(
    readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  let total = processCpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    if (statFields(pid)?.[1] === String(postmaster)) total += processCpuMs(pid);
  }
  return total;
}

/** This process's CPU in ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
