import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { modelsQueryKey, useModelsQuery } from '../api/get-models';
import { chosenModel, modelBlock, type ModelBlock } from '../utils/model-choice';

export interface ModelChoice {
  /** The catalog is being read: neither the model nor its cost is known yet. */
  loading: boolean;
  /** The catalog could not be read: submits go without `model` (the server's default). */
  failed: boolean;
  models: readonly CatalogModel[];
  /** The model a submit uses (null without a catalog). */
  model: CatalogModel | null;
  /** Why this person cannot submit that model now. */
  block: ModelBlock | null;
}

/**
 * The catalog (read once per session) and the model the person's choice resolves to. The default
 * model depends on the plan, so the catalog is read again when premium starts or ends.
 */
export function useModelChoice(
  chosenId: string | null,
  { isPremium, creditsLoading }: { isPremium: boolean; creditsLoading: boolean },
): ModelChoice {
  const query = useModelsQuery();
  const queryClient = useQueryClient();
  const knownPlan = useRef<boolean | null>(null);
  useEffect(() => {
    if (creditsLoading) return;
    if (knownPlan.current !== null && knownPlan.current !== isPremium)
      void queryClient.invalidateQueries({ queryKey: modelsQueryKey });
    knownPlan.current = isPremium;
  }, [isPremium, creditsLoading, queryClient]);

  const models = query.data ?? [];
  const model = chosenModel(query.data, chosenId);
  return {
    loading: query.isPending,
    failed: query.isError,
    models,
    model,
    block: model ? modelBlock(model, isPremium) : null,
  };
}
