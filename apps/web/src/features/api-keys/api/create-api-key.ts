import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '@nocturne/contract/api-keys/create-api-key';
import { request } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** `POST /api/v1/api-keys`. Not retried: a retry would make a second key. */
export function createApiKey(value: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return request({
    method: 'POST',
    path: '/api-keys',
    body: { schema: createApiKeyRequestSchema, value },
    retry: false,
    schema: createApiKeyResponseSchema,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
