import type { CatalogModel } from '@nocturne/contract/models/list-models';

export const MODELS_PERK_TITLE = 'Advanced AI Models';

/** Said instead when this server has no Premium-only model (or its catalog could not be read). */
export const NO_PREMIUM_MODELS_PERK = {
  title: 'Every Model Included',
  text: 'This server has no Premium-only models yet: Premium uses each of its models with no credits spent.',
} as const;

/** The models perk as this server can keep it: the names of its Premium models, or no promise. */
export function modelsPerkText(models: readonly CatalogModel[] | undefined): {
  title: string;
  text: string;
} {
  const names = (models ?? []).filter((model) => model.tier === 'premium').map((m) => m.name);
  if (names.length === 0) return NO_PREMIUM_MODELS_PERK;
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
  return {
    title: MODELS_PERK_TITLE,
    text: `${names.length === 1 ? 'The Premium model' : 'The Premium models'} on this server: ${list}.`,
  };
}
