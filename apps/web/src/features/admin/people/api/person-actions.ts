import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjustPersonCreditsBodySchema,
  adjustPersonCreditsResponseSchema,
  adminReasonBodySchema,
  deletePersonResponseSchema,
  endPersonSessionsResponseSchema,
  setPersonGenerationBodySchema,
  setPersonGenerationResponseSchema,
} from '@nocturne/contract/admin/person-actions';
import { request } from '../../../../lib/api-client';
import { auditKey } from '../../audit/api/audit-queries';
import { peopleKey } from './people-queries';

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/**
 * Every action refreshes the People pages and the audit log without waiting for them, so the
 * caller's own success step (a notice, leaving a deleted person's page) runs at once. None is
 * retried: a repeated grant or delete is not the same request.
 */
function usePersonAction<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKey });
      void queryClient.invalidateQueries({ queryKey: auditKey });
    },
  });
}

export function useAdjustCredits(userId: string) {
  return usePersonAction((value: { amount: number; reason: string }) =>
    request({
      method: 'POST',
      path: `${userPath(userId)}/credits`,
      body: { schema: adjustPersonCreditsBodySchema, value },
      schema: adjustPersonCreditsResponseSchema,
      retry: false,
    }),
  );
}

export function useSetGeneration(userId: string) {
  return usePersonAction((value: { suspended: boolean; reason: string }) =>
    request({
      method: 'PUT',
      path: `${userPath(userId)}/generation`,
      body: { schema: setPersonGenerationBodySchema, value },
      schema: setPersonGenerationResponseSchema,
      retry: false,
    }),
  );
}

export function useEndSessions(userId: string) {
  return usePersonAction((value: { reason: string }) =>
    request({
      method: 'DELETE',
      path: `${userPath(userId)}/sessions`,
      body: { schema: adminReasonBodySchema, value },
      schema: endPersonSessionsResponseSchema,
      retry: false,
    }),
  );
}

export function useDeletePerson(userId: string) {
  return usePersonAction((value: { reason: string }) =>
    request({
      method: 'DELETE',
      path: userPath(userId),
      body: { schema: adminReasonBodySchema, value },
      schema: deletePersonResponseSchema,
      retry: false,
    }),
  );
}
