import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOperatorResponseSchema, type Operator } from '@nocturne/contract/admin/get-operator';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/admin/operator`: 200 for an operator the console lets in, 403 otherwise. */
export function getOperator(signal?: AbortSignal): Promise<Operator> {
  return request({ path: '/admin/operator', signal, schema: getOperatorResponseSchema });
}

export const operatorQueryOptions = queryOptions({
  queryKey: ['admin', 'operator'],
  queryFn: ({ signal }) => getOperator(signal),
  staleTime: 60_000,
});

export function useOperator() {
  return useQuery(operatorQueryOptions);
}
