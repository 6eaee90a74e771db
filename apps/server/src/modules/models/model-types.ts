import type { UpscaleFactor } from '@nocturne/contract/generations/derive-generation';
import type { ModelHealthState } from '@nocturne/contract/models/model-health';

/** What a model's engine is, as a worker reports it and people and operators are told. */
export interface ServedEngine {
  backend: string;
  /** The model the engine runs, in the backend's own name (a checkpoint, an ONNX folder). */
  model: string;
  isPreview: boolean;
  /** What the web app shows as-is for a preview engine (its own, or the default notice). */
  notice: string | null;
  /** Why the configured model is not in use (`auto` fell back to the preview model). */
  fallbackReason: string | null;
  /** Variations (image-to-image). */
  variations: boolean;
  upscale: UpscaleFactor[];
  /** Repainting a masked region of a source; absent from reports made before it was kept. */
  inpaint?: boolean;
  /**
   * It renders every quality in one step (SDXS): image-to-image from an intermediate timestep
   * smears, so Vary and Upscale are offered only where the catalog entry turns them on. Absent
   * from reports made before it was kept.
   */
  oneStep?: boolean;
}

/**
 * Whether the worker's engine for the model can make images now, as its probes and its last jobs
 * say (engine-health-monitor.ts), with the operator's cause and since when (ISO time).
 */
export interface WorkerModelHealth {
  state: ModelHealthState;
  cause: string | null;
  since: string;
  /**
   * The catalog LoRA files its server lacks (a `failing` ComfyUI model, imagegen's EngineProbe):
   * GET /models does not offer those LoRAs. Absent: none missing.
   */
  unavailableLoras?: string[];
}

/** A failed run as the engine's health reads it: the failure's kind and the engine's own words. */
export interface RunFailure {
  kind: string;
  detail: string | null;
}

/** The model a submit runs on, and what one image of it costs this person. */
export interface SubmitModel {
  id: string;
  /** Credits per image: the catalog's `creditCost`, 0 for premium people (never charged). */
  creditCost: number;
  /** Credits per variation / upscale: the catalog's `variationCost` / `upscaleCost`, 0 for premium. */
  variationCost: number;
  upscaleCost: number;
  /** Credits per upscale ×4: the catalog's `upscale4Cost` (default 2), 0 for premium. */
  upscale4Cost: number;
}
