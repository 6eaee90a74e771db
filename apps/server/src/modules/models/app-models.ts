import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { SubmitModels } from './choose-submit-model';
import type { ModelRegistry } from './model-registry';

/** The process's model catalog and the engine of each of its models (`app.models`). */
export interface AppModels {
  registry: ModelRegistry;
  /** One engine per catalog model, by id. */
  engines: ReadonlyMap<string, ImageGenerator>;
  /** A model without a worker heartbeat within this bound is unavailable (GENERATION_LEASE_S). */
  livenessMs: number;
  /** The submit's choice of model (default, tier, liveness, price). */
  submit: SubmitModels;
}
