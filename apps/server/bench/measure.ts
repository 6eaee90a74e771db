export interface Timing {
  p50: number;
  p99: number;
}

const WARMUP_RUNS = 10;

/** Runs `task` one at a time (`runs` timed, after a short warm-up) and returns p50/p99 in ms. */
export async function measure(runs: number, task: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP_RUNS; i += 1) await task();
  const durations: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number) =>
    durations[Math.min(durations.length - 1, Math.ceil(fraction * durations.length) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
