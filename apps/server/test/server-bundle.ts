import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { bundleServer, SERVER_DIR } from '../scripts/bundle-server.mjs';
import './provided-context';

/**
 * Under the server's node_modules, where node finds the bundle's external packages and the
 * linters and git do not look.
 */
const BUNDLES_DIR = path.join(SERVER_DIR, 'node_modules', '.cache', 'nocturne-test-bundles');

/**
 * For a global setup: the server and its operator CLI bundled once for the test run, as `npm run
 * build` bundles the server, so the processes tests start run JavaScript rather than compiling
 * the TypeScript sources again in each process. `remove` deletes the folder.
 */
export async function bundleServerForTests(): Promise<{ dir: string; remove(): Promise<void> }> {
  await mkdir(BUNDLES_DIR, { recursive: true });
  const dir = await mkdtemp(path.join(BUNDLES_DIR, 'run-'));
  await bundleServer({ outdir: dir, entries: ['main', 'cli/operator-cli'] });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** In a test file: the bundled file a process runs (`node <it>`). */
export function bundledServerFile(entry: 'main' | 'operator-cli'): string {
  return path.join(inject('serverBundleDir'), `${entry}.js`);
}
