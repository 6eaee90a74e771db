import { queryOptions, useQuery } from '@tanstack/react-query';
import { generationSchema, type Generation } from '@nocturne/contract/generations/generation';
import { api } from '../../../lib/api-client';

/** `GET /api/v1/generations/{id}`: `id` is the generation id or its request id. */
export async function getGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  const body = signal
    ? await api.getCancellable<unknown>(`/generations/${encodeURIComponent(id)}`, signal)
    : await api.get<unknown>(`/generations/${encodeURIComponent(id)}`);
  return generationSchema.parse(body);
}

export const generationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['generations', 'detail', id],
    queryFn: ({ signal }) => getGeneration(id, signal),
  });

export function useGeneration(id: string) {
  return useQuery(generationQueryOptions(id));
}
