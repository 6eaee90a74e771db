import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import type { AppDb } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import type { AppModels } from '../models/app-models';
import { readServedEngines } from '../models/served-engines';
import { planBatchPrompts, type PromptPlan } from './batch-prompts';
import {
  assertDerivable,
  derivationFor,
  derivedSubmit,
  readStoredImageSize,
  storedRequestOf,
  type DeriveAction,
  type Derivation,
} from './derivation';
import { getOwnedGeneration } from './get-owned-generation';
import { readPromptReferences } from './read-prompt-references';
import { refuseBidiPrompts } from './refuse-bidi-prompts';
import { readSubmittedMask } from './submitted-mask';

type InpaintAction = Extract<DeriveAction, { kind: 'inpaint' }>;

/** What an inpaint's submit is made of: a derived image's parts, and the mask it repaints. */
export interface PlannedInpaint {
  request: CreateGenerationRequest;
  plan: PromptPlan;
  derivation: Derivation;
  /** The mask's PNG, known to be usable on the source (submitted-mask.ts). */
  mask: Buffer;
  /** The person typed the prompt: its LoRAs' trigger words are still to be added. */
  newPrompt: boolean;
}

/**
 * The plan of an inpaint of one of the person's results, each check before any charge and in this
 * order: their own completed source (NOT_FOUND, SOURCE_IMAGE_EXPIRED), an engine that can inpaint
 * (MODEL_CANNOT_INPAINT), a usable mask read at the source's size (MASK_INVALID). Without a
 * prompt it is the source's own, as a variation's; a prompt typed for the region is planned like
 * a new prompt (its characters, wildcards and choices expanded by the new seed), on the source's
 * model, options and LoRAs.
 */
export async function planInpaint(
  deps: { db: AppDb; images: Pick<ImageStore, 'open'>; models: AppModels },
  userId: string,
  sourceId: string,
  action: InpaintAction,
): Promise<PlannedInpaint> {
  const source = await getOwnedGeneration({ tx: deps.db, userId, id: sourceId });
  const served = await readServedEngines(deps.db, deps.models.livenessMs);
  assertDerivable(source, action, deps.models, served);
  const mask = await readSubmittedMask(action.mask, await readStoredImageSize(source, deps.images));
  refuseBidiPrompts(source);
  if (action.prompt === undefined)
    return { ...derivedSubmit(source, action), mask, newPrompt: false };
  const request: CreateGenerationRequest = {
    ...storedRequestOf(source),
    source_prompt: '',
    content_prompt: action.prompt,
  };
  const references = await readPromptReferences(deps.db, userId, action.prompt);
  const plan = planBatchPrompts(request, references);
  return { request, plan, derivation: derivationFor(source, action), mask, newPrompt: true };
}
