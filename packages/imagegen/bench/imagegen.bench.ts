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
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCliEnv } from '../src/cli/env';
import { DEFAULT_MODEL } from '../src/models/catalog';
import { isModelInstalled } from '../src/models/model-store';
import { ensurePreviewModel } from '../src/preview/ensure-preview-model';
import {
  SD_TURBO_SHAPE,
  SDXS_SHAPE,
  TINY_SD_SHAPE,
  type SdShape,
} from '../test/sd-shaped-graph/sd-shaped-model';
import { benchCpuImage, type Anchor } from './cpu-image-bench';
import { benchOverhead } from './overhead-bench';
import { benchPreview } from './preview-bench';
import { benchPreviewInt8 } from './preview-int8';
import { STAGES, benchModel, type StageRow } from './stage-bench';
import { table } from './stats';

const here = dirname(fileURLToPath(import.meta.url));
/** The machine's load before the bench's own work: what says whether it ran on a quiet machine. */
const loadAtStart = loadavg()
  .map((l) => l.toFixed(2))
  .join(' / ');

/**
 * FastSD CPU's README (https://github.com/rupeshs/fastsdcpu): 512×512, one step, OpenVINO with
 * TAESD on an Intel Core i7-12700 (12 cores, 20 threads).
 */
const FASTSD = 'FastSD CPU (OpenVINO + TAESD, Intel Core i7-12700, 512×512, one step)';
const SHAPES: Array<{ shape: SdShape; label: string; anchor: Anchor }> = [
  {
    shape: SD_TURBO_SHAPE,
    label: "SD-Turbo's layer shapes",
    anchor: { seconds: 1.7, cores: 12, what: `${FASTSD} for SD-Turbo` },
  },
  {
    shape: SDXS_SHAPE,
    label: "SDXS-512's layer shapes",
    anchor: { seconds: 0.82, cores: 12, what: `${FASTSD} for SDXS-512-0.9` },
  },
];

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

/** The CPU image bench on each real shape (or the tiny widths, to check the bench), to cpu-image.md. */
async function writeCpuImageReport(full: boolean, dir: string): Promise<void> {
  const shapes = full
    ? SHAPES
    : [{ ...SHAPES[0]!, shape: TINY_SD_SHAPE, label: 'tiny widths (a check of the bench itself)' }];
  const sections: string[] = [];
  for (const { shape, label, anchor } of shapes) {
    sections.push((await benchCpuImage(shape, label, anchor)).markdown);
  }
  const report = [
    '# CPU image benchmark',
    '',
    `${new Date().toISOString()} — ${await machine()}.`,
    '',
    'Written by `npm run bench -w @nocturne/imagegen`; method and reading in',
    '[docs/performance.md](../../../../docs/performance.md#image-engine).',
    '',
    `Load average (1 / 5 / 15 min) when the bench began, before its own work: ${loadAtStart}. While`,
    "it runs, the bench's own two threads hold the 1-minute figure near 2.",
    '',
    ...sections,
  ].join('\n');
  console.log(`\n${report}`);
  await writeFile(join(dir, 'cpu-image.md'), report);
  console.log(`written to ${join(dir, 'cpu-image.md')}`);
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
  const previewInt8 = await benchPreviewInt8(scratch, runs);
  stages.push(previewInt8.row);
  let realModel = `\`${DEFAULT_MODEL}\` is not installed in this MODELS_DIR: no real-model row.`;
  if (await isModelInstalled(modelsDir, DEFAULT_MODEL)) {
    stages.push(await benchModel(modelsDir, DEFAULT_MODEL, Math.min(runs, 3), 512));
    realModel = `\`${DEFAULT_MODEL}\` measured from ${modelsDir}.`;
  }
  const previews = [
    await benchPreview(scratch, 'preview', runs),
    await benchPreview(scratch, 'preview', runs, 1),
  ];
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
    `preview-int8 is the preview model with its ${previewInt8.quantized} weight MatMuls stored int8 as`,
    `\`pull --weights int8\` stores them: its 512×512 images differ from the fp32 model's by`,
    `${previewInt8.levels.toFixed(2)} levels of 255 on average (same seeds).`,
    '',
    ...previews.map(
      (row) =>
        `Live preview (${row.label}): ${row.frames} frame(s) an image, ${row.perFrame.toFixed(1)} ms each (decoded from latents pooled to 256 px); ${row.plain.toFixed(1)} → ${row.previewed.toFixed(1)} ms an image.`,
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
  if (cpuImage !== 'skip') await writeCpuImageReport(cpuImage === 'full', dirname(out));
} finally {
  await rm(scratch, { recursive: true, force: true });
}
