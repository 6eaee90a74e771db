import {
  findAdminPaymentsResponseSchema,
  getAdminPaymentResponseSchema,
  reconcileAdminPaymentResponseSchema,
  type FindAdminPaymentsQuery,
} from '@nocturne/contract/admin/admin-payments';
import {
  findAdminSubscriptionsResponseSchema,
  type FindAdminSubscriptionsQuery,
} from '@nocturne/contract/admin/admin-subscriptions';
import { findPeopleResponseSchema } from '@nocturne/contract/admin/find-people';
import {
  grantPlanBodySchema,
  grantPlanResponseSchema,
  type GrantPlanBody,
} from '@nocturne/contract/admin/plan-grant';
import { request } from '../../../../lib/api-client';

/** Every query of the Payments section starts with this key, so one invalidation refreshes all. */
export const PAYMENTS_KEY = ['admin', 'payments'] as const;

export function findAdminPayments(query: FindAdminPaymentsQuery, signal?: AbortSignal) {
  return request({
    path: '/admin/payments',
    query: { ...query },
    signal,
    schema: findAdminPaymentsResponseSchema,
  });
}

export function getAdminPayment(paymentId: string, signal?: AbortSignal) {
  return request({
    path: `/admin/payments/${encodeURIComponent(paymentId)}`,
    signal,
    schema: getAdminPaymentResponseSchema,
  });
}

export function reconcileAdminPayment(paymentId: string) {
  return request({
    method: 'POST',
    path: `/admin/payments/${encodeURIComponent(paymentId)}/reconcile`,
    retry: false,
    schema: reconcileAdminPaymentResponseSchema,
  });
}

export function findAdminSubscriptions(query: FindAdminSubscriptionsQuery, signal?: AbortSignal) {
  return request({
    path: '/admin/subscriptions',
    query: { ...query },
    signal,
    schema: findAdminSubscriptionsResponseSchema,
  });
}

export function grantPlan(userId: string, body: GrantPlanBody) {
  return request({
    method: 'POST',
    path: `/admin/users/${encodeURIComponent(userId)}/plan`,
    body: { schema: grantPlanBodySchema, value: body },
    retry: false,
    schema: grantPlanResponseSchema,
  });
}

/** The person an operator named by email (exactly, any case) or id, or null when there is none. */
export async function findPersonByEmailOrId(text: string) {
  const wanted = text.trim();
  const answer = await request({
    path: '/admin/users',
    query: { q: wanted, limit: 25 },
    schema: findPeopleResponseSchema,
  });
  return (
    answer.people.find(
      (person) => person.id === wanted || person.email.toLowerCase() === wanted.toLowerCase(),
    ) ?? null
  );
}
