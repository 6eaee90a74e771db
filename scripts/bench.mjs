// Runs every workspace's `bench` script side by side in one process tree, so ratios are comparable.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const withBench = root.workspaces.filter((dir) => {
  const pkg = JSON.parse(readFileSync(new URL(`../${dir}/package.json`, import.meta.url), 'utf8'));
  return Boolean(pkg.scripts?.bench);
});

if (withBench.length === 0) {
  console.log('no benchmarks yet');
  process.exit(0);
}

let failed = false;
for (const dir of withBench) {
  console.log(`\n# ${dir}`);
  const result = spawnSync('npm', ['run', 'bench', '--workspace', dir, '--silent'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
