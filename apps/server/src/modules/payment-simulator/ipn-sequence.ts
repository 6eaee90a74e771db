import type { SimulatorOutcome } from '../../db/payment-statuses';
import type { PaymentStatus } from '../billing/nowpayments-wire';

/** The statuses NOWPayments walks a payment through for each outcome, in the order it does. */
export const IPN_SEQUENCES: Record<SimulatorOutcome, readonly PaymentStatus[]> = {
  finished: ['waiting', 'confirming', 'confirmed', 'sending', 'finished'],
  partially_paid: ['waiting', 'partially_paid'],
  failed: ['waiting', 'failed'],
  expired: ['waiting', 'expired'],
};

/**
 * The order the IPNs are delivered in. Out of order, the second status arrives last (confirming
 * after finished; waiting after partially_paid), the late delivery a receiver must ignore.
 */
export function deliveryOrder(
  outcome: SimulatorOutcome,
  options: { outOfOrder: boolean },
): PaymentStatus[] {
  const sequence = [...IPN_SEQUENCES[outcome]];
  if (!options.outOfOrder) return sequence;
  const [late] = sequence.splice(1, 1);
  return late === undefined ? sequence : [...sequence, late];
}

/** Where the invoice page sends the person afterwards, as the provider does. */
export function redirectUrl(
  outcome: SimulatorOutcome,
  invoice: { successUrl: string; cancelUrl: string; partiallyPaidUrl: string | null },
): string {
  if (outcome === 'finished') return invoice.successUrl;
  if (outcome === 'partially_paid') return invoice.partiallyPaidUrl ?? invoice.cancelUrl;
  return invoice.cancelUrl;
}
