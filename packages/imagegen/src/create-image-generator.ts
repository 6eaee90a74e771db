import { fallbackNotice, PREVIEW_NOTICE, type BackendChoice, type ImageGenConfig } from './config';
import { DEFAULT_MODEL } from './models/catalog';
import { READY, type EngineProbe, type ProbeOptions } from './engine-probe';
import { ImageGenError, isImageGenError } from './errors';
import { compositeOverSource } from './inpaint/composite-over-source';
import { parseAspectRatio, ratioDiffers } from './aspect-ratio';
import { encodePng } from './png/encode-png';
import { DEFAULT_MAX_PROMPT_LENGTH, resolveRequest } from './resolve-request';
import { selectBackend } from './select-backend';
import {
  ENGINE_OPTION_NAMES,
  type BackendCapabilities,
  type BackendImage,
  type BackendName,
  type EngineQuality,
  type BackendResult,
  type EngineOptionName,
  type GenerateOptions,
  type GenerateRequest,
  type GeneratedImage,
  type GenerationStage,
  type ResolvedRequest,
} from './types';
import { abortError, throwIfAborted, withDeadline } from './util/abort';
import { createLimiter } from './util/limiter';

export interface ImageGeneratorDescription {
  backend: BackendName;
  configured: BackendChoice;
  model: string;
  isPreview: boolean;
  /** Text the web app can show as-is when `isPreview` is true. */
  notice?: string;
  /** Why the configured model is not in use (`auto` fell back to the preview model). */
  fallbackReason?: string;
  /**
   * What it can do beyond text-to-image (the product offers only these actions); every engine
   * made here says, a stand-in without it is text-to-image only.
   */
  capabilities?: BackendCapabilities;
  /** Steps per quality: an image-to-image job lengthens a too-short one (stepsKeepingSource). */
  qualitySteps?: Record<EngineQuality, number>;
  /**
   * A sampling model run at one step at every quality (SDXS, distilled for the last timestep
   * only): image-to-image from an intermediate timestep smears. Never an images API, whose
   * "steps" mean nothing.
   */
  oneStep?: boolean;
}

export interface ImageGenerator {
  generate(request: GenerateRequest, options?: GenerateOptions): Promise<GeneratedImage>;
  describe(): ImageGeneratorDescription;
  /**
   * Loads the ONNX model and makes one tiny image now, instead of in the first job (no-op for
   * remote backends). With `auto`, a model that fails here is replaced by the preview model.
   */
  warmup(): Promise<void>;
  /**
   * Whether it can render now, without rendering (engine-probe.ts): a GPU server's status and
   * model lists, an embedded model's files. Optional: an engine without it is taken as ready.
   */
  probe?(options?: ProbeOptions): Promise<EngineProbe>;
  close(): Promise<void>;
}

/**
 * What the backend says it could not honour, plus the aspect ratio when the image that came back
 * (whatever a workflow or API made of the size) is more than 5 % off the one asked for.
 */
function ignoredOptions(
  request: ResolvedRequest,
  result: BackendResult,
  image: { width: number; height: number },
): EngineOptionName[] {
  const ignored = new Set(result.ignoredOptions ?? []);
  if (ratioDiffers(image.width / image.height, parseAspectRatio(request.aspectRatio))) {
    ignored.add('aspect_ratio');
  }
  return ENGINE_OPTION_NAMES.filter((name) => ignored.has(name));
}

/** An inpainting result composited over its source (the unmasked pixels kept); else as is. */
function keepUnmasked(image: BackendImage, request: ResolvedRequest): Promise<BackendImage> {
  const init = request.init;
  const inpaintMask = init?.inpaintMask;
  if (!init || !inpaintMask) return Promise.resolve(image);
  return compositeOverSource(image, { ...init, inpaintMask });
}

export async function createImageGenerator(config: ImageGenConfig): Promise<ImageGenerator> {
  const backend = await selectBackend(config);
  const limiter = createLimiter(Math.max(1, config.maxConcurrency ?? 1));
  const { timeoutMs } = config;
  const maxPromptLength = config.maxPromptLength ?? DEFAULT_MAX_PROMPT_LENGTH;

  async function generate(
    request: GenerateRequest,
    options: GenerateOptions = {},
  ): Promise<GeneratedImage> {
    const resolved = await resolveRequest(request, backend, maxPromptLength);
    const report = (fraction: number, stage: GenerationStage) =>
      options.onProgress?.({ fraction, stage });
    const queueSignal = options.signal ?? new AbortController().signal;
    report(0, 'queued');
    return limiter.run(async () => {
      const deadline = withDeadline(options.signal, timeoutMs);
      const started = performance.now();
      try {
        throwIfAborted(deadline.signal);
        const result = await backend.run(resolved, {
          signal: deadline.signal,
          onProgress: (fraction, stage) => report(Math.min(fraction, 1) * 0.95, stage),
          ...(options.onPreview ? { onPreview: options.onPreview } : {}),
        });
        throwIfAborted(deadline.signal);
        report(0.95, 'encode_png');
        const pngStarted = performance.now();
        const encoded = await encodePng(await keepUnmasked(result.image, resolved), {
          model: backend.model,
          backend: backend.name,
        });
        const encodeMs = performance.now() - pngStarted;
        report(1, 'encode_png');
        return {
          png: encoded.png,
          width: encoded.width,
          height: encoded.height,
          seed: resolved.seed,
          steps: resolved.steps,
          aspectRatio: resolved.aspectRatio,
          quality: resolved.quality,
          ignoredOptions: ignoredOptions(resolved, result, encoded),
          backend: backend.name,
          model: backend.model,
          timings: { ...result.timings, encode_png: encodeMs, total: performance.now() - started },
          ...(resolved.init ? { strength: resolved.init.strength } : {}),
          ...(request.upscale ? { upscale: request.upscale } : {}),
        };
      } catch (error) {
        if (deadline.signal.aborted && !isImageGenError(error)) throw abortError(deadline.signal);
        if (isImageGenError(error)) throw error;
        throw new ImageGenError(
          'bad_response',
          `${backend.name} failed: ${(error as Error).message}`,
          { cause: error },
        );
      } finally {
        deadline.dispose();
      }
    }, queueSignal);
  }

  return {
    generate,
    describe: () => {
      const { fallbackReason } = backend as { fallbackReason?: string };
      return {
        backend: backend.name,
        configured: config.backend,
        model: backend.model,
        isPreview: backend.isPreview,
        capabilities: backend.capabilities,
        qualitySteps: backend.qualitySteps,
        oneStep:
          backend.name !== 'openai' &&
          Object.values(backend.qualitySteps).every((steps) => steps === 1),
        ...(fallbackReason
          ? { notice: fallbackNotice(config.model ?? DEFAULT_MODEL), fallbackReason }
          : backend.isPreview
            ? { notice: PREVIEW_NOTICE }
            : {}),
      };
    },
    warmup: async () => {
      const warm = (backend as { warmup?: () => Promise<void> }).warmup;
      if (warm) await warm();
    },
    probe: (options) => backend.probe?.(options) ?? Promise.resolve(READY),
    close: () => backend.close(),
  };
}
