// `npm run build -w @nocturne/server`: bundles the server's TypeScript (and the workspace packages
// it imports, which ship TypeScript) into dist/main.js, so `npm start` runs plain JavaScript with
// no compiler at run time. npm dependencies stay external: they are installed JavaScript already,
// and several (onnxruntime-node, sharp, PGlite) load native or wasm files beside themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const external = [
  manifest('package.json'),
  manifest('../../packages/imagegen/package.json'),
  manifest('../../packages/contract/package.json'),
].flatMap((pkg) =>
  Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@nocturne/')),
);

const started = performance.now();
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Subpaths too (e.g. drizzle-orm/pg-core, better-auth/plugins).
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log(`server bundled to dist/main.js in ${Math.round(performance.now() - started)} ms`);
