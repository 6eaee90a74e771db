import { z } from 'zod';
import { adminReasonSchema } from './admin-actions';
import { MODEL_TIERS, modelIdSchema, modelLicenceSchema } from '../models/list-models';
import { MODEL_UNAVAILABLE_REASONS, modelHealthSchema } from '../models/model-health';

export { MODEL_UNAVAILABLE_REASONS };

/** What a console pull is doing: downloading, checking hashes, converting, proving, installing. */
export const MODEL_PULL_PHASES = ['download', 'verify', 'convert', 'prove', 'install'] as const;
export const MODEL_PULL_STATUSES = ['running', 'done', 'failed'] as const;

/**
 * A pull started from the console (POST /api/v1/admin/models/{id}/pull), as GET answers it and as
 * the `admin:models` channel's `pull_progress` event carries it. `bytes_total` is null until the
 * file's size is known; `error` is the failure's text once `status` is `failed`.
 */
export const modelPullStateSchema = z
  .object({
    model_id: modelIdSchema,
    status: z.enum(MODEL_PULL_STATUSES),
    phase: z.enum(MODEL_PULL_PHASES),
    file: z.string().nullable(),
    file_index: z.number().int().min(0),
    file_count: z.number().int().min(0),
    bytes_done: z.number().int().min(0),
    bytes_total: z.number().int().min(0).nullable(),
    detail: z.string(),
    error: z.string().nullable(),
    /** After `done`: the pulling process could not reopen its own engine; a restart serves it. */
    restart_needed: z.boolean(),
    started_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ModelPullState' });
export type ModelPullState = z.infer<typeof modelPullStateSchema>;

/** What a worker's engine for the model is, as it reported it with its last heartbeat. */
export const workerEngineSchema = z.object({
  backend: z.string(),
  /** The model it runs, in the backend's own name (a checkpoint, an ONNX folder). */
  model: z.string(),
  /** It makes abstract previews, not real images (the preview model). */
  is_preview: z.boolean(),
  /** Why it is not running the configured model (IMAGE_BACKEND=auto fell back). */
  fallback_reason: z.string().nullable(),
});

/**
 * A worker that served the model within the liveness bound, when it last said so, its engine and
 * its engine's health with the cause and since when (each null until it has reported one).
 */
export const modelWorkerSchema = z.object({
  id: z.string(),
  last_seen_at: z.iso.datetime(),
  engine: workerEngineSchema.nullable(),
  health: modelHealthSchema.nullable(),
});
export type ModelWorker = z.infer<typeof modelWorkerSchema>;

/** Embedded ONNX weights on this server's disk (MODELS_DIR): present, and each file's hash checked. */
export const modelWeightsSchema = z.object({
  name: z.string(),
  installed: z.boolean(),
  /** Every installed file's sha256 matches its manifest (null when not installed). */
  verified: z.boolean().nullable(),
  /** What did not match (file and how), empty when verified. */
  problems: z.array(z.string()),
  /** The server can fetch it: the model is in the pullable catalog. */
  pullable: z.boolean(),
});

/** One catalog entry as the console shows it. */
export const adminModelSchema = z
  .object({
    id: modelIdSchema,
    name: z.string(),
    description: z.string(),
    tier: z.enum(MODEL_TIERS),
    credit_cost: z.number().int().min(0),
    backend: z.string(),
    licence: modelLicenceSchema.nullable(),
    enabled: z.boolean(),
    /** The operator's switch: who, why and when (null while it was never changed). */
    switch: z
      .object({ reason: z.string(), changed_by: z.string(), changed_at: z.iso.datetime() })
      .nullable(),
    available: z.boolean(),
    /** Why it is not offered: switched off, no live worker, or its engine's health. */
    unavailable_reason: z.enum(MODEL_UNAVAILABLE_REASONS).nullable(),
    /** Its live workers' health taken together (the worst); null until one has reported it. */
    health: modelHealthSchema.nullable(),
    workers: z.array(modelWorkerSchema),
    weights: modelWeightsSchema.nullable(),
    pull: modelPullStateSchema.nullable(),
  })
  .meta({ id: 'AdminModel' });
export type AdminModel = z.infer<typeof adminModelSchema>;

/** GET /api/v1/admin/models: the catalog in the operator's order. */
export const adminModelListSchema = z
  .object({ models: z.array(adminModelSchema) })
  .meta({ id: 'AdminModelList' });
export type AdminModelList = z.infer<typeof adminModelListSchema>;

export const adminModelParamsSchema = z.object({ id: modelIdSchema });

/** PUT /api/v1/admin/models/{id}: turn the model on or off for every submit, with a reason. */
export const putModelSwitchRequestSchema = z.object({
  enabled: z.boolean(),
  reason: adminReasonSchema,
});
export type PutModelSwitchRequest = z.infer<typeof putModelSwitchRequestSchema>;
