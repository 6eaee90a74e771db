export interface Timing {
  p50: number;
  p99: number;
}

const WARMUP_RUNS = 10;

/** The value at `fraction` (0.5 = p50) of `values` by the nearest-rank method; 0 when empty. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0
  );
}

export const median = (values: number[]) => percentile(values, 0.5);

export const timingOf = (durations: number[]): Timing => ({
  p50: percentile(durations, 0.5),
  p99: percentile(durations, 0.99),
});

/** Runs `task` one at a time (`runs` timed, after a short warm-up) and returns p50/p99 in ms. */
export async function measure(runs: number, task: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP_RUNS; i += 1) await task();
  const durations: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  return timingOf(durations);
}
