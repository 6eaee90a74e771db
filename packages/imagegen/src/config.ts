import type { A1111Config } from './backends/a1111/a1111-backend';
import type { ComfyUiConfig } from './backends/comfyui/comfyui-backend';
import type { OpenAiConfig } from './backends/openai/openai-backend';

export type BackendChoice = 'auto' | 'onnx' | 'comfyui' | 'a1111' | 'openai';

export type LogLevel = 'info' | 'warn' | 'error';
export type ImageGenLogger = (
  level: LogLevel,
  message: string,
  details?: Record<string, unknown>,
) => void;

/** Everything imagegen needs, passed in by the server's env.ts (imagegen never reads the env). */
export interface ImageGenConfig {
  /** `auto`: the installed ONNX model if present, else the built-in preview model. */
  backend: BackendChoice;
  /** Where models live (MODELS_DIR, default DATA_DIR/models). */
  modelsDir: string;
  /** ONNX model name under modelsDir (default `sd-turbo`). */
  model?: string;
  /**
   * Deadline for one generation, queueing excluded. Absent: none of its own, so a caller holding
   * a deadline (the server's job timeout) passes it as the AbortSignal and there is only one.
   */
  timeoutMs?: number;
  /** Generations running at once; more wait their turn (default 1). */
  maxConcurrency?: number;
  /**
   * Longest prompt accepted. The default is a generic bound for standalone use; an application
   * with its own rule (Nocturne's contract) passes its number so there is one limit.
   */
  maxPromptLength?: number;
  /** ONNX Runtime threads per operator (default 0 = one per physical core). */
  intraOpThreads?: number;
  /**
   * The share of an embedded image's time its live-preview frames may take (default 0.05); a
   * frame that would pass it is skipped. 0: no embedded previews; 1: every frame.
   */
  livePreviewShare?: number;
  comfyui?: ComfyUiConfig;
  a1111?: A1111Config;
  openai?: OpenAiConfig;
  logger?: ImageGenLogger;
}

export const PREVIEW_NOTICE = 'Preview model: install a model for real images';

/** The notice when IMAGE_BACKEND=auto fell back because the installed model failed to load. */
export function fallbackNotice(model: string): string {
  return `${PREVIEW_NOTICE}: the installed model "${model}" failed to load (see the server log)`;
}
