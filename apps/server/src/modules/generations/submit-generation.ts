import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import type { AppDb } from '../../db/database';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import type { ImageStore } from '../images/image-store';
import type { AppModels } from '../models/app-models';
import type { ScreenedPrompt } from '../moderation/screen-prompt';
import { readServedEngines } from '../models/served-engines';
import { chooseLoras } from '../models/model-loras';
import { readPromptReference } from '../characters/character-reference';
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
import { planInpaint } from './plan-inpaint';
import { readPromptReferences } from './read-prompt-references';
import { refuseBidiPrompts } from './refuse-bidi-prompts';
import { assertRetryable, retryGeneration } from './retry-generation';

/** What a person asked for: every way an image is made is one of these. */
export type Submission =
  /** POST /generate: a prompt (a preset applied or "use these settings" arrive as one). */
  | { kind: 'prompt'; request: CreateGenerationRequest; idempotencyKey?: string }
  /** A variation, upscale or inpaint of one of the person's results. */
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
  const planned = await planSubmission(deps, userId, submission);
  const { request, derivation, mask } = planned;
  const loras = chooseLoras(deps.models.registry, request.model, request.loras);
  // A derived image's prompt is its source's, trigger words included; a typed one gets them.
  const plan = planned.newPrompt
    ? withTriggerWords(planned.plan, request.content_prompt, loras)
    : planned.plan;
  await screenPlannedPrompts({ screen: deps.screen, userId, request, plan });
  // A character's reference image adds no words: what was screened is what the engine reads.
  const referenceGenerationId = planned.newPrompt
    ? await readPromptReference(deps.db, userId, request.content_prompt)
    : undefined;
  const { images } = await createGeneration({
    unitOfWork: deps.unitOfWork,
    userId,
    request,
    plan,
    derivation,
    loras,
    mask,
    referenceGenerationId,
    queue: deps.queue,
    idempotencyKey: submission.idempotencyKey,
  });
  return images;
}

/** The plan of a prompt or of a derived image (an inpaint's with its mask). */
async function planSubmission(
  deps: SubmitDeps,
  userId: string,
  submission: Exclude<Submission, { kind: 'retry' }>,
) {
  if (submission.kind === 'prompt') return planPrompt(deps, userId, submission.request);
  const { sourceId, action } = submission;
  if (action.kind === 'inpaint') return planInpaint(deps, userId, sourceId, action);
  return planDerived(deps, userId, sourceId, action);
}

/**
 * A new prompt's plan, with what its `@name` and `__name__` stand for (an unknown one refused
 * here, before any screening or charge).
 */
async function planPrompt(deps: SubmitDeps, userId: string, request: CreateGenerationRequest) {
  const references = await readPromptReferences(deps.db, userId, request.content_prompt);
  const plan = planBatchPrompts(request, references);
  return { request, plan, derivation: undefined, mask: undefined, newPrompt: true };
}

/** A derived image's plan, once its source is the person's and can be derived from. */
async function planDerived(
  deps: SubmitDeps,
  userId: string,
  sourceId: string,
  action: Exclude<DeriveAction, { kind: 'inpaint' }>,
) {
  const source = await getOwnedGeneration({ tx: deps.db, userId, id: sourceId });
  const served = await readServedEngines(deps.db, deps.models.livenessMs);
  assertDerivable(source, action, deps.models, served);
  if (action.kind === 'upscale') await assertUpscaleFits(source, action.factor, deps.images);
  refuseBidiPrompts(source);
  return { ...derivedSubmit(source, action), mask: undefined, newPrompt: false };
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
