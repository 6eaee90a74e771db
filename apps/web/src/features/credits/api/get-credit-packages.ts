import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getCreditPackagesResponseSchema,
  type GetCreditPackagesResponse,
} from '@nocturne/contract/credits/get-credit-packages';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/credits/packages`: the packs on sale, smallest first. */
export async function getCreditPackages(signal?: AbortSignal): Promise<GetCreditPackagesResponse> {
  return request({ path: '/credits/packages', signal, schema: getCreditPackagesResponseSchema });
}

export const creditPackagesQueryOptions = queryOptions({
  queryKey: ['credits', 'packages'],
  queryFn: ({ signal }) => getCreditPackages(signal),
});

export function useCreditPackages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...creditPackagesQueryOptions, enabled });
}
