import { join } from 'node:path';
import { quantizeMatMulWeights } from '../onnx/quantize-weights';
import { widenFloat16Model } from '../onnx/widen-float16';
import { fileSize, sha256File } from '../util/files';
import { peakResidentMb } from '../util/peak-memory';
import type { ModelFile, ModelManifest, WeightPrecision } from './manifest';

/** What converting takes from the pull's options (PullOptions in pull-model.ts). */
export interface ConvertOptions {
  manifest: ModelManifest;
  weights?: WeightPrecision;
  onStage?: (stage: 'convert', detail: string) => void;
}

/** The installed file list and the sources the rewritten files came from. */
export async function convertWeights(
  dir: string,
  downloaded: ModelFile[],
  options: ConvertOptions,
): Promise<Pick<ModelManifest, 'files' | 'sources' | 'weights'>> {
  const written = await rewriteWeights(dir, options);
  const weights = options.weights === 'int8' ? { weights: 'int8' as const } : {};
  if (written.length === 0) return { files: downloaded, ...weights };
  const kept = downloaded.filter((f) => !written.includes(f.path));
  const converted: ModelFile[] = [];
  for (const path of written) {
    const full = join(dir, path);
    converted.push({ path, size: (await fileSize(full)) ?? 0, sha256: await sha256File(full) });
  }
  return {
    files: [...kept, ...converted],
    sources: downloaded.filter((f) => written.includes(f.path)),
    ...weights,
  };
}

/** Widens the manifest's fp16 files in `dir`, then quantises; returns the paths written. */
async function rewriteWeights(dir: string, options: ConvertOptions): Promise<string[]> {
  const { manifest } = options;
  const quantize =
    options.weights === 'int8' ? [manifest.components.textEncoder, manifest.components.unet] : [];
  const written = new Set<string>();
  // Quantising reads weights from external data: a target not widened is widened (copied out) first.
  const widen = [
    ...manifest.widenFloat16,
    ...quantize.filter((p) => !manifest.widenFloat16.includes(p)),
  ];
  for (const path of widen) {
    options.onStage?.('convert', `${path}: float16 → float32`);
    const result = await widenFloat16Model(dir, path);
    result.files.forEach((f) => written.add(f));
    options.onStage?.(
      'convert',
      `${path}: ${result.widened} tensors widened, streamed; peak memory so far ${peakResidentMb()} MB`,
    );
  }
  for (const path of quantize) {
    const result = await quantizeMatMulWeights(dir, path);
    result.files.forEach((f) => written.add(f));
    options.onStage?.(
      'convert',
      `${path}: ${result.quantized} weight MatMuls stored int8; peak memory so far ${peakResidentMb()} MB`,
    );
  }
  return [...written];
}
