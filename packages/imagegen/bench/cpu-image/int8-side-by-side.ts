import type { SdShape, SdStage } from '../../test/sd-shaped-graph/sd-shaped-model';
import { median } from '../stats';
import { QUANTISED_STAGES, type BuiltModel } from './build-real-shapes';
import { openStage, type StageConfig } from './time-stages';

export interface PrecisionRow {
  stage: SdStage;
  loadMs: { fp32: number; int8: number };
  /** Medians of runs alternated between the two sessions, so both see the same load. */
  fp32Ms: number;
  int8Ms: number;
  /** Root-mean-square of int8 − fp32 over that of fp32, on the same inputs. */
  distance: number;
}

function relativeRms(values: Float32Array, reference: Float32Array): number {
  let error = 0;
  let signal = 0;
  for (let i = 0; i < reference.length; i++) {
    error += ((values[i] as number) - (reference[i] as number)) ** 2;
    signal += (reference[i] as number) ** 2;
  }
  return Math.sqrt(error / signal);
}

/**
 * The quantised stages in fp32 and int8 side by side: both sessions open, one set-up run each,
 * then `runs` runs alternated; the distance of the int8 output from the fp32 one.
 */
export async function compareInt8(
  built: BuiltModel,
  shape: SdShape,
  config: StageConfig,
  runs = 3,
): Promise<PrecisionRow[]> {
  const rows: PrecisionRow[] = [];
  for (const stage of QUANTISED_STAGES) {
    const fp32 = await openStage(built.dirs.fp32, stage, shape, config);
    const int8 = await openStage(built.dirs.int8, stage, shape, { ...config, variant: 'int8' });
    try {
      await fp32.run();
      await int8.run();
      const times = { fp32: [] as number[], int8: [] as number[] };
      for (let i = 0; i < runs; i++) {
        times.fp32.push(await fp32.run());
        times.int8.push(await int8.run());
      }
      const distance = relativeRms(await int8.output(), await fp32.output());
      rows.push({
        stage,
        loadMs: { fp32: fp32.loadMs, int8: int8.loadMs },
        fp32Ms: median(times.fp32),
        int8Ms: median(times.int8),
        distance,
      });
      console.log(
        `cpu-image: ${stage} fp32 ${Math.round(median(times.fp32))} ms, int8 ${Math.round(median(times.int8))} ms, distance ${(distance * 100).toFixed(2)} %`,
      );
    } finally {
      await fp32.release();
      await int8.release();
    }
  }
  return rows;
}
