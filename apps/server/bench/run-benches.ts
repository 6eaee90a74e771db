/**
 * `npm run bench -w @nocturne/server`: every server benchmark in turn, each in a process of its
 * own. BENCH_ONLY=<name>[,<name>…] runs only those (or all of them with `server`).
 */
import { spawnSync } from 'node:child_process';
import { BENCH_NAMES, selectedBenches } from './bench-names';

let failed = false;
for (const name of selectedBenches(BENCH_NAMES, process.env.BENCH_ONLY, 'server')) {
  console.log(`\n## ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], {
    cwd: import.meta.dirname + '/..',
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
