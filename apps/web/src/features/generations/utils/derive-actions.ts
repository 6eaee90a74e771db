import type { Generation } from '@nocturne/contract/generations/generation';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import type { DeriveAction, DeriveRequest, GenerationRequestOptions } from '../types';
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

const VARIATIONS: DeriveAction[] = [
  { kind: 'variation', strength: 'subtle' },
  { kind: 'variation', strength: 'strong' },
];

/** What the action costs on the model before premium: ×4 at its own price where it has one. */
function priceOf(model: CatalogModel, action: DeriveAction): number {
  if (action.kind === 'variation') return model.variation_cost;
  return action.factor === 4 ? (model.upscale_4_cost ?? model.upscale_cost) : model.upscale_cost;
}

export function deriveLabel(action: DeriveAction): string {
  return action.kind === 'variation' ? `Vary (${action.strength})` : `Upscale ×${action.factor}`;
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
    ...model.capabilities.upscale.map((factor): DeriveAction => ({ kind: 'upscale', factor })),
  ];
  return actions.map((action) => {
    const price = priceOf(model, action);
    const cost = credits.isPremium ? 0 : price;
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
  });
}

/** What the generation modal starts with for a derive opened from history or a detail view. */
export interface DeriveStart {
  request: DeriveRequest;
  prompt: string;
  /** The source's options, one image (the modal's progress and result read them). */
  options: GenerationRequestOptions;
}

type DeriveSource = Parameters<typeof presetFromGeneration>[0] & Pick<Generation, 'id'>;

export function deriveStart(source: DeriveSource, action: DeriveAction): DeriveStart {
  const values = formValuesFromPreset({ ...presetFromGeneration(source), image_count: 1 });
  return {
    request: { sourceId: source.id, action },
    prompt: source.content_prompt,
    options: requestOptions({ ...values, seed: null }, source.model),
  };
}
