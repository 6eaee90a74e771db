/** A text-to-image request, already validated by the caller's own rules (moderation, credits). */
export interface GenerateRequest {
  prompt: string;
  negativePrompt?: string;
  /** Multiple of 64; defaults to the model's default (512). */
  width?: number;
  height?: number;
  /** 0 … 2^32-1; random when absent, always reported back. */
  seed?: number;
  /** Denoising steps; defaults to the model's default (1 for SD-Turbo). */
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
  backend: BackendName;
  model: string;
  timings: StageTimings;
  /** Options of the request this backend could not honour (README: Options per backend). */
  ignoredOptions: Array<'negative_prompt' | 'seed' | 'aspect_ratio' | 'quality'>;
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
}

/** Raw RGB pixels (or an already-encoded image) coming out of a backend. */
export type BackendImage =
  | { kind: 'rgb'; data: Uint8Array; width: number; height: number }
  | { kind: 'encoded'; data: Buffer };

export interface BackendResult {
  image: BackendImage;
  timings: Partial<Record<GenerationStage, number>>;
}

export interface ImageBackend {
  readonly name: BackendName;
  readonly model: string;
  readonly isPreview: boolean;
  readonly defaults: { width: number; height: number; steps: number };
  run(
    request: ResolvedRequest,
    context: {
      signal: AbortSignal;
      onProgress: (fraction: number, stage: GenerationStage) => void;
    },
  ): Promise<BackendResult>;
  close(): Promise<void>;
}
