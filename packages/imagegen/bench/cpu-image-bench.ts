import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { SdShape, SdStage } from '../src/testing/sd-shaped-graph/sd-shaped-model';
import { buildRealShapes } from './cpu-image/build-real-shapes';
import { measureMatMul } from './cpu-image/matmul-throughput';
import { openStage, timeStage, type StageConfig, type StageTiming } from './cpu-image/time-stages';
import { table } from './stats';

const STAGES: SdStage[] = ['encode', 'denoise', 'decode'];
const HEADLINE: StageConfig = { variant: 'fp32', threads: 2, level: 'all' };
/** What else the runtime offers, each tried on the UNet step (most of the image's FLOPs). */
const VARIANTS: Array<{ label: string; config: StageConfig }> = [
  { label: '1 intra-op thread', config: { ...HEADLINE, threads: 1 } },
  { label: 'optimisation level extended', config: { ...HEADLINE, level: 'extended' } },
  { label: 'optimisation level basic', config: { ...HEADLINE, level: 'basic' } },
  { label: 'fp16 weights kept (no widening)', config: { ...HEADLINE, variant: 'fp16' } },
  {
    label: 'int8 weight MatMuls (DynamicQuantizeMatMul)',
    config: { ...HEADLINE, variant: 'int8' },
  },
];

export interface CpuImageResult {
  markdown: string;
  /** Seconds for one 512×512 one-step image with the headline settings. */
  imageSeconds: number;
  /** Share of the 2-thread MatMul throughput the whole image reached. */
  ofPeak: number;
}

const last = (t: StageTiming) => t.runsMs.at(-1) ?? 0;

/**
 * One 512×512, one-step image on graphs with `shape`'s layers (random weights): per-stage CPU
 * time with the server's settings, what each runtime option gave on the UNet step, and the
 * cores' MatMul throughput as the limit.
 */
export async function benchCpuImage(shape: SdShape, label: string): Promise<CpuImageResult> {
  const scratch = await mkdtemp(join(process.env.TMPDIR ?? '/tmp', 'cpu-image-bench-'));
  try {
    const peak1 = await measureMatMul(scratch, 1);
    const peak2 = await measureMatMul(scratch, 2);
    const built = await buildRealShapes(join(scratch, 'model'), shape, true);
    console.log(`cpu-image: built in ${built.buildSeconds.toFixed(0)} s`);
    const headline: StageTiming[] = [];
    for (const stage of ['encode', 'decode'] as const) {
      headline.push(await timeStage(built.dirs[HEADLINE.variant], stage, shape, HEADLINE, 2));
      console.log(`cpu-image: ${stage} ${headline.at(-1)?.runsMs.map(Math.round).join(', ')} ms`);
    }
    // The headline UNet stays open: each setting runs right after it, so a change in the
    // machine's load between settings does not pass for the setting's effect.
    const unetOpen = await openStage(built.dirs[HEADLINE.variant], 'denoise', shape, HEADLINE);
    const unet: StageTiming = { stage: 'denoise', loadMs: unetOpen.loadMs, runsMs: [] };
    const variants: Array<{ label: string; loadMs: number; ms: number; beside: number }> = [];
    try {
      for (let i = 0; i < 2; i++) unet.runsMs.push(await unetOpen.run());
      console.log(`cpu-image: denoise ${unet.runsMs.map(Math.round).join(', ')} ms`);
      for (const variant of VARIANTS) {
        const open = await openStage(
          built.dirs[variant.config.variant],
          'denoise',
          shape,
          variant.config,
        );
        try {
          await open.run(); // a session's first run also sets it up: not counted
          const beside = await unetOpen.run();
          const ms = await open.run();
          variants.push({ label: variant.label, loadMs: open.loadMs, ms, beside });
          console.log(
            `cpu-image: ${variant.label}: ${Math.round(ms)} ms beside ${Math.round(beside)} ms`,
          );
        } finally {
          await open.release();
        }
      }
    } finally {
      await unetOpen.release();
    }
    headline.splice(1, 0, unet);

    const totalFlops = STAGES.reduce((sum, s) => sum + built.flops[s], 0);
    const imageMs = headline.reduce((sum, t) => sum + last(t), 0);
    const rate = (flops: number, ms: number) => flops / (ms / 1000) / 1e9;
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    const markdown = [
      `## One 512×512 image on the CPU, ${label}`,
      '',
      `Load average (1 / 5 / 15 min) when it finished: ${load} on ${cpus().length} cores.`,
      '',
      `Graphs built by the bench with these layer shapes and random weights (the operators and FLOPs`,
      `of the real export of such a model): text encoder ${shape.textEncoder.width} wide × ${shape.textEncoder.layers} layers,`,
      `UNet ${shape.unet.channels.join('/')} channels, TAESD ${shape.decoder.channels} channels; built, widened and`,
      `quantised in ${built.buildSeconds.toFixed(0)} s. One step, as SD-Turbo makes its images.`,
      '',
      `MatMul throughput of these cores (${2048}² float32 through onnxruntime, best of 4):`,
      `**${peak1.toFixed(1)} GFLOP/s on 1 thread, ${peak2.toFixed(1)} GFLOP/s on 2**.`,
      '',
      `### Per stage (float32 widened, 2 intra-op threads, optimisation level all)`,
      '',
      table(
        [
          'stage',
          'GFLOP',
          'load ms',
          'first run ms',
          'second run ms',
          'GFLOP/s',
          'of the 2-thread MatMul',
        ],
        headline.map((t) => [
          t.stage,
          built.flops[t.stage] / 1e9,
          t.loadMs,
          t.runsMs[0] ?? 0,
          last(t),
          rate(built.flops[t.stage], last(t)),
          `${((100 * rate(built.flops[t.stage], last(t))) / peak2).toFixed(0)} %`,
        ]),
      ),
      '',
      `**Whole image: ${(imageMs / 1000).toFixed(1)} s for ${(totalFlops / 1e9).toFixed(0)} GFLOP, ` +
        `${rate(totalFlops, imageMs).toFixed(1)} GFLOP/s, ${((100 * rate(totalFlops, imageMs)) / peak2).toFixed(0)} % ` +
        `of the cores' MatMul limit** (the limit alone: ${(totalFlops / 1e9 / peak2).toFixed(1)} s).`,
      '',
      '### What the runtime offers, on the UNet step',
      '',
      'Each setting opens its own session, runs once to set up, then once right after a run of the',
      'headline session (kept open), so both see the same load; the ratio is between those two runs.',
      '',
      table(
        ['setting', 'load ms', 'UNet step ms', 'headline run beside it ms', 'ratio'],
        variants.map((v) => [
          v.label,
          v.loadMs,
          v.ms,
          v.beside,
          `${(v.ms / v.beside).toFixed(2)}×`,
        ]),
      ),
      '',
    ].join('\n');
    return { markdown, imageSeconds: imageMs / 1000, ofPeak: rate(totalFlops, imageMs) / peak2 };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
