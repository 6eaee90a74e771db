import { queryOptions, useQuery } from '@tanstack/react-query';
import { generationSchema, type Generation } from '@nocturne/contract/generations/generation';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/generations/{id}`: `id` is the generation id or its request id. */
export async function getGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return request({
    path: `/generations/${encodeURIComponent(id)}`,
    signal,
    schema: generationSchema,
  });
}

export const generationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['generations', 'detail', id],
    queryFn: ({ signal }) => getGeneration(id, signal),
  });

export function useGeneration(id: string) {
  return useQuery(generationQueryOptions(id));
}
