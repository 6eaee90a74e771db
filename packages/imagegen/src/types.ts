import type { EngineProbe, ProbeOptions } from './engine-probe';

/** Speed/quality trade-off; each backend maps it to steps it renders well (`qualitySteps`). */
export const ENGINE_QUALITIES = ['fast', 'balanced', 'best'] as const;
export type EngineQuality = (typeof ENGINE_QUALITIES)[number];
export const DEFAULT_ENGINE_QUALITY: EngineQuality = 'balanced';

/** Options a backend may be unable to honour; it lists them in `GeneratedImage.ignoredOptions`. */
export const ENGINE_OPTION_NAMES = ['negative_prompt', 'seed', 'aspect_ratio', 'quality'] as const;
export type EngineOptionName = (typeof ENGINE_OPTION_NAMES)[number];

/** A text-to-image request, already validated by the caller's own rules (moderation, credits). */
export interface GenerateRequest {
  prompt: string;
  negativePrompt?: string;
  /**
   * "W:H" with positive integers ("16:9"). The size keeps the backend's pixel area
   * (`defaults.width`×`defaults.height`) at this ratio, both sides multiples of 64.
   */
  aspectRatio?: string;
  /** Maps to the backend's `qualitySteps` (default `balanced`); explicit `steps` win. */
  quality?: EngineQuality;
  /** Multiple of 64; explicit width/height win over `aspectRatio` (one side alone: the other follows the ratio). */
  width?: number;
  height?: number;
  /** 0 … 2^32-1; random when absent, always reported back. */
  seed?: number;
  /** Denoising steps; default from `quality`. */
  steps?: number;
  /** Image-to-image: start from this image instead of pure noise (needs `capabilities.imageToImage`). */
  init?: InitImage;
  /**
   * With `init`: the output is the source's size times this factor (a hires fix: the source's
   * latent enlarged, then re-rendered at `init.strength`); width, height and ratio are then taken
   * from the source. Needs the factor in `capabilities.upscaleFactors`.
   */
  upscale?: UpscaleFactor;
  /**
   * LoRAs to load (comfyui, a1111): each file as the server lists it, at its weight. The prompt
   * already holds their trigger words; a backend adds only its own syntax (A1111's `<lora:…>`).
   */
  loras?: readonly LoraRequest[];
  /**
   * A character's reference image (PNG bytes) the image should resemble, where
   * `capabilities.characterReference` (ComfyUI with IP-Adapter); other backends ignore it.
   */
  referencePng?: Buffer;
}

export type UpscaleFactor = 2 | 4;

/** A LoRA file and the weight it is applied at (-2 to 2; 1 is the LoRA as trained). */
export interface LoraRequest {
  file: string;
  weight: number;
}

export interface InitImage {
  /** The source image's PNG bytes. */
  png: Buffer;
  /**
   * 0 < strength ≤ 1: the share of the schedule re-run on the noised source (1 ignores it).
   * With `mask`, the denoising inside the mask.
   */
  strength: number;
  /**
   * Inpainting (needs `capabilities.inpaint`): PNG bytes, white (luminance at least half) where the
   * image is repainted, any size (scaled to the source). Pixels outside it are kept: every
   * backend's result is composited over the source, blended along the mask's feathered edge.
   */
  mask?: Buffer;
}

/** An inpainting mask read and scaled to its image (`readInpaintMask`). */
export interface InpaintMask {
  /** One byte a pixel, row by row: 255 repainted, 0 kept, between on the feathered edge. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** What a backend can do beyond text-to-image; the product offers only these actions. */
export interface BackendCapabilities {
  imageToImage: boolean;
  /** Empty when it cannot upscale. */
  upscaleFactors: readonly UpscaleFactor[];
  /** Whether `onPreview` is called while it renders. */
  livePreview: boolean;
  /** Whether it repaints a masked region of a source (`init.mask`). */
  inpaint: boolean;
  /** Whether it follows a reference image (`referencePng`); absent: it does not. */
  characterReference?: boolean;
}

/** Text-to-image only: what every backend can do before it declares more. */
export const TEXT_TO_IMAGE_ONLY: BackendCapabilities = {
  imageToImage: false,
  upscaleFactors: [],
  livePreview: false,
  inpaint: false,
};

/** The image forming, sent while a multi-step render runs; small, never stored. */
export interface GenerationPreview {
  /** 1-based step just finished, of `steps` (for image-to-image, the steps it re-runs). */
  step: number;
  steps: number;
  /** RGB pixels, 3 bytes each, row by row. */
  image: { data: Uint8Array; width: number; height: number };
}

export type GenerationStage =
  'queued' | 'tokenize' | 'encode' | 'denoise' | 'decode' | 'encode_png' | 'remote' | 'download';

export interface GenerationProgress {
  /** 0 … 1 over the whole generation. */
  fraction: number;
  stage: GenerationStage;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  onProgress?: (progress: GenerationProgress) => void;
  /** Called with the forming image while it renders, where `capabilities.livePreview`. */
  onPreview?: (preview: GenerationPreview) => void;
}

/** Milliseconds spent per stage; remote backends report their whole call as `remote`. */
export type StageTimings = Partial<Record<GenerationStage, number>> & { total: number };

export interface GeneratedImage {
  png: Buffer;
  width: number;
  height: number;
  seed: number;
  steps: number;
  /** The ratio asked for, else the requested size's reduced ratio ("3:2" for 768×512). */
  aspectRatio: string;
  quality: EngineQuality;
  /** What this backend could not honour for this image (empty when everything was). */
  ignoredOptions: EngineOptionName[];
  backend: BackendName;
  model: string;
  timings: StageTimings;
  /** Image-to-image: the denoising strength used; absent for text-to-image. */
  strength?: number;
  /** The factor the source was enlarged by, when the request asked for one. */
  upscale?: UpscaleFactor;
}

export type BackendName = 'onnx' | 'comfyui' | 'a1111' | 'openai';

/** A request with every default filled in, as handed to a backend. */
export interface ResolvedRequest {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  seed: number;
  steps: number;
  aspectRatio: string;
  quality: EngineQuality;
  /** Image-to-image; `width`/`height` above are the output's (the source's times the upscale). */
  init?: InitImage & {
    width: number;
    height: number;
    /** With `mask`: it read and scaled to the source's size, the same for every backend. */
    inpaintMask?: InpaintMask;
  };
  /** The LoRAs to load; absent or empty: none. */
  loras?: readonly LoraRequest[];
  /** A character's reference image, where the backend follows one; absent: none. */
  referencePng?: Buffer;
}

/** Raw RGB pixels (or an already-encoded image) coming out of a backend. */
export type BackendImage =
  | { kind: 'rgb'; data: Uint8Array; width: number; height: number }
  | { kind: 'encoded'; data: Buffer };

export interface BackendResult {
  image: BackendImage;
  timings: Partial<Record<GenerationStage, number>>;
  /** Options the backend knows it did not honour (the output's ratio is checked on top). */
  ignoredOptions?: EngineOptionName[];
}

export interface ImageBackend {
  readonly name: BackendName;
  readonly model: string;
  readonly isPreview: boolean;
  /** The size it renders well: its area is kept for every aspect ratio. */
  readonly defaults: { width: number; height: number };
  readonly qualitySteps: Record<EngineQuality, number>;
  readonly capabilities: BackendCapabilities;
  /**
   * Asks its server whether it can render now, without rendering (engine-probe.ts): the GPU
   * backends read their status and model lists, a missing embedded model says so. Absent: an
   * engine in this process that renders whenever it is asked (embedded, preview).
   */
  probe?(options?: ProbeOptions): Promise<EngineProbe>;
  run(
    request: ResolvedRequest,
    context: {
      signal: AbortSignal;
      onProgress: (fraction: number, stage: GenerationStage) => void;
      onPreview?: (preview: GenerationPreview) => void;
    },
  ): Promise<BackendResult>;
  close(): Promise<void>;
}
