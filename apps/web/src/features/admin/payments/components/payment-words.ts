import type { AdminPayment } from '@nocturne/contract/admin/admin-payments';

/** What a payment bought, in words: "Monthly plan", "Lifetime plan", "Credit pack · 500 credits". */
export function boughtText(payment: AdminPayment): string {
  if (payment.kind === 'credit_pack') {
    return `Credit pack${payment.credits === null ? '' : ` · ${payment.credits} credits`}`;
  }
  return payment.plan === 'lifetime' ? 'Lifetime plan' : 'Monthly plan';
}

/** "29.00 USD", with what was paid in crypto when the provider said. */
export function amountText(payment: AdminPayment): string {
  return `${payment.priceAmount} ${payment.priceCurrency.toUpperCase()}`;
}

/** The person: their email, or the id once the account is deleted. */
export function personText(payment: { email: string | null; userId: string }): string {
  return payment.email ?? `deleted account ${payment.userId}`;
}

/** What an IPN's outcome did to the payment, said plainly beside the outcome's own word. */
const IPN_OUTCOME_MEANINGS: Record<string, string> = {
  applied: 'applied to the payment',
  duplicate: 'already applied, nothing changed',
  stale: 'not applied: the payment had already moved past this status',
  unverified: 'not applied: the signature did not match',
};

/** "stale (200): not applied: …": the outcome, the answer the provider got, and what it means. */
export function ipnOutcomeText(delivery: { outcome: string; statusCode: number | null }): string {
  const [kind = delivery.outcome, reason] = delivery.outcome.split(':');
  const word = delivery.outcome.replaceAll('_', ' ');
  const code = delivery.statusCode === null ? '' : ` (${delivery.statusCode})`;
  const meaning =
    IPN_OUTCOME_MEANINGS[kind] ??
    (kind === 'rejected' ? `not applied${reason ? `: ${reason.replaceAll('_', ' ')}` : ''}` : null);
  return meaning ? `${word}${code}: ${meaning}` : `${word}${code}`;
}
