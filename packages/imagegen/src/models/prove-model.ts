import { isImageGenError } from '../errors';
import { explainLoadFailure } from '../onnx/explain-load-failure';
import type { SessionSettings } from '../onnx/load-session';
import { loadSdPipeline } from '../onnx/sd-pipeline';
import { TINY_REQUEST } from '../onnx/tiny-request';
import { measureDecoderValues, readDecoderRange } from './decoder-range';
import type { ModelManifest } from './manifest';

export class ModelProofError extends Error {
  constructor(
    readonly model: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Model "${model}" refused: ${reason}`, options);
    this.name = 'ModelProofError';
  }
}

export interface ModelProof {
  ms: number;
  /** What the proof image showed of the decoder: recorded in the installed manifest. */
  decoder: Required<Pick<ModelManifest['decoder'], 'outputRange' | 'measured'>>;
}

/**
 * Opens every session of the model in `dir` with the provider the server uses and runs one tiny
 * inference, so a model that cannot run here is refused before it replaces anything. The image
 * must be finite (the pipeline refuses NaN), not constant, and inside the decoder's range, which
 * is measured here rather than assumed.
 */
export async function proveModel(
  dir: string,
  manifest: ModelManifest,
  settings: SessionSettings,
): Promise<ModelProof> {
  const started = performance.now();
  let pipeline: Awaited<ReturnType<typeof loadSdPipeline>> | undefined;
  try {
    pipeline = await loadSdPipeline(dir, manifest, settings);
    const out = await pipeline.run(TINY_REQUEST, new AbortController().signal, () => undefined);
    if (out.width !== 64 || out.height !== 64) {
      throw new Error(`a 64×64 request produced a ${out.width}×${out.height} image`);
    }
    const values = measureDecoderValues(out.decoded);
    const read = readDecoderRange(values, manifest.decoder.outputRange);
    if ('refused' in read) throw new ModelProofError(manifest.name, read.refused);
    const measured = { min: values.min, max: values.max };
    return {
      ms: performance.now() - started,
      decoder: { outputRange: read.outputRange, measured },
    };
  } catch (error) {
    if (error instanceof ModelProofError) throw error;
    // loadSession's errors already name the file and explain the failure.
    const reason = isImageGenError(error) ? error.message : explainLoadFailure(error);
    throw new ModelProofError(manifest.name, reason, { cause: error });
  } finally {
    await pipeline?.close();
  }
}
