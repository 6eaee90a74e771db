import { join } from 'node:path';
import type ort from 'onnxruntime-node';
import { UnsupportedRequestError } from '../errors';
import { stepsToRun } from '../image-to-image';
import type { ModelManifest } from '../models/manifest';
import {
  createEulerSchedule,
  eulerStep,
  predictOriginal,
  scheduleTail,
} from '../scheduler/euler-discrete';
import type { ClipTokenizer } from '../tokenizer/clip-tokenizer';
import { loadClipTokenizer } from '../tokenizer/load-clip-tokenizer';
import type { GenerationPreview, GenerationStage, ResolvedRequest } from '../types';
import { throwIfAborted } from '../util/abort';
import { gaussianNoise } from '../util/random';
import type { DecoderRange } from './image-layout';
import { shrinkRgb } from './live-preview';
import type { SessionSettings } from './load-session';
import {
  decoderCaller,
  encoderCaller,
  loadStage,
  unetCaller,
  type DecodedImage,
  type Stage,
} from './sd-stages';
import { sourceLatents, type EncodeImage } from './source-latents';
import { createPromptEncodings } from './prompt-encodings';
import { floatTensor, idsTensor, tensorToFloat32 } from './tensor-convert';

/** Folder inside a model's folder for ONNX Runtime's optimised graphs. */
export const CACHE_DIR = '.ort-cache';

export interface PipelineOutput extends DecodedImage {
  timings: Partial<Record<GenerationStage, number>>;
}

export interface SdPipeline {
  run(
    request: ResolvedRequest,
    signal: AbortSignal,
    onProgress: (fraction: number, stage: GenerationStage) => void,
    onPreview?: (preview: GenerationPreview) => void,
  ): Promise<PipelineOutput>;
  /** A decoded (planar, in the decoder's `range`) image through the image encoder and back. */
  roundTrip?: (
    planar: Float32Array,
    width: number,
    height: number,
    range: DecoderRange,
  ) => Promise<DecodedImage>;
  close(): Promise<void>;
}

/**
 * Text-to-image and image-to-image for Stable-Diffusion-family ONNX exports (no classifier-free
 * guidance: turbo models are distilled without it). Every tensor name and dtype comes from
 * session metadata. The image encoder is optional: a model without one is text-to-image only.
 */
export async function loadSdPipeline(
  dir: string,
  manifest: ModelManifest,
  settings: SessionSettings,
): Promise<SdPipeline> {
  const { components } = manifest;
  // Optimised graphs live in the model's own folder: they go when the model is replaced.
  const sessionSettings = { ...settings, cacheDir: settings.cacheDir ?? join(dir, CACHE_DIR) };
  const tokenizer: ClipTokenizer = await loadClipTokenizer(join(dir, components.tokenizer));
  const open = (path: string) => loadStage(join(dir, path), sessionSettings);
  const [textEncoder, unet, decoder, imageEncoder] = await Promise.all([
    open(components.textEncoder),
    open(components.unet),
    open(components.decoder),
    components.encoder ? open(components.encoder) : undefined,
  ]);
  const stages: Stage[] = [textEncoder, unet, decoder, ...(imageEncoder ? [imageEncoder] : [])];
  const ids = textEncoder.ports.input(['input_ids', 'input'], 0, 'token input');
  const hidden = textEncoder.ports.output(
    ['last_hidden_state', 'text_embeddings'],
    0,
    'hidden-state output',
  );
  const denoiser = unetCaller(unet);
  const decode = decoderCaller(decoder, manifest);
  const encode: EncodeImage | undefined = imageEncoder && encoderCaller(imageEncoder, manifest);
  const encodePrompt = createPromptEncodings(async (tokenIds) => {
    const encoded = await textEncoder.session.run({ [ids.name]: idsTensor(ids.type, tokenIds) }, [
      hidden.name,
    ]);
    const hiddenTensor = encoded[hidden.name] as ort.Tensor;
    // Keep the encoder's own tensor when dtypes already match: no round trip through fp32.
    return hiddenTensor.type === denoiser.contextType
      ? hiddenTensor
      : floatTensor(denoiser.contextType, tensorToFloat32(hiddenTensor), hiddenTensor.dims);
  });

  async function run(
    request: ResolvedRequest,
    signal: AbortSignal,
    onProgress: (fraction: number, stage: GenerationStage) => void,
    onPreview?: (preview: GenerationPreview) => void,
  ): Promise<PipelineOutput> {
    const timings: Partial<Record<GenerationStage, number>> = {};
    let mark = performance.now();
    const lap = (stage: GenerationStage) => {
      const now = performance.now();
      timings[stage] = (timings[stage] ?? 0) + (now - mark);
      mark = now;
    };

    onProgress(0, 'tokenize');
    const tokenIds = tokenizer.encode(request.prompt);
    lap('tokenize');
    throwIfAborted(signal);

    onProgress(0.05, 'encode');
    const contextTensor = await encodePrompt(tokenIds);

    const scale = manifest.latentScale;
    const latentDims = [1, 4, request.height / scale, request.width / scale];
    const length = latentDims.reduce((a, b) => a * b, 1);
    const full = createEulerSchedule(request.steps, manifest.scheduler);
    let schedule = full;
    let latents: Float32Array;
    if (request.init) {
      if (!encode) {
        throw new UnsupportedRequestError(`Model "${manifest.name}" has no image encoder.`);
      }
      const source = await sourceLatents({ ...request, init: request.init }, encode, scale);
      schedule = scheduleTail(full, stepsToRun(request.steps, request.init.strength));
      // The source noised to the first sigma it is denoised from (Euler's add_noise: x + σ·ε).
      latents = gaussianNoise(length, request.seed, schedule.initNoiseSigma);
      for (let i = 0; i < length; i++) latents[i] = (latents[i] as number) + (source[i] as number);
    } else {
      latents = gaussianNoise(length, request.seed, full.initNoiseSigma);
    }
    lap('encode');
    throwIfAborted(signal);

    const steps = schedule.timesteps.length;
    for (let i = 0; i < steps; i++) {
      onProgress(0.1 + (0.8 * i) / steps, 'denoise');
      const sigma = schedule.sigmas[i] as number;
      const t = schedule.timesteps[i] as number;
      const noise = await denoiser.predictNoise(latents, latentDims, sigma, t, contextTensor);
      throwIfAborted(signal);
      // The image forming: what the model now takes for the clean sample, never the last step's.
      if (onPreview && i < steps - 1) {
        const shown = await decode(predictOriginal(latents, noise, sigma), latentDims);
        onPreview({ step: i + 1, steps, image: shrinkRgb(shown.rgb, shown.width, shown.height) });
      }
      eulerStep(latents, noise, sigma, schedule.sigmas[i + 1] as number);
    }
    lap('denoise');

    onProgress(0.9, 'decode');
    const image = await decode(latents, latentDims);
    lap('decode');
    return { ...image, timings };
  }

  const roundTrip =
    encode &&
    (async (planar: Float32Array, width: number, height: number, range: DecoderRange) => {
      const dims = [1, 4, height / manifest.latentScale, width / manifest.latentScale];
      // The decoder may speak [0, 1]; the encoder reads [-1, 1].
      const input = range === 'zero_to_one' ? planar.map((v) => v * 2 - 1) : planar;
      return decode(await encode(input, width, height), dims);
    });

  async function close() {
    await Promise.all(stages.map((stage) => stage.session.release()));
  }

  return { run, ...(roundTrip ? { roundTrip } : {}), close };
}
