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
  type EulerSchedule,
} from '../scheduler/euler-discrete';
import type { ClipTokenizer } from '../tokenizer/clip-tokenizer';
import { loadClipTokenizer } from '../tokenizer/load-clip-tokenizer';
import type { GenerationPreview, GenerationStage, ResolvedRequest } from '../types';
import { throwIfAborted } from '../util/abort';
import { gaussianNoise } from '../util/random';
import type { DecoderRange } from './image-layout';
import {
  DecodeCost,
  decodePreviewFrame,
  DEFAULT_LIVE_PREVIEW_SHARE,
  PreviewBudget,
  previewPoolFactor,
} from './preview-frames';
import type { SessionSettings } from './load-session';
import {
  decoderCaller,
  encoderCaller,
  loadStage,
  unetCaller,
  type DecodedImage,
  type Stage,
} from './sd-stages';
import { keepOutsideMask, latentInpaint, type LatentInpaint } from './inpaint-latents';
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

type OnProgress = (fraction: number, stage: GenerationStage) => void;
type OnPreview = (preview: GenerationPreview) => void;

/** The loaded model: its tokenizer, its stages' sessions, and how each is called. */
interface LoadedModel {
  manifest: ModelManifest;
  tokenizer: ClipTokenizer;
  stages: Stage[];
  encodePrompt: ReturnType<typeof createPromptEncodings>;
  denoiser: ReturnType<typeof unetCaller>;
  decode: ReturnType<typeof decoderCaller>;
  /** Absent: a model without an image encoder, text-to-image only. */
  encode: EncodeImage | undefined;
  /** What the decoder costs, to foresee a live-preview frame's. */
  decodeCost: DecodeCost;
  /** The share of an image's time its live-preview frames may take. */
  previewShare: number;
}

/** Sessions as the server opens them, and the share of an image live previews may take. */
export type PipelineSettings = SessionSettings & { livePreviewShare?: number };

/** Times the pipeline's stages: each lap adds the time since the last to its stage. */
function stopwatch() {
  const timings: Partial<Record<GenerationStage, number>> = {};
  let mark = performance.now();
  return {
    timings,
    lap(stage: GenerationStage) {
      const now = performance.now();
      timings[stage] = (timings[stage] ?? 0) + (now - mark);
      mark = now;
    },
  };
}

/**
 * Text-to-image and image-to-image for Stable-Diffusion-family ONNX exports (no classifier-free
 * guidance: turbo models are distilled without it). Every tensor name and dtype comes from
 * session metadata. The image encoder is optional: a model without one is text-to-image only.
 */
export async function loadSdPipeline(
  dir: string,
  manifest: ModelManifest,
  settings: PipelineSettings,
): Promise<SdPipeline> {
  const model = await loadModel(dir, manifest, settings);
  const { encode, decode } = model;
  const roundTrip =
    encode &&
    (async (planar: Float32Array, width: number, height: number, range: DecoderRange) => {
      const dims = [1, 4, height / manifest.latentScale, width / manifest.latentScale];
      // The decoder may speak [0, 1]; the encoder reads [-1, 1].
      const input = range === 'zero_to_one' ? planar.map((v) => v * 2 - 1) : planar;
      return decode(await encode(input, width, height), dims);
    });
  return {
    run: (request, signal, onProgress, onPreview) =>
      runPipeline(model, request, signal, onProgress, onPreview),
    ...(roundTrip ? { roundTrip } : {}),
    async close() {
      await Promise.all(model.stages.map((stage) => stage.session.release()));
    },
  };
}

/** Opens every stage's session and wires the text encoder's output into the UNet's context. */
async function loadModel(
  dir: string,
  manifest: ModelManifest,
  settings: PipelineSettings,
): Promise<LoadedModel> {
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
  const textPorts = textEncoderPorts(textEncoder);
  const denoiser = unetCaller(unet);
  return {
    manifest,
    tokenizer,
    stages,
    encodePrompt: promptEncoder(textEncoder, textPorts, denoiser.contextType),
    denoiser,
    decode: decoderCaller(decoder, manifest),
    encode: imageEncoder && encoderCaller(imageEncoder, manifest),
    decodeCost: new DecodeCost(),
    previewShare: settings.livePreviewShare ?? DEFAULT_LIVE_PREVIEW_SHARE,
  };
}

/** The text encoder's token input and hidden-state output, by the names exports give them. */
function textEncoderPorts(textEncoder: Stage) {
  return {
    ids: textEncoder.ports.input(['input_ids', 'input'], 0, 'token input'),
    hidden: textEncoder.ports.output(
      ['last_hidden_state', 'text_embeddings'],
      0,
      'hidden-state output',
    ),
  };
}

/** Token ids to the UNet's context, cached per prompt, in the dtype the UNet reads. */
function promptEncoder(
  textEncoder: Stage,
  { ids, hidden }: ReturnType<typeof textEncoderPorts>,
  contextType: ReturnType<typeof unetCaller>['contextType'],
) {
  return createPromptEncodings(async (tokenIds) => {
    const encoded = await textEncoder.session.run({ [ids.name]: idsTensor(ids.type, tokenIds) }, [
      hidden.name,
    ]);
    const hiddenTensor = encoded[hidden.name] as ort.Tensor;
    // Keep the encoder's own tensor when dtypes already match: no round trip through fp32.
    return hiddenTensor.type === contextType
      ? hiddenTensor
      : floatTensor(contextType, tensorToFloat32(hiddenTensor), hiddenTensor.dims);
  });
}

async function runPipeline(
  model: LoadedModel,
  request: ResolvedRequest,
  signal: AbortSignal,
  onProgress: OnProgress,
  onPreview?: OnPreview,
): Promise<PipelineOutput> {
  const { timings, lap } = stopwatch();
  const budget = new PreviewBudget(
    model.previewShare,
    () => model.decodeCost.foresee(previewCells(request, model.manifest.latentScale)),
    performance.now(),
  );
  onProgress(0, 'tokenize');
  const tokenIds = model.tokenizer.encode(request.prompt);
  lap('tokenize');
  throwIfAborted(signal);

  onProgress(0.05, 'encode');
  const contextTensor = await model.encodePrompt(tokenIds);
  const scale = model.manifest.latentScale;
  const latentDims = [1, 4, request.height / scale, request.width / scale];
  const { schedule, latents, inpaint } = await startingLatents(model, request, latentDims);
  lap('encode');
  throwIfAborted(signal);

  const denoising = { latents, latentDims, schedule, contextTensor, request, inpaint };
  await denoise(model, denoising, { signal, onProgress, onPreview, budget });
  lap('denoise');

  onProgress(0.9, 'decode');
  const decoding = performance.now();
  const image = await model.decode(latents, latentDims);
  model.decodeCost.recordFull(performance.now() - decoding, latentDims[2]! * latentDims[3]!);
  lap('decode');
  return { ...image, timings };
}

/**
 * Noise at the schedule's first sigma; for image-to-image, the source's latents noised to the
 * sigma the tail of the schedule starts from (Euler's add_noise: x + σ·ε). With a mask, also what
 * keeps the source outside it at every step.
 */
async function startingLatents(
  model: LoadedModel,
  request: ResolvedRequest,
  latentDims: number[],
): Promise<{ schedule: EulerSchedule; latents: Float32Array; inpaint?: LatentInpaint }> {
  const { manifest, encode } = model;
  const length = latentDims.reduce((a, b) => a * b, 1);
  const full = createEulerSchedule(request.steps, manifest.scheduler);
  if (!request.init) {
    return { schedule: full, latents: gaussianNoise(length, request.seed, full.initNoiseSigma) };
  }
  if (!encode) {
    throw new UnsupportedRequestError(`Model "${manifest.name}" has no image encoder.`);
  }
  const source = await sourceLatents(
    { ...request, init: request.init },
    encode,
    manifest.latentScale,
  );
  const schedule = scheduleTail(full, stepsToRun(request.steps, request.init.strength));
  const latents = gaussianNoise(length, request.seed, schedule.initNoiseSigma);
  for (let i = 0; i < length; i++) latents[i] = (latents[i] as number) + (source[i] as number);
  const mask = request.init.inpaintMask;
  if (!mask) return { schedule, latents };
  return { schedule, latents, inpaint: latentInpaint(mask, source, latentDims, request.seed) };
}

/** The latent cells of a request's live-preview frame (pooled to the preview's size). */
function previewCells(request: ResolvedRequest, latentScale: number): number {
  const factor = previewPoolFactor(request.width, request.height) * latentScale;
  return Math.floor(request.width / factor) * Math.floor(request.height / factor);
}

/**
 * Euler steps over `latents` in place; after each but the last, a frame of the forming image
 * when the preview budget allows one.
 */
async function denoise(
  model: LoadedModel,
  denoising: {
    latents: Float32Array;
    latentDims: number[];
    schedule: EulerSchedule;
    contextTensor: ort.Tensor;
    request: ResolvedRequest;
    inpaint?: LatentInpaint | undefined;
  },
  hooks: {
    signal: AbortSignal;
    onProgress: OnProgress;
    onPreview?: OnPreview;
    budget: PreviewBudget;
  },
) {
  const { latents, latentDims, schedule, contextTensor, request, inpaint } = denoising;
  const { signal, onProgress, onPreview, budget } = hooks;
  const steps = schedule.timesteps.length;
  for (let i = 0; i < steps; i++) {
    onProgress(0.1 + (0.8 * i) / steps, 'denoise');
    const sigma = schedule.sigmas[i] as number;
    const t = schedule.timesteps[i] as number;
    const noise = await model.denoiser.predictNoise(latents, latentDims, sigma, t, contextTensor);
    throwIfAborted(signal);
    // The image forming: what the model now takes for the clean sample, never the last step's.
    if (onPreview && i < steps - 1 && budget.allows(performance.now())) {
      const started = performance.now();
      const x0 = predictOriginal(latents, noise, sigma);
      const frame = await decodePreviewFrame(model.decode, x0, latentDims, request);
      const ms = performance.now() - started;
      budget.spend(ms);
      model.decodeCost.recordFrame(ms, frame.cells);
      onPreview({ step: i + 1, steps, image: frame.image });
    }
    eulerStep(latents, noise, sigma, schedule.sigmas[i + 1] as number);
    if (inpaint) keepOutsideMask(latents, inpaint, schedule.sigmas[i + 1] as number);
  }
}
