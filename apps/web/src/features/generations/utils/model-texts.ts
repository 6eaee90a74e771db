import type { EngineOptionName } from '@nocturne/contract/generations/generation-options';
import type { CatalogModel, ModelLicence } from '@nocturne/contract/models/list-models';
import type { ModelUnavailableReason } from '@nocturne/contract/models/model-health';
import { costText } from './generation-texts';

/** '1 credit per image', 'Free': the picker's price of one image for a person without premium. */
export function pricePerImageText(model: CatalogModel): string {
  return model.credit_cost === 0 ? 'Free' : `${costText(model.credit_cost)} per image`;
}

/** What a licence allows, in one sentence for the person who wants to use the images. */
export function licenceUseText(licence: ModelLicence | null): string {
  if (!licence) return 'This server does not state a licence for this model.';
  if (!licence.commercial_use) return `${licence.name}: not for commercial use.`;
  return licence.conditions?.length
    ? `${licence.name}: the images may be used commercially, on the licence's conditions.`
    : `${licence.name}: the images may be used commercially.`;
}

const OPTION_NAMES: Record<EngineOptionName, string> = {
  negative_prompt: 'the negative prompt',
  seed: 'the seed',
  aspect_ratio: 'the aspect ratio',
  quality: 'the quality',
};

/** Under the closed options panel: what the chosen model will ignore of what was set in it. */
export function ignoredWhileClosedText(
  modelName: string,
  options: readonly EngineOptionName[],
): string {
  const names = options.map((option) => OPTION_NAMES[option]);
  return `${modelName} ignores ${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)} you set.`;
}

/** Said next to an option the person set that the chosen model cannot honour. */
export function ignoredOptionText(modelName: string, option: EngineOptionName): string {
  switch (option) {
    case 'negative_prompt':
      return `${modelName} does not use a negative prompt: this text will be ignored.`;
    case 'seed':
      return `${modelName} does not take a seed: the same seed will not give the same image.`;
    case 'aspect_ratio':
      return `${modelName} may not keep this aspect ratio.`;
    case 'quality':
      return `${modelName} has one quality level: this setting changes nothing.`;
  }
}

/** Why a model cannot make images now, in words for the person (the server names no hosts). */
const UNAVAILABLE_WHY: Record<ModelUnavailableReason, string> = {
  disabled: 'It is switched off for now.',
  no_worker: 'It is not running right now.',
  not_installed: 'It is not installed on this server yet.',
  unreachable: 'Its image server cannot be reached right now.',
  misconfigured: 'Its image server is not set up right.',
};

/** In the picker, under an unavailable model: why it cannot be chosen. */
export function unavailableReasonText(model: Pick<CatalogModel, 'unavailable_reason'>): string {
  return model.unavailable_reason
    ? UNAVAILABLE_WHY[model.unavailable_reason]
    : 'It cannot make images right now.';
}

/** Before a submit: the chosen model cannot make images now, and why. */
export function unavailableModelText(
  model: Pick<CatalogModel, 'name' | 'unavailable_reason'>,
): string {
  return `${model.name} is not available right now. ${unavailableReasonText(model)} Pick another model or try again later.`;
}

/** In the picker: why Vary and Upscale are not offered on a model's images (null: they are). */
export function withheldDeriveText(model: Pick<CatalogModel, 'capabilities'>): string | null {
  switch (model.capabilities.withheld_reason) {
    case 'one_step':
      return 'Makes each image in one step, so Vary and Upscale are not offered for its images.';
    case null:
      return null;
  }
}

/** The upgrade offer: Premium models are promised only when this server has some. */
export function premiumOfferText(models: readonly CatalogModel[] | undefined): string {
  const premium = (models ?? []).some((model) => model.tier === 'premium');
  return premium
    ? 'Premium creators generate without limits, skip the queue with priority processing and use the Premium models.'
    : 'Premium creators generate without limits and skip the queue with priority processing.';
}
