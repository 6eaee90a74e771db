import { copyFile } from 'node:fs/promises';
import path from 'node:path';

const DIST = path.join(import.meta.dirname, '..', 'dist');

/**
 * Puts a build (a directory holding the `main.js` and map `npm run build` made) in dist/, which
 * the bench stack starts: how the A/B benches run several builds side by side.
 */
export async function useBuild(dir: string): Promise<void> {
  for (const file of ['main.js', 'main.js.map']) {
    await copyFile(path.join(dir, file), path.join(DIST, file));
  }
}

/** BENCH_AB_BUILDS: the build directories to compare, comma-separated; two or more. */
export function abBuilds(): string[] {
  const builds = (process.env.BENCH_AB_BUILDS ?? '').split(',').filter(Boolean);
  if (builds.length < 2) throw new Error('BENCH_AB_BUILDS: two or more build directories');
  return builds;
}
