import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findPeopleResponseSchema } from '@nocturne/contract/admin/find-people';
import { getPersonResponseSchema } from '@nocturne/contract/admin/get-person';
import { personLedgerResponseSchema } from '@nocturne/contract/admin/person-ledger';
import { request } from '../../../../lib/api-client';

/** Everything the People pages read sits under this key, so an action refreshes it all. */
export const peopleKey = ['admin', 'people'] as const;

export const PEOPLE_PAGE_SIZE = 25;
export const LEDGER_PAGE_SIZE = 20;

/** `GET /admin/users?q=`: the newest people first when `q` is empty. */
export function usePeopleSearch(q: string, offset: number) {
  return useQuery({
    queryKey: [...peopleKey, 'search', q, offset],
    queryFn: ({ signal }) =>
      request({
        path: '/admin/users',
        query: { q: q || undefined, limit: PEOPLE_PAGE_SIZE, offset },
        signal,
        schema: findPeopleResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /admin/users/{id}`: 404 is an answer here (the not-found panel), not a failure. */
export function usePerson(userId: string) {
  return useQuery({
    queryKey: [...peopleKey, 'person', userId],
    queryFn: ({ signal }) =>
      request({
        path: `/admin/users/${encodeURIComponent(userId)}`,
        signal,
        schema: getPersonResponseSchema,
        expectedStatuses: [404],
        retry: false,
      }),
  });
}

/** `GET /admin/users/{id}/ledger`: one page, with the balance after each row. */
export function usePersonLedger(userId: string, offset: number) {
  return useQuery({
    queryKey: [...peopleKey, 'ledger', userId, offset],
    queryFn: ({ signal }) =>
      request({
        path: `/admin/users/${encodeURIComponent(userId)}/ledger`,
        query: { limit: LEDGER_PAGE_SIZE, offset },
        signal,
        schema: personLedgerResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
