import type { CatalogModel } from '@nocturne/contract/models/list-models';

export const MODELS_PERK_TITLE = 'Advanced AI Models';

/**
 * The spec's title, with what Premium gives today when this server has no Premium-only model (or
 * its catalog could not be read): every model it has, without credits, and nothing more.
 */
export const NO_PREMIUM_MODELS_PERK = {
  title: MODELS_PERK_TITLE,
  text: 'This server has no Premium-only models yet: Premium uses each of the models it has, with no credits spent.',
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
