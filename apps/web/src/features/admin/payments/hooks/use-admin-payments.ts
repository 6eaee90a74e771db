import type { FindAdminPaymentsQuery } from '@nocturne/contract/admin/admin-payments';
import type { FindAdminSubscriptionsQuery } from '@nocturne/contract/admin/admin-subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  findAdminPayments,
  findAdminSubscriptions,
  getAdminPayment,
  grantPlan,
  PAYMENTS_KEY,
  reconcileAdminPayment,
} from '../api/admin-payments-api';
import type { GrantPlanBody } from '@nocturne/contract/admin/plan-grant';

export function useAdminPayments(query: FindAdminPaymentsQuery) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'list', query],
    queryFn: ({ signal }) => findAdminPayments(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayment(paymentId: string | null) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'detail', paymentId],
    queryFn: ({ signal }) => getAdminPayment(paymentId!, signal),
    enabled: paymentId !== null,
  });
}

export function useAdminSubscriptions(query: FindAdminSubscriptionsQuery) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'subscriptions', query],
    queryFn: ({ signal }) => findAdminSubscriptions(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Reconcile or grant changed payments and plans: every list and detail of the section reloads. */
function useRefreshPayments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
}

export function useReconcilePayment() {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: (paymentId: string) => reconcileAdminPayment(paymentId),
    onSuccess: refresh,
  });
}

export function useGrantPlan() {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: GrantPlanBody }) =>
      grantPlan(userId, body),
    onSuccess: refresh,
  });
}
