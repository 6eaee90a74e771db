import type { PaymentRowStatus } from '../../db/payment-statuses';

/**
 * How far along a payment is. A status moves a payment only forward (an IPN arriving late, such
 * as `confirming` after `finished`, changes nothing); the outcomes share one rank, refunded ends.
 */
export const PAYMENT_STATUS_RANK: Record<PaymentRowStatus, number> = {
  creating: -1,
  waiting: 0,
  confirming: 1,
  confirmed: 2,
  sending: 3,
  finished: 4,
  partially_paid: 4,
  failed: 4,
  expired: 4,
  refunded: 5,
};

/** Outcomes that granted nothing: the provider may still confirm the invoice as paid after them. */
const UNPAID_OUTCOMES: readonly PaymentRowStatus[] = ['partially_paid', 'failed', 'expired'];

/**
 * True when `next` may replace `current`. The one exception to "strictly higher rank": a
 * `finished` after an unpaid outcome of the same invoice (the person topped up a partial payment,
 * or paid with a second coin after the first attempt expired). It is safe because a `finished`
 * grants only once the provider confirms it, and a payment row grants at most once.
 */
export function movesForward(current: PaymentRowStatus, next: PaymentRowStatus): boolean {
  if (next === 'finished' && UNPAID_OUTCOMES.includes(current)) return true;
  return PAYMENT_STATUS_RANK[next] > PAYMENT_STATUS_RANK[current];
}

/** Statuses the provider may still move on its own: reconciliation re-asks about these. */
export const OPEN_PAYMENT_STATUSES = ['waiting', 'confirming', 'confirmed', 'sending'] as const;
