import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWildcardRequestSchema,
  wildcardResponseSchema,
  type CreateWildcardRequest,
} from '@nocturne/contract/wildcards/person-wildcards';
import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import { request } from '../../../lib/api-client';
import { wildcardsQueryKey } from './get-wildcards';

/** `POST /api/v1/wildcards`. Not retried: a 409 (limit, name taken) is the final answer. */
export async function createWildcard(value: CreateWildcardRequest): Promise<Wildcard> {
  const answer = await request({
    method: 'POST',
    path: '/wildcards',
    body: { schema: createWildcardRequestSchema, value },
    retry: false,
    schema: wildcardResponseSchema,
  });
  return answer.wildcard;
}

export function useCreateWildcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWildcard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wildcardsQueryKey }),
  });
}
