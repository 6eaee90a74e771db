import type {
  CreditHistoryEntry,
  CreditReason,
} from '@nocturne/contract/credits/get-credit-history';

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

/**
 * What a line paid for or gave back, under its label: the prompt's start and the number of
 * images of a batch for generations and refunds, the pack for a purchase or its refund.
 */
export function creditLineDetail(entry: CreditHistoryEntry): string | null {
  const images = entry.image_count ?? 1;
  const count = images > 1 ? `${images} images` : null;
  if (entry.reason === 'generation' || entry.reason === 'refund') {
    const prompt = entry.prompt ? `“${entry.prompt}”` : null;
    return [count, prompt].filter(Boolean).join(' · ') || null;
  }
  if (!entry.package_id) return null;
  return entry.reason === 'adjustment'
    ? `Credit pack “${entry.package_id}” refunded`
    : `Credit pack “${entry.package_id}”`;
}
