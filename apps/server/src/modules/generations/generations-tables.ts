import type {
  AspectRatio,
  EngineOptionName,
  Quality,
  StyleId,
} from '@nocturne/contract/generations/generation-options';
import { GENERATION_STATUSES } from '@nocturne/contract/generations/generation-status';
import {
  GENERATION_KINDS,
  type UpscaleFactor,
  type VariationStrengthName,
} from '@nocturne/contract/generations/derive-generation';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

/** Contract favorites/save-favorite.ts `settings`. */
export interface FavoriteSettings {
  negative_prompt: string;
  seed: number | null;
  aspect_ratio: AspectRatio;
  quality: Quality;
  style: StyleId | null;
}

/** A catalog LoRA a generation is made with: its file for the engine, its name for history. */
export interface GenerationLoraColumn {
  id: string;
  name: string;
  file: string;
  weight: number;
}

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/** Bytes as a Buffer whichever driver reads them (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
const statusList = sql.raw(GENERATION_STATUSES.map((status) => `'${status}'`).join(', '));
const kindList = sql.raw(GENERATION_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * One row per generation, and at the same time the job queue (docs/decisions/005): workers claim
 * rows with FOR UPDATE SKIP LOCKED, premium (priority 1) before free, then oldest first. A claimed
 * row holds a lease (`locked_until`, `locked_by`) its worker renews; when the lease lapses the row
 * is claimable again, so a dead worker never strands a job.
 */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Public handle of the submit: the realtime channel is generation:{request_id}. A submit of N
     * images is N rows (N jobs, each charged and refunded alone) sharing it, told apart by
     * `image_index`.
     */
    requestId: text('request_id').notNull(),
    imageIndex: integer('image_index').notNull().default(0),
    imageCount: integer('image_count').notNull().default(1),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GENERATION_STATUSES }).notNull().default('queued'),
    sourcePrompt: text('source_prompt').notNull().default(''),
    contentPrompt: text('content_prompt').notNull(),
    /**
     * The prompt this image got when `content_prompt` has choices (contract
     * text/prompt-choices.ts); null when it has none and the image got `content_prompt` itself.
     */
    expandedPrompt: text('expanded_prompt'),
    /** The options of the submit (contract generations/generation-options.ts). */
    negativePrompt: text('negative_prompt').notNull().default(''),
    /** This image's seed (unsigned 32-bit); null only for rows made before seeds were stored. */
    seed: bigint('seed', { mode: 'number' }),
    /** The person gave the seed (else the server drew it): a backend ignoring it matters only then. */
    seedChosen: boolean('seed_chosen').notNull().default(false),
    aspectRatio: text('aspect_ratio').$type<AspectRatio>().notNull().default('1:1'),
    quality: text('quality').$type<Quality>().notNull().default('balanced'),
    style: text('style').$type<StyleId>(),
    /** Options the person chose that the backend could not honour (chosen-ignored-options.ts). */
    ignoredOptions: text('ignored_options')
      .array()
      .$type<EngineOptionName[]>()
      .notNull()
      .default(sql`'{}'`),
    /** The catalog model it is for (MODELS_FILE id); a worker claims only the models it serves. */
    model: text('model').notNull(),
    /** `backend:model` that rendered it: the queue's wait estimate uses durations per backend. */
    backend: text('backend'),
    /** 1 for premium, 0 for free: fixed at submit so the claim order needs no join. */
    priority: integer('priority').notNull().default(0),
    /** Client-chosen Idempotency-Key of the submit; unique per user. */
    idempotencyKey: text('idempotency_key'),
    /** Runs started in the current round (reset by a retry); bounded by the worker. */
    attempts: integer('attempts').notNull().default(0),
    /** User retries of a failed generation; each is charged with its own ledger key. */
    retryCount: integer('retry_count').notNull().default(0),
    runAfter: timestamptz('run_after').defaultNow().notNull(),
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    progress: real('progress'),
    stage: text('stage'),
    /** What the person reads of a failure (FAILURE_REASONS in run-generation-job.ts). */
    error: text('error'),
    /**
     * What kind of failure it was (failure-kinds.ts: unreachable, misconfigured, timeout…) and the
     * engine's own words for the operator (hosts, ports, files): the console shows them, the
     * person never does. Null for rows that failed before they were kept, and for refusals.
     */
    failureKind: text('failure_kind'),
    failureDetail: text('failure_detail'),
    /** Key of the PNG under DATA_DIR/images, kept until `result_expires_at` (then nulled). */
    resultPath: text('result_path'),
    resultExpiresAt: timestamptz('result_expires_at'),
    /**
     * SHA-256 (hex) of the generated PNG, kept after the file expires: a favorite saved from the
     * person's own copy must be these exact bytes, never whatever a client sends.
     */
    resultSha256: text('result_sha256'),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
    updatedAt: timestamptz('updated_at')
      .defaultNow()
      // The database's clock, as every other timestamp of the row: drizzle evaluates this when
      // it builds an UPDATE, and a JS Date would be the API or worker process's clock instead.
      .$onUpdate(() => sql`now()`)
      .notNull(),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
    /** generate, or a variation/upscale/inpaint of `source_generation_id`'s stored result. */
    kind: text('kind', { enum: GENERATION_KINDS }).notNull().default('generate'),
    /** The person's own result it was made from; null for `generate` or once that is deleted. */
    sourceGenerationId: uuid('source_generation_id').references((): AnyPgColumn => generations.id, {
      onDelete: 'set null',
    }),
    /** A variation's strength name (denoising strength: docs/decisions/066). */
    strength: text('strength').$type<VariationStrengthName>(),
    upscaleFactor: integer('upscale_factor').$type<UpscaleFactor>(),
    /** An inpaint's denoising strength inside its mask (contract INPAINT_STRENGTH_*). */
    inpaintStrength: doublePrecision('inpaint_strength'),
    /**
     * The catalog LoRAs it is made with, as chosen at submit (their trigger words are already in
     * its prompt); its variations, upscales and retries load the same ones.
     */
    loras: jsonb('loras').$type<GenerationLoraColumn[]>().notNull().default([]),
    /**
     * The person's own result a character named in its prompt holds as its reference image
     * (characters module): the engine follows it where it can; null once that image is deleted.
     */
    referenceGenerationId: uuid('reference_generation_id').references(
      (): AnyPgColumn => generations.id,
      { onDelete: 'set null' },
    ),
  },
  (table) => [
    check('generations_status_known', sql`${table.status} in (${statusList})`),
    check('generations_kind_known', sql`${table.kind} in (${kindList})`),
    index('generations_source_idx')
      .on(table.sourceGenerationId)
      .where(sql`${table.sourceGenerationId} is not null`),
    // Deleting an image clears the references to it without reading the whole queue.
    index('generations_reference_idx')
      .on(table.referenceGenerationId)
      .where(sql`${table.referenceGenerationId} is not null`),
    uniqueIndex('generations_request_image_idx').on(table.requestId, table.imageIndex),
    // The wait estimate reads the latest completed runs of one model.
    index('generations_model_completed_idx')
      .on(table.model, table.completedAt)
      .where(sql`${table.status} = 'completed'`),
    uniqueIndex('generations_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
    // Ascending (user_id, created_at, id), scanned backwards for the newest-first history: a
    // DESC NULLS LAST index cannot serve ORDER BY created_at DESC (NULLS FIRST).
    index('generations_user_created_idx').on(table.userId, table.createdAt, table.id),
    // The claim scans only waiting or running rows of the served models, in claim order.
    index('generations_claim_idx')
      .on(table.model, table.priority.desc(), table.createdAt)
      .where(sql`${table.status} in ('queued', 'processing')`),
    // The console's overview: images finished, and first claims, within a recent window.
    index('generations_completed_idx')
      .on(table.completedAt)
      .where(sql`${table.completedAt} is not null`),
    index('generations_started_idx')
      .on(table.startedAt)
      .where(sql`${table.startedAt} is not null`),
    index('generations_result_expiry_idx')
      .on(table.resultExpiresAt)
      .where(sql`${table.resultPath} is not null`),
  ],
);

/**
 * The mask of an inpaint job (a PNG, white where it repaints) as the person sent it, kept beside
 * the queue rather than in it so that reading a row never reads the mask
 * (docs/decisions/087-inpaint-mask-storage.md). Written in the submit's transaction, read by the
 * worker that renders the job, deleted once the job completed; a failed job keeps it for a retry
 * until its source's image is gone, and it leaves with its row.
 */
export const generationMasks = pgTable('generation_masks', {
  generationId: uuid('generation_id')
    .primaryKey()
    .references(() => generations.id, { onDelete: 'cascade' }),
  png: bytea('png').notNull(),
  createdAt: timestamptz('created_at').defaultNow().notNull(),
});

/**
 * Saved results, kept for good: the row carries its own prompts and its own copy of the image, so
 * deleting the generation or the retention cleanup never takes a favorite with it.
 */
export const favorites = pgTable(
  'favorites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id')
      .unique()
      .references(() => generations.id, { onDelete: 'set null' }),
    sourcePrompt: text('source_prompt').notNull(),
    contentPrompt: text('content_prompt').notNull(),
    imagePath: text('image_path').notNull(),
    /** The image's settings, copied at save so a remix works after the generation is gone. */
    settings: jsonb('settings').$type<FavoriteSettings>(),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
  },
  (table) => [
    // Matches the gallery's order with its id tie-break, so a page is read in order and LIMIT
    // stops early (created_at alone left PostgreSQL sorting every favorite of the person).
    index('favorites_user_created_idx').on(table.userId, table.createdAt, table.id),
    // The same for the gallery sorted by prompt.
    index('favorites_user_prompt_idx').on(table.userId, table.contentPrompt, table.id),
    // Search: pg_trgm GIN indexes on both prompts, in migration favorites_search (hand-written).
  ],
);
