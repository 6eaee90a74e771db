import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import type { AppDb } from '../../db/database';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import type { ImageStore } from '../images/image-store';
import type { AppModels } from '../models/app-models';
import type { ScreenedPrompt } from '../moderation/screen-prompt';
import { readServedEngines } from '../models/served-engines';
import { chooseLoras } from '../models/model-loras';
import { planBatchPrompts, screenPlannedPrompts } from './batch-prompts';
import { createGeneration, type GenerationQueueSettings } from './create-generation';
import {
  assertDerivable,
  assertUpscaleFits,
  derivedSubmit,
  storedRequestOf,
  type DeriveAction,
} from './derivation';
import type { GenerationRow } from './generation-row';
import { getOwnedGeneration } from './get-owned-generation';
import { withTriggerWords } from './lora-trigger-words';
import { readPromptReferences } from './read-prompt-references';
import { refuseBidiPrompts } from './refuse-bidi-prompts';
import { assertRetryable, retryGeneration } from './retry-generation';

/** What a person asked for: every way an image is made is one of these. */
export type Submission =
  /** POST /generate: a prompt (a preset applied or "use these settings" arrive as one). */
  | { kind: 'prompt'; request: CreateGenerationRequest; idempotencyKey?: string }
  /** A variation or upscale of one of the person's results. */
  | { kind: 'derive'; sourceId: string; action: DeriveAction; idempotencyKey?: string }
  /** A failed generation run again. */
  | { kind: 'retry'; id: string };

/** What the submit needs of the app (the generations plugin passes its own). */
export interface SubmitDeps {
  db: AppDb;
  unitOfWork: UnitOfWork;
  images: Pick<ImageStore, 'open'>;
  models: AppModels;
  queue: GenerationQueueSettings;
  /** The service switch: 503 while generation is paused for this person. */
  assertGenerationOpen(userId: string): Promise<void>;
  /** 18+, a running suspension, the content rules; a refusal is recorded (screen-prompt.ts). */
  screen(userId: string, prompt: ScreenedPrompt): Promise<void>;
}

/**
 * The one way an image is submitted (docs/decisions/076-one-submit-path.md). In order: the
 * generation switch; the plan of each image (its seed and the prompt it gets: a new prompt's
 * characters, wildcards and choices expanded by seed, a derived image's prompt taken from its
 * source, a retry's from its row); the content rules on exactly the text each image's engine
 * will receive (its prompt with its style), recorded when refused; then, in one transaction, the
 * model, the queue's room, the price and the rows. The worker screens the same text again before
 * it renders (screen-at-render.ts), with the rules in force then.
 */
export async function submitGeneration(
  deps: SubmitDeps,
  userId: string,
  submission: Submission,
): Promise<GenerationRow[]> {
  await deps.assertGenerationOpen(userId);
  if (submission.kind === 'retry') return [await submitRetry(deps, userId, submission.id)];
  const {
    request,
    plan: planned,
    derivation,
  } = submission.kind === 'prompt'
    ? await planPrompt(deps, userId, submission.request)
    : await planDerived(deps, userId, submission.sourceId, submission.action);
  const loras = chooseLoras(deps.models.registry, request.model, request.loras);
  // A derived image's prompt is its source's, trigger words included.
  const plan = derivation ? planned : withTriggerWords(planned, request.content_prompt, loras);
  await screenPlannedPrompts({ screen: deps.screen, userId, request, plan });
  const { images } = await createGeneration({
    unitOfWork: deps.unitOfWork,
    userId,
    request,
    plan,
    derivation,
    loras,
    queue: deps.queue,
    idempotencyKey: submission.idempotencyKey,
  });
  return images;
}

/**
 * A new prompt's plan, with what its `@name` and `__name__` stand for (an unknown one refused
 * here, before any screening or charge).
 */
async function planPrompt(deps: SubmitDeps, userId: string, request: CreateGenerationRequest) {
  const references = await readPromptReferences(deps.db, userId, request.content_prompt);
  return { request, plan: planBatchPrompts(request, references), derivation: undefined };
}

/** A derived image's plan, once its source is the person's and can be derived from. */
async function planDerived(
  deps: SubmitDeps,
  userId: string,
  sourceId: string,
  action: DeriveAction,
) {
  const source = await getOwnedGeneration({ tx: deps.db, userId, id: sourceId });
  const served = await readServedEngines(deps.db, deps.models.livenessMs);
  assertDerivable(source, action, deps.models, served);
  if (action.kind === 'upscale') await assertUpscaleFits(source, action.factor, deps.images);
  refuseBidiPrompts(source);
  return derivedSubmit(source, action);
}

/**
 * A retry runs the row's own prompt again: screened first (the rules may have tightened since;
 * a refusal is recorded outside the retry's transaction), then charged and queued.
 */
async function submitRetry(deps: SubmitDeps, userId: string, id: string): Promise<GenerationRow> {
  const failed = await getOwnedGeneration({ tx: deps.db, userId, id });
  assertRetryable(failed);
  refuseBidiPrompts(failed);
  await screenPlannedPrompts({
    screen: deps.screen,
    userId,
    request: storedRequestOf(failed),
    plan: { firstSeed: failed.seed ?? 0, prompts: [failed.expandedPrompt] },
  });
  return deps.unitOfWork.transaction((tx, events) =>
    retryGeneration({ db: tx, events, userId, id, queue: deps.queue }),
  );
}
