import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReasonBodySchema } from '@nocturne/contract/admin/person-actions';
import {
  findApiKeysResponseSchema,
  revokeApiKeyResponseSchema,
} from '@nocturne/contract/api-keys/find-api-keys';
import { request } from '../../../../lib/api-client';
import { auditKey } from '../../audit/api/audit-queries';
import { peopleKey } from './people-queries';

const keysPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/api-keys`;

/** `GET /admin/users/{id}/api-keys`: the person's keys, newest first (never the keys). */
export function usePersonApiKeys(userId: string) {
  return useQuery({
    queryKey: [...peopleKey, 'api-keys', userId],
    queryFn: ({ signal }) =>
      request({ path: keysPath(userId), signal, schema: findApiKeysResponseSchema }),
  });
}

/** `DELETE /admin/users/{id}/api-keys/{keyId}` with the operator's reason (audited). */
export function useRevokePersonApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keyId, reason }: { keyId: string; reason: string }) =>
      request({
        method: 'DELETE',
        path: `${keysPath(userId)}/${encodeURIComponent(keyId)}`,
        body: { schema: adminReasonBodySchema, value: { reason } },
        schema: revokeApiKeyResponseSchema,
        retry: false,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKey });
      void queryClient.invalidateQueries({ queryKey: auditKey });
    },
  });
}
