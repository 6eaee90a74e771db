/** The server's benchmarks, each bench/<name>.bench.ts writing bench/results/<name>.md. */
export const BENCH_NAMES = [
  'api',
  'favorites-search',
  'pipeline',
  'credits-race',
  'content-rules',
] as const;

/** BENCH_ONLY is a comma-separated list of bench names, or the workspace's name for all of them. */
export function selectedBenches(
  names: readonly string[],
  only: string | undefined,
  workspace: string,
): string[] {
  const wanted = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (wanted.length === 0 || wanted.includes(workspace)) return [...names];
  return names.filter((name) => wanted.includes(name));
}
