import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAdminAuditResponseSchema } from '@nocturne/contract/admin/get-admin-audit';
import { request } from '../../../../lib/api-client';

export const auditKey = ['admin', 'audit'] as const;

/** `GET /admin/audit`: newest first, about one person (id or email) when `user` is set. */
export function useAuditLog(options: { user?: string; offset: number; limit: number }) {
  const { user, offset, limit } = options;
  return useQuery({
    queryKey: [...auditKey, user ?? '', offset, limit],
    queryFn: ({ signal }) =>
      request({
        path: '/admin/audit',
        query: { user: user || undefined, limit, offset },
        signal,
        schema: getAdminAuditResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
