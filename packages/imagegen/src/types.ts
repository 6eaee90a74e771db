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
  run(
    request: ResolvedRequest,
    context: {
      signal: AbortSignal;
      onProgress: (fraction: number, stage: GenerationStage) => void;
    },
  ): Promise<BackendResult>;
  close(): Promise<void>;
}
