import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateWildcardRequestSchema,
  wildcardResponseSchema,
  type UpdateWildcardRequest,
} from '@nocturne/contract/wildcards/person-wildcards';
import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import { request } from '../../../lib/api-client';
import { wildcardsQueryKey } from './get-wildcards';

/** `PUT /api/v1/wildcards/{name}`: a new name, new lines, or both. */
export async function updateWildcard({
  name,
  change,
}: {
  name: string;
  change: UpdateWildcardRequest;
}): Promise<Wildcard> {
  const answer = await request({
    method: 'PUT',
    path: `/wildcards/${encodeURIComponent(name)}`,
    body: { schema: updateWildcardRequestSchema, value: change },
    retry: false,
    schema: wildcardResponseSchema,
  });
  return answer.wildcard;
}

export function useUpdateWildcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWildcard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wildcardsQueryKey }),
  });
}
