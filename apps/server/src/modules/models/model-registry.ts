import type {
  CatalogEntry,
  ModelCatalog,
} from '@nocturne/imagegen/model-catalog/model-catalog-schema';

/** The catalog as the server reads it: entries by id, and each plan's default model. */
export interface ModelRegistry {
  readonly catalog: ModelCatalog;
  /** The entry with this id, or undefined. */
  find(id: string): CatalogEntry | undefined;
  /** The model a submit without `model` uses for this plan, while it is available. */
  defaultFor(premium: boolean): CatalogEntry;
  /**
   * The plan's default first, then the models that stand in for it when it is unavailable, in
   * the catalog's order: the other models of the plan's tier, then (for premium) the free ones.
   */
  candidatesFor(premium: boolean): CatalogEntry[];
}

/**
 * Defaults: the catalog's `defaults` for the plan, else the first model of the plan's tier; a
 * premium person falls back to the free default when the catalog has no premium model.
 */
export function createModelRegistry(catalog: ModelCatalog): ModelRegistry {
  const byId = new Map(catalog.models.map((entry) => [entry.id, entry]));
  const firstOf = (tier: CatalogEntry['tier']) =>
    catalog.models.find((entry) => entry.tier === tier);
  const pick = (id: string | undefined) => (id === undefined ? undefined : byId.get(id));
  // The schema guarantees a free model, and that the defaults name models of the catalog.
  const free = pick(catalog.defaults?.free) ?? firstOf('free') ?? catalog.models[0]!;
  const premium = pick(catalog.defaults?.premium) ?? firstOf('premium') ?? free;
  const ofTier = (tier: CatalogEntry['tier']) =>
    catalog.models.filter((entry) => entry.tier === tier);
  const candidates = (first: CatalogEntry, ...rest: CatalogEntry[][]) => [
    ...new Set([first, ...rest.flat()]),
  ];
  const freeCandidates = candidates(free, ofTier('free'));
  const premiumCandidates = candidates(premium, ofTier('premium'), freeCandidates);
  return {
    catalog,
    find: (id) => byId.get(id),
    defaultFor: (isPremium) => (isPremium ? premium : free),
    candidatesFor: (isPremium) => (isPremium ? premiumCandidates : freeCandidates),
  };
}
