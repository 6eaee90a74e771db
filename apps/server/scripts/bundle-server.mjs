// The server's bundle: its TypeScript (and the workspace packages it imports, which ship
// TypeScript) in plain JavaScript files, so node runs them with no compiler at run time. npm
// dependencies stay external: they are installed JavaScript already, and several (onnxruntime-node,
// sharp, PGlite) load native or wasm files beside themselves. Used by `npm run build`
// (build-server.mjs) and by the server tests' global setups, which start real processes from it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const manifest = (file) => JSON.parse(readFileSync(path.join(SERVER_DIR, file), 'utf8'));
const external = [
  manifest('package.json'),
  manifest('../../packages/imagegen/package.json'),
  manifest('../../packages/contract/package.json'),
].flatMap((pkg) =>
  Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@nocturne/')),
);

/**
 * Bundles each entry (a path under src/, without `.ts`) to `<outdir>/<its file name>.js`. The
 * outdir must lie inside apps/server, where node finds the external packages.
 */
export async function bundleServer({ outdir, entries }) {
  await build({
    entryPoints: Object.fromEntries(
      entries.map((entry) => [path.basename(entry), path.join(SERVER_DIR, 'src', `${entry}.ts`)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    // Subpaths too (e.g. drizzle-orm/pg-core, better-auth/plugins).
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
}
