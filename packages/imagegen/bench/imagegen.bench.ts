/**
 * Per-stage timings (median of N runs, ms) for the preview model and, when installed under
 * MODELS_DIR, the real default model. Run with `npm run bench -w @nocturne/imagegen`.
 * Usage: tsx bench/imagegen.bench.ts [--runs N] [--models-dir DIR]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readCliEnv } from '../src/cli/env';
import { createImageGenerator } from '../src/create-image-generator';
import { DEFAULT_MODEL } from '../src/models/catalog';
import { isModelInstalled } from '../src/models/model-store';
import { ensurePreviewModel } from '../src/preview/ensure-preview-model';
import type { GeneratedImage } from '../src/types';

const STAGES = ['tokenize', 'encode', 'denoise', 'decode', 'encode_png', 'total'] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function benchModel(modelsDir: string, model: string, runs: number, size: number) {
  const generator = await createImageGenerator({ backend: 'onnx', modelsDir, model });
  await generator.warmup();
  await generator.generate({ prompt: 'warm up', seed: 0, width: size, height: size });
  const results: GeneratedImage[] = [];
  for (let i = 0; i < runs; i++) {
    results.push(
      await generator.generate({
        prompt: 'a photo of a cat in a neon city at night',
        seed: i,
        width: size,
        height: size,
      }),
    );
  }
  await generator.close();
  return {
    label: `${model} ${size}×${size}, ${results[0]?.steps ?? 1} step(s)`,
    medians: STAGES.map((stage) => median(results.map((r) => r.timings[stage] ?? 0))),
  };
}

const { values } = parseArgs({
  options: { runs: { type: 'string' }, 'models-dir': { type: 'string' } },
});
const runs = Number(values.runs ?? 10);
const modelsDir = values['models-dir'] ?? readCliEnv().modelsDir;
const scratch = await mkdtemp(join(tmpdir(), 'imagegen-bench-'));
try {
  await ensurePreviewModel(scratch, 'fp32');
  await ensurePreviewModel(scratch, 'fp16');
  const rows = [
    await benchModel(scratch, 'preview', runs, 512),
    await benchModel(scratch, 'preview-fp16', runs, 512),
    await benchModel(scratch, 'preview', runs, 256),
  ];
  if (await isModelInstalled(modelsDir, DEFAULT_MODEL)) {
    rows.push(await benchModel(modelsDir, DEFAULT_MODEL, Math.min(runs, 3), 512));
  } else {
    console.log(
      `(${DEFAULT_MODEL} not installed in ${modelsDir}: real-model row skipped; \`npm run models -- pull\`)`,
    );
  }
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`\nimagegen: median ms over ${runs} runs (CPU, onnxruntime-node)\n`);
  console.log(`${'model'.padEnd(width)} | ${STAGES.map((s) => s.padStart(10)).join(' | ')}`);
  console.log(`${'-'.repeat(width)}-|-${STAGES.map(() => '-'.repeat(10)).join('-|-')}`);
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(width)} | ${row.medians.map((m) => m.toFixed(1).padStart(10)).join(' | ')}`,
    );
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
