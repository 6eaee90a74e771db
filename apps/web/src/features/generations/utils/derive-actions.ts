import type { Generation } from '@nocturne/contract/generations/generation';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { INPAINT_STRENGTH_DEFAULT } from '@nocturne/contract/generations/derive-generation';
import type {
  DeriveAction,
  DeriveRequest,
  GenerationRequestOptions,
  InpaintAction,
} from '../types';
import { unavailableReasonText } from './model-texts';
import {
  formValuesFromPreset,
  presetFromGeneration,
  requestOptions,
} from './generation-form-values';

/** The person's credit state, as the buttons price them. */
export interface DeriveCredits {
  isPremium: boolean;
  balance: number;
}

/** One button: its label, its cost for this person, and why it is disabled (null: enabled). */
export interface DeriveChoice {
  action: DeriveAction;
  label: string;
  cost: number;
  disabledReason: string | null;
}

/** What a choice's button says after its label: its cost, or why it is off. */
export function choiceHint(choice: DeriveChoice): string {
  if (choice.disabledReason !== null) return choice.disabledReason;
  return choice.cost === 0 ? 'free' : `${choice.cost} credit${choice.cost === 1 ? '' : 's'}`;
}

/** The actions offered as buttons of their own; a region to repaint opens the mask editor. */
type ButtonAction = Exclude<DeriveAction, InpaintAction>;

const VARIATIONS: ButtonAction[] = [
  { kind: 'variation', strength: 'subtle' },
  { kind: 'variation', strength: 'strong' },
];

/**
 * What the action costs on the model before premium: a repainted region as a variation, ×4 at
 * its own price where it has one.
 */
function priceOf(model: CatalogModel, action: DeriveAction): number {
  if (action.kind === 'variation' || action.kind === 'inpaint') return model.variation_cost;
  return action.factor === 4 ? (model.upscale_4_cost ?? model.upscale_cost) : model.upscale_cost;
}

export const EDIT_REGION_LABEL = 'Edit region';

export function deriveLabel(action: DeriveAction): string {
  if (action.kind === 'inpaint') return EDIT_REGION_LABEL;
  return action.kind === 'variation' ? `Vary (${action.strength})` : `Upscale ×${action.factor}`;
}

/** One action's cost for this person and why it is off: the model cannot make images, or too few credits. */
function priced(model: CatalogModel, credits: DeriveCredits, action: DeriveAction): DeriveChoice {
  const cost = credits.isPremium ? 0 : priceOf(model, action);
  const short = cost > credits.balance;
  return {
    action,
    label: deriveLabel(action),
    cost,
    disabledReason: !model.available
      ? `${model.name}: ${unavailableReasonText(model)} Try again later.`
      : short
        ? `Needs ${cost} credit${cost === 1 ? '' : 's'}; you have ${credits.balance}.`
        : null,
  };
}

/**
 * The actions the result's model offers (GET /models `capabilities`), each with its cost: nothing
 * for premium, else the catalog's variation or upscale cost, disabled while the model cannot make
 * images (with why) or when the balance is short.
 */
export function deriveChoices(
  model: CatalogModel | undefined,
  credits: DeriveCredits,
): DeriveChoice[] {
  if (!model) return [];
  const actions = [
    ...(model.capabilities.variations ? VARIATIONS : []),
    ...model.capabilities.upscale.map((factor): ButtonAction => ({ kind: 'upscale', factor })),
  ];
  return actions.map((action) => priced(model, credits, action));
}

/**
 * "Edit region" where the model can repaint a region (absent otherwise), priced as a variation;
 * its action is a placeholder the mask editor fills in.
 */
export function editRegionChoice(
  model: CatalogModel | undefined,
  credits: DeriveCredits,
): DeriveChoice | null {
  if (!model?.capabilities.inpaint) return null;
  return priced(model, credits, { kind: 'inpaint', mask: '', strength: INPAINT_STRENGTH_DEFAULT });
}

/** What the generation modal starts with for a derive opened from history or a detail view. */
export interface DeriveStart {
  request: DeriveRequest;
  prompt: string;
  /** The source's options, one image (the modal's progress and result read them). */
  options: GenerationRequestOptions;
}

/** The prompt a derived image is made with: a repainted region's own text where one was typed. */
export function derivedPrompt(sourcePrompt: string, action: DeriveAction): string {
  return action.kind === 'inpaint' && action.prompt ? action.prompt : sourcePrompt;
}

type DeriveSource = Parameters<typeof presetFromGeneration>[0] & Pick<Generation, 'id'>;

export function deriveStart(source: DeriveSource, action: DeriveAction): DeriveStart {
  const values = formValuesFromPreset({ ...presetFromGeneration(source), image_count: 1 });
  return {
    request: { sourceId: source.id, action },
    prompt: derivedPrompt(source.content_prompt, action),
    options: requestOptions({ ...values, seed: null }, source.model),
  };
}
