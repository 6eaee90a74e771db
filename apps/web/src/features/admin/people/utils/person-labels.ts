import type { PersonSummary } from '@nocturne/contract/admin/find-people';
import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';

const credits = new Intl.NumberFormat();
const signedCredits = new Intl.NumberFormat(undefined, { signDisplay: 'exceptZero' });

export const formatCredits = (amount: number) => credits.format(amount);
export const formatSignedCredits = (amount: number) => signedCredits.format(amount);

/** A ledger row's reason as the operator reads it (the person's own page words it for them). */
const LEDGER_REASONS: Record<CreditReason, string> = {
  daily_grant: 'Daily credits',
  generation: 'Generation',
  refund: 'Refund of a failed generation',
  topup: 'Credit pack bought',
  adjustment: 'Adjustment (pack refund or correction)',
  admin_grant: 'Operator grant',
  admin_debit: 'Operator debit',
};

export const ledgerReasonLabel = (reason: string) =>
  LEDGER_REASONS[reason as CreditReason] ?? reason;

/** "Monthly" or "Lifetime" for a stored plan, "Free" without one. */
export function planLabel(plan: PersonSummary['plan']): string {
  if (!plan) return 'Free';
  return plan.charAt(0).toUpperCase() + plan.slice(1).replaceAll('_', ' ');
}
