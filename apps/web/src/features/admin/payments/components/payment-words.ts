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
