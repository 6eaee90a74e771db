import { queryOptions, useQuery } from '@tanstack/react-query';
import { listModelsResponseSchema, type CatalogModel } from '@nocturne/contract/models/list-models';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/models`: the operator's catalog for the signed-in person. */
export async function getModels(options: { signal?: AbortSignal } = {}): Promise<CatalogModel[]> {
  const answer = await request({
    path: '/models',
    signal: options.signal,
    schema: listModelsResponseSchema,
  });
  return answer.models;
}

export const modelsQueryKey = ['models'] as const;

/**
 * Read once per session: the catalog changes only when the operator restarts the server. A submit
 * refused with MODEL_UNAVAILABLE invalidates it, so availability is read again then.
 */
export const modelsQueryOptions = queryOptions({
  queryKey: modelsQueryKey,
  queryFn: ({ signal }) => getModels({ signal }),
  staleTime: Infinity,
});

export function useModelsQuery() {
  return useQuery(modelsQueryOptions);
}

/** The name a person knows a model by; an id the catalog no longer has is shown as the id. */
export function modelName(models: readonly CatalogModel[] | undefined, id: string): string {
  return models?.find((model) => model.id === id)?.name ?? id;
}

/** Model id → name from the session's catalog, for history and detail views. */
export function useModelNames(): (id: string) => string {
  const { data } = useModelsQuery();
  return (id) => modelName(data, id);
}
