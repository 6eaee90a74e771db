import { ModelMissingError } from '../errors';
import type { ModelManifest } from '../models/manifest';
import { findMissingFiles, modelDir } from '../models/model-store';
import type {
  BackendCapabilities,
  BackendResult,
  GenerationPreview,
  GenerationStage,
  ImageBackend,
  ResolvedRequest,
} from '../types';
import { loadSdPipeline, type PipelineSettings, type SdPipeline } from './sd-pipeline';
import { TINY_REQUEST } from './tiny-request';

export type OnnxBackend = ImageBackend & { warmup(): Promise<void> };

/**
 * What the model's files allow: image-to-image, inpainting and the ×2 hires fix need an image
 * encoder; a live preview needs only the decoder every embedded model has (a TAESD-sized one is
 * cheap enough to run each step).
 */
export function onnxCapabilities(manifest: ModelManifest): BackendCapabilities {
  const encoder = manifest.components.encoder !== undefined;
  return {
    imageToImage: encoder,
    upscaleFactors: encoder ? [2] : [],
    livePreview: true,
    inpaint: encoder,
  };
}

/** Embedded backend: sessions are created on first use and kept for the life of the process. */
export function createOnnxBackend(
  modelsDir: string,
  manifest: ModelManifest,
  settings: PipelineSettings,
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
    capabilities: onnxCapabilities(manifest),
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
        onPreview?: (preview: GenerationPreview) => void;
      },
    ): Promise<BackendResult> {
      const loaded = await getPipeline();
      const out = await loaded.run(request, context.signal, context.onProgress, context.onPreview);
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
