import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';

export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  daily_grant: 'Daily credits',
  generation: 'Image generation',
  refund: 'Refund',
  topup: 'Purchase',
  adjustment: 'Adjustment',
  admin_grant: 'Credits from support',
  admin_debit: 'Correction by support',
};

/** '+10' / '-1' with locale grouping; 0 has no sign. */
export function formatSignedCredits(amount: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }).format(amount);
}

export function formatTransactionDate(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
