// Runs every workspace's `bench` script side by side in one process tree, so ratios are comparable.
// BENCH_ONLY=<name>[,<name>…] picks some: a workspace by its directory name (web, imagegen, server),
// or one of the server's benches (api, favorites-search, pipeline, credits-race, content-rules),
// which the server's own runner picks from the same variable.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const withBench = root.workspaces.filter((dir) => {
  const pkg = JSON.parse(readFileSync(new URL(`../${dir}/package.json`, import.meta.url), 'utf8'));
  return Boolean(pkg.scripts?.bench);
});

if (withBench.length === 0) {
  console.log('no benchmarks yet');
  process.exit(0);
}

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name.length > 0);
const workspaceNames = withBench.map((dir) => path.basename(dir));
const serverBenches = only.filter((name) => !workspaceNames.includes(name));
const selected = (dir) =>
  only.length === 0 ||
  only.includes(path.basename(dir)) ||
  (path.basename(dir) === 'server' && serverBenches.length > 0);

let failed = false;
for (const dir of withBench.filter(selected)) {
  console.log(`\n# ${dir}`);
  const result = spawnSync('npm', ['run', 'bench', '--workspace', dir, '--silent'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
