import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import type { DbHandle } from '../../db/database';
import type { ModelRegistry } from './model-registry';
import type { ModelSwitchesCache } from './model-switches';
import type { SubmitModel } from './model-types';

/** The process's model catalog and the engine of each of its models (`app.models`). */
export interface AppModels {
  registry: ModelRegistry;
  /** One engine per catalog model, by id. */
  engines: ReadonlyMap<string, ImageGenerator>;
  /** A model without a worker heartbeat within this bound is unavailable (GENERATION_LEASE_S). */
  livenessMs: number;
  /** The submit's choice of model (default, tier, switch, liveness, price). */
  submit: SubmitModels;
  /** The operators' on/off switches, cached in this process (decision 063). */
  switches: ModelSwitchesCache;
  /** Where embedded ONNX models live (MODELS_DIR). */
  modelsDir: string;
  /** The Hub endpoint pulls fetch huggingface.co files from (HF_ENDPOINT); the Hub when unset. */
  hubUrl: string | undefined;
  /** What the console's pull fetches for an embedded entry; undefined when it cannot pull it. */
  pullManifest(entry: CatalogEntry): ModelManifest | undefined;
  /**
   * Reopens the model's engine from disk (after a pull); false when this process did not open
   * it itself (engines handed in), so only a restart picks up the new files.
   */
  reloadEngine(id: string): Promise<boolean>;
  /** Names this process in its MODEL_PULLED_CHANNEL notices, so it skips its own (model-pulled.ts). */
  origin: string;
}

/** How the submit path picks and checks a model (the queue settings carry it). */
export interface SubmitModels {
  /** `loras`: the LoRAs the images load, refused when the model's workers lack their files. */
  choose(
    tx: DbHandle,
    requested: string | undefined,
    premium: boolean,
    loras?: ReadonlyArray<{ id: string; file: string }>,
  ): Promise<SubmitModel>;
}
