import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Physical cores of this machine: hyper-threads share one core's vector units, so one ONNX
 * Runtime thread per hyper-thread slows convolutions down. Linux: distinct (physical id, core id)
 * pairs in /proc/cpuinfo; elsewhere, or in a container limited to fewer CPUs, the CPUs available.
 */
export function physicalCores(cpuinfo?: string): number {
  const available = availableParallelism();
  let text = cpuinfo;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      return available;
    }
  }
  const cores = new Set<string>();
  for (const block of text.split(/\n\s*\n/)) {
    const physical = /^physical id\s*:\s*(\d+)/m.exec(block)?.[1];
    const core = /^core id\s*:\s*(\d+)/m.exec(block)?.[1];
    if (physical !== undefined && core !== undefined) cores.add(`${physical}:${core}`);
  }
  if (cores.size === 0) return available;
  return Math.max(1, Math.min(cores.size, available));
}

/** The intra-op thread count to use: the configured one, or the physical cores when 0/absent. */
export function intraOpThreadsFor(configured: number | undefined): number {
  return configured && configured > 0 ? configured : physicalCores();
}
