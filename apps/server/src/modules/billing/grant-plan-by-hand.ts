import type { GrantPlanResponse } from '@nocturne/contract/admin/plan-grant';
import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { payments, paymentStatusEvents } from './billing-tables';
import { readSubscription } from '../subscriptions/subscriptions-repository';
import { AppError } from '../../lib/app-error';
import { paymentUpdates } from '../process-metrics/process-metrics';
import { grantPayment } from './grant-payment';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../operators/require-operator';
import { lockPerson } from '../auth/people-repository';
import { manualOrderId } from './manual-order-id';

async function readPlan(tx: DbHandle, userId: string) {
  const row = await readSubscription(tx, userId);
  if (!row) return null;
  const { plan, status, isLifetime } = row;
  return { plan, status, isLifetime, expiresAt: row.expiresAt?.toISOString() ?? null };
}

/**
 * POST /api/v1/admin/users/{id}/plan: grants a plan by hand once a provider's payment was proven
 * outside the IPN (docs/decisions/062-manual-plan-grants.md). It writes a finished payment row
 * (order id `manual:<reference>`, at the plan's price) and grants it with grantPayment, the code
 * every finished payment goes through: the same period arithmetic, premium, events and the
 * payment-updates metric (source `manual`).
 *
 * - One reference grants once: a second call finds its order and answers `granted: false`.
 * - The reference is claimed as that provider payment's `finished` (payment_status_events), so an
 *   IPN or reconcile of it arriving later grants nothing again, and a payment that already granted
 *   is refused (PAYMENT_ALREADY_GRANTED) with nothing written.
 */
export async function grantPlanByHand(options: {
  unitOfWork: UnitOfWork;
  operator: RequestOperator;
  userId: string;
  plan: SubscriptionPlan;
  reason: string;
  reference: string;
  priceUsd: number;
}): Promise<GrantPlanResponse> {
  const { userId, plan, reference } = options;
  return options.unitOfWork.transaction(async (tx, events) => {
    if (!(await lockPerson(tx, userId))) throw new AppError('NOT_FOUND');
    const orderId = manualOrderId(reference);
    const [inserted] = await tx
      .insert(payments)
      .values({
        userId,
        purpose: 'subscription',
        plan,
        orderId,
        priceAmount: options.priceUsd.toFixed(2),
        priceCurrency: 'usd',
        status: 'finished',
      })
      .onConflictDoNothing({ target: payments.orderId })
      .returning();
    if (!inserted) {
      const [earlier] = await tx.select().from(payments).where(eq(payments.orderId, orderId));
      const owner = earlier!.userId;
      const subscription = await readPlan(tx, owner);
      return {
        granted: false,
        paymentId: earlier!.id,
        userId: owner,
        plan: earlier!.plan!,
        subscription,
      };
    }
    const [claimed] = await tx
      .insert(paymentStatusEvents)
      .values({
        providerPaymentId: reference,
        paymentStatus: 'finished',
        paymentId: inserted.id,
        source: 'manual',
      })
      .onConflictDoNothing()
      .returning({ paymentId: paymentStatusEvents.paymentId });
    if (!claimed) throw new AppError('PAYMENT_ALREADY_GRANTED');
    const before = await readPlan(tx, userId);
    await grantPayment({ tx, events, payment: inserted, now: new Date() });
    events.afterCommit?.(() => paymentUpdates.inc({ status: 'finished', source: 'manual' }));
    const after = await readPlan(tx, userId);
    await recordAdminAction(tx, {
      operator: options.operator,
      action: 'plan_grant',
      targetUserId: userId,
      reason: options.reason,
      before: { subscription: before },
      after: { subscription: after, plan, reference, paymentId: inserted.id },
    });
    return { granted: true, paymentId: inserted.id, userId, plan, subscription: after };
  });
}
