import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getImageEngineResponseSchema,
  type GetImageEngineResponse,
} from '@nocturne/contract/generations/get-image-engine';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/image-engine` */
export async function getImageEngine(
  options: { signal?: AbortSignal } = {},
): Promise<GetImageEngineResponse> {
  return request({
    path: '/image-engine',
    signal: options.signal,
    schema: getImageEngineResponseSchema,
  });
}

export const imageEngineQueryOptions = queryOptions({
  queryKey: ['image-engine'],
  queryFn: ({ signal }) => getImageEngine({ signal }),
  // The backend only changes when the server restarts with another configuration.
  staleTime: 5 * 60 * 1000,
});

export function useImageEngineQuery() {
  return useQuery(imageEngineQueryOptions);
}
