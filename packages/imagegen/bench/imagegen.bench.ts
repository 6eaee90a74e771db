/**
 * Engine benchmarks (never part of `npm test`): per-stage medians on the preview model (and on the
 * default model when installed under MODELS_DIR), and the engine's own overhead per remote backend
 * against fake servers that answer at once. Prints the tables and writes bench/results/imagegen.md.
 * Then one 512×512 image on graphs with SD-Turbo's layer shapes (bench/cpu-image-bench.ts), written
 * to bench/results/cpu-image.md (`--cpu-image tiny` runs it on tiny widths, `skip` leaves it out).
 * Run with `npm run bench -w @nocturne/imagegen`.
 * Usage: tsx bench/imagegen.bench.ts [--runs N] [--models-dir DIR] [--out FILE] [--cpu-image full|tiny|skip]
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCliEnv } from '../src/cli/env';
import { DEFAULT_MODEL } from '../src/models/catalog';
import { isModelInstalled } from '../src/models/model-store';
import { ensurePreviewModel } from '../src/preview/ensure-preview-model';
import { SD_TURBO_SHAPE, TINY_SD_SHAPE } from '../src/testing/sd-shaped-graph/sd-shaped-model';
import { benchCpuImage } from './cpu-image-bench';
import { benchOverhead } from './overhead-bench';
import { benchPreview } from './preview-bench';
import { STAGES, benchModel, type StageRow } from './stage-bench';
import { table } from './stats';

const here = dirname(fileURLToPath(import.meta.url));

/** Published figures, for scale: another runtime (OpenVINO) on a 12-core desktop CPU. */
const FASTSD_REFERENCE = [
  '### Published reference: FastSD CPU',
  '',
  "FastSD CPU's README (https://github.com/rupeshs/fastsdcpu, Intel Core i7-12700: 12 cores, 20",
  'threads; 512×512, one step) publishes SD-Turbo at 7.8 s with PyTorch, 5 s with OpenVINO and',
  '1.7 s with OpenVINO + TAESD; SDXS-512-0.9 at 4.8 s, 3.8 s and 0.82 s. Other runtimes on a',
  'larger CPU: not measured here.',
  '',
].join('\n');

async function machine(): Promise<string> {
  const cpu = cpus();
  const pkg = async (name: string) =>
    (
      JSON.parse(
        await readFile(join(here, '../../../node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string }
    ).version;
  return [
    `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} logical cores visible`,
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${process.platform} ${process.arch}`,
    `Node ${process.version}, onnxruntime-node ${await pkg('onnxruntime-node')}, sharp ${await pkg('sharp')}`,
  ].join('; ');
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    'models-dir': { type: 'string' },
    out: { type: 'string' },
    'cpu-image': { type: 'string' },
  },
});
const runs = Number(values.runs ?? 10);
const modelsDir = values['models-dir'] ?? readCliEnv().modelsDir;
const out = values.out ?? join(here, 'results/imagegen.md');
const scratch = await mkdtemp(join(tmpdir(), 'imagegen-bench-'));
try {
  await ensurePreviewModel(scratch, 'fp32');
  await ensurePreviewModel(scratch, 'fp16');
  const stages: StageRow[] = [
    await benchModel(scratch, 'preview', runs, 512),
    await benchModel(scratch, 'preview-fp16', runs, 512),
    await benchModel(scratch, 'preview', runs, 256),
  ];
  let realModel = `\`${DEFAULT_MODEL}\` is not installed in this MODELS_DIR: no real-model row.`;
  if (await isModelInstalled(modelsDir, DEFAULT_MODEL)) {
    stages.push(await benchModel(modelsDir, DEFAULT_MODEL, Math.min(runs, 3), 512));
    realModel = `\`${DEFAULT_MODEL}\` measured from ${modelsDir}.`;
  }
  const previews = [await benchPreview(scratch, 'preview', runs)];
  if (await isModelInstalled(modelsDir, DEFAULT_MODEL)) {
    previews.push(await benchPreview(modelsDir, DEFAULT_MODEL, Math.min(runs, 3)));
  }
  // The fakes send back a real 512×512 image of ours, so checking and marking it costs what it would.
  const sample = stages[0]?.sample ?? Buffer.alloc(0);
  const overheadRuns = Math.max(runs * 3, 15);
  const overhead = await benchOverhead(sample, overheadRuns);

  const report = [
    '# imagegen benchmark',
    '',
    `${new Date().toISOString()} — ${await machine()}.`,
    '',
    `Written by \`npm run bench -w @nocturne/imagegen\`; numbers are medians in ms. This machine is shared`,
    'and small, so treat them as orders of magnitude.',
    '',
    `## Time per stage (CPU, onnxruntime-node, ${runs} runs after a warm-up image)`,
    '',
    table(
      ['model', ...STAGES],
      stages.map((row) => [row.label, ...row.medians]),
    ),
    '',
    realModel,
    '',
    ...previews.map(
      (row) =>
        `Live preview (${row.label}): ${row.perStep.toFixed(1)} ms per previewed step (x0 decoded, shrunk to 256 px; ${row.plain.toFixed(1)} → ${row.previewed.toFixed(1)} ms an image).`,
    ),
    '',
    "The preview model is tiny: its rows measure the engine's fixed costs (tokenizer, session calls,",
    'decode to RGB, PNG encode), not what a real model costs. Published real-model timings are in',
    'the README ("Benchmarks"), marked as published.',
    '',
    `## Engine overhead per backend (${overheadRuns} images, fake server answering at once)`,
    '',
    'The server sends a 512×512 PNG the moment it is asked. *raw* is the same wire exchange by hand',
    '(ComfyUI: POST /prompt, GET /history, GET /view; A1111 and OpenAI: one POST); *engine* is',
    '`generate()` end to end (request checks, websocket and progress plumbing for ComfyUI, A1111',
    "task progress, base64 decode, the PNG's chunks filtered and marked with the XMP and provenance",
    'chunks, one decode of its pixels to prove it whole; an image that is not a PNG is re-encoded).',
    '',
    table(
      [
        'backend',
        'raw call',
        'engine',
        'added per image',
        'engine / raw',
        'of which PNG check and marking',
      ],
      overhead.map((row) => [
        row.backend,
        row.raw,
        row.engine,
        row.engine - row.raw,
        `${(row.engine / row.raw).toFixed(1)}×`,
        row.encodePng,
      ]),
    ),
    '',
    "A remote PNG keeps its compressed pixels as sent (the server's own text chunks, such as a",
    'ComfyUI workflow, are dropped); a GPU server takes seconds per image.',
    '',
  ].join('\n');
  console.log(`\n${report}`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, report);
  console.log(`written to ${out}`);

  const cpuImage = values['cpu-image'] ?? 'full';
  if (cpuImage !== 'skip') {
    const full = cpuImage === 'full';
    const result = await benchCpuImage(
      full ? SD_TURBO_SHAPE : TINY_SD_SHAPE,
      full ? "SD-Turbo's layer shapes" : 'tiny widths (a check of the bench itself)',
    );
    const cpuOut = join(dirname(out), 'cpu-image.md');
    const cpuReport = [
      '# CPU image benchmark',
      '',
      `${new Date().toISOString()} — ${await machine()}.`,
      '',
      'Written by `npm run bench -w @nocturne/imagegen`; method and reading in',
      '[docs/performance.md](../../../../docs/performance.md#image-engine).',
      '',
      result.markdown,
      FASTSD_REFERENCE,
    ].join('\n');
    console.log(`\n${cpuReport}`);
    await writeFile(cpuOut, cpuReport);
    console.log(`written to ${cpuOut}`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
