import { isImageGenError } from '../errors';
import { explainLoadFailure } from '../onnx/explain-load-failure';
import type { SessionSettings } from '../onnx/load-session';
import { loadSdPipeline } from '../onnx/sd-pipeline';
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

/** The smallest image the pipeline makes: one latent 8×8, one denoising step. */
const PROOF_REQUEST = {
  prompt: 'a lighthouse at dusk',
  negativePrompt: '',
  width: 64,
  height: 64,
  seed: 1,
  steps: 1,
  aspectRatio: '1:1',
  quality: 'fast',
} as const;

/**
 * Opens every session of the model in `dir` with the provider the server uses and runs one tiny
 * inference, so a model that cannot run here is refused before it replaces anything.
 */
export async function proveModel(
  dir: string,
  manifest: ModelManifest,
  settings: SessionSettings,
): Promise<{ ms: number }> {
  const started = performance.now();
  let pipeline: Awaited<ReturnType<typeof loadSdPipeline>> | undefined;
  try {
    pipeline = await loadSdPipeline(dir, manifest, settings);
    const out = await pipeline.run(PROOF_REQUEST, new AbortController().signal, () => undefined);
    if (out.width !== 64 || out.height !== 64) {
      throw new Error(`a 64×64 request produced a ${out.width}×${out.height} image`);
    }
  } catch (error) {
    // loadSession's errors already name the file and explain the failure.
    const reason = isImageGenError(error) ? error.message : explainLoadFailure(error);
    throw new ModelProofError(manifest.name, reason, { cause: error });
  } finally {
    await pipeline?.close();
  }
  return { ms: performance.now() - started };
}
