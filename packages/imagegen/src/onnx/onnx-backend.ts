import { ModelMissingError } from '../errors';
import type { ModelManifest } from '../models/manifest';
import { findMissingFiles, modelDir } from '../models/model-store';
import {
  TEXT_TO_IMAGE_ONLY,
  type BackendResult,
  type GenerationStage,
  type ImageBackend,
  type ResolvedRequest,
} from '../types';
import type { SessionSettings } from './load-session';
import { loadSdPipeline, type SdPipeline } from './sd-pipeline';
import { TINY_REQUEST } from './tiny-request';

export type OnnxBackend = ImageBackend & { warmup(): Promise<void> };

/** Embedded backend: sessions are created on first use and kept for the life of the process. */
export function createOnnxBackend(
  modelsDir: string,
  manifest: ModelManifest,
  settings: SessionSettings,
): OnnxBackend {
  let pipeline: Promise<SdPipeline> | undefined;

  async function load(): Promise<SdPipeline> {
    const missing = await findMissingFiles(modelsDir, manifest);
    if (missing.length > 0) {
      throw new ModelMissingError(
        `Model "${manifest.name}" is incomplete in ${modelDir(modelsDir, manifest.name)} (missing: ${missing.join(', ')}); run \`npm run models -- pull ${manifest.name}\`.`,
      );
    }
    return loadSdPipeline(modelDir(modelsDir, manifest.name), manifest, settings);
  }

  function getPipeline(): Promise<SdPipeline> {
    pipeline ??= load().catch((error: unknown) => {
      pipeline = undefined; // let a later request retry once the operator fixes the model
      throw error;
    });
    return pipeline;
  }

  return {
    name: 'onnx',
    model: manifest.name,
    isPreview: manifest.isPreview,
    defaults: manifest.defaults,
    qualitySteps: manifest.qualitySteps,
    capabilities: TEXT_TO_IMAGE_ONLY,
    /** Loads the sessions and runs one tiny image, so the first job pays for neither. */
    async warmup() {
      const loaded = await getPipeline();
      await loaded.run(TINY_REQUEST, new AbortController().signal, () => undefined);
    },
    async run(
      request: ResolvedRequest,
      context: {
        signal: AbortSignal;
        onProgress: (fraction: number, stage: GenerationStage) => void;
      },
    ): Promise<BackendResult> {
      const loaded = await getPipeline();
      const out = await loaded.run(request, context.signal, context.onProgress);
      return {
        image: { kind: 'rgb', data: out.rgb, width: out.width, height: out.height },
        timings: out.timings,
        // Guidance-free (turbo) models have no unconditional pass a negative prompt could steer.
        ignoredOptions: request.negativePrompt ? ['negative_prompt'] : [],
      };
    },
    async close() {
      const current = pipeline;
      pipeline = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
