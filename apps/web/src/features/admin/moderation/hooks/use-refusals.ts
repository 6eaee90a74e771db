import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RefusalStatus } from '@nocturne/contract/admin/admin-refusals';
import { getRefusals, refusalsKey } from '../api/refusals-api';

/** One page of refusals of a status; the previous page stays shown while the next loads. */
export function useRefusals(status: RefusalStatus, offset = 0) {
  return useQuery({
    queryKey: [...refusalsKey, status, offset],
    queryFn: ({ signal }) => getRefusals(status, offset, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many refusals wait for review (the first page of the open queue carries `total`). */
export function useOpenRefusalsCount(): number | undefined {
  return useRefusals('open').data?.total;
}
