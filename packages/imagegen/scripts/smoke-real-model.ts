/**
 * Smoke test of a real model, for a machine with internet access (one command):
 *
 *   npm run smoke:real-model -w @nocturne/imagegen -- [model | --manifest <file>]
 *     [--models-dir <dir>] [--out <png>]
 *
 * Pulls the model (default: the catalog default): every file is checked against the Hub's tree
 * for the pinned commit (a manifest's files off the Hub are recorded with --record-pins and their
 * pins printed), and the pull proves the model on the CPU provider before installing it. Then it opens the engine the way the
 * worker does (warm-up included), makes one image at the model's default size and prints the
 * time of each step. Exit code 0 only when all of that worked.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readCliEnv } from '../src/cli/env';
import { runModelsCli } from '../src/cli/models-cli';
import { createImageGenerator } from '../src/create-image-generator';
import { DEFAULT_MODEL } from '../src/models/catalog';
import { parseManifest } from '../src/models/manifest';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'models-dir': { type: 'string' },
    out: { type: 'string' },
    manifest: { type: 'string' },
  },
});
const manifestPath = values.manifest ? resolve(values.manifest) : undefined;
const model = manifestPath
  ? parseManifest(JSON.parse(await readFile(manifestPath, 'utf8')), manifestPath).name
  : (positionals[0] ?? DEFAULT_MODEL);
const modelsDir = values['models-dir'] ? resolve(values['models-dir']) : readCliEnv().modelsDir;
const out = resolve(values.out ?? `smoke-${model}.png`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

let started = performance.now();
const source = manifestPath ? ['--manifest', manifestPath] : [model];
const pulled = await runModelsCli(['pull', ...source, '--record-pins', '--models-dir', modelsDir]);
if (pulled !== 0) process.exit(pulled);
console.log(`pull + proof: ${seconds(performance.now() - started)}`);

const engine = await createImageGenerator({
  backend: 'onnx',
  modelsDir,
  model,
  logger: (level, message) => console.log(`[${level}] ${message}`),
});
started = performance.now();
await engine.warmup();
console.log(`warm-up (load sessions + one 64×64 image): ${seconds(performance.now() - started)}`);

const image = await engine.generate({
  prompt: 'a lighthouse on a cliff at dusk, oil painting',
  quality: 'fast',
  seed: 42,
});
await writeFile(out, image.png);
const stages = Object.entries(image.timings)
  .map(([stage, ms]) => `${stage} ${Math.round(ms ?? 0)} ms`)
  .join(', ');
console.log(`image: ${image.width}×${image.height}, ${image.steps} step(s), ${out}`);
console.log(`time per image: ${seconds(image.timings.total ?? 0)} (${stages})`);
await engine.close();
