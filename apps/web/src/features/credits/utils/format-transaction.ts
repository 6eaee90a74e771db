import type {
  CreditHistoryEntry,
  CreditLineKind,
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

/** What a generation line made, as its label says it (a line without `kind` is a generation). */
const GENERATION_LINE_LABELS: Record<CreditLineKind, string> = {
  generation: 'Image generation',
  variation: 'Image variation',
  upscale: 'Image upscale',
  inpaint: 'Repainted region',
};

/** What a refund gave back, at the start of its detail. */
const REFUNDED_KIND_WORDS: Record<CreditLineKind, string | null> = {
  generation: null,
  variation: 'Variation',
  upscale: 'Upscale',
  inpaint: 'Repainted region',
};

/** A line's label: its reason, and for a generation line what it made. */
export function creditLineLabel(entry: CreditHistoryEntry): string {
  if (entry.reason !== 'generation') return CREDIT_REASON_LABELS[entry.reason];
  return GENERATION_LINE_LABELS[entry.kind ?? 'generation'];
}

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
 * What a line paid for or gave back, under its label: the prompts its images got and the number
 * of images of a batch for generations and refunds (a refund also says what it made, when that
 * was a variation or an upscale), the pack for a purchase or its refund.
 */
export function creditLineDetail(entry: CreditHistoryEntry): string | null {
  const images = entry.image_count ?? 1;
  const count = images > 1 ? `${images} images` : null;
  if (entry.reason === 'generation' || entry.reason === 'refund') {
    const made = entry.reason === 'refund' && entry.kind ? REFUNDED_KIND_WORDS[entry.kind] : null;
    const prompt = entry.prompt ? `“${entry.prompt}”` : null;
    return [made, count, prompt].filter(Boolean).join(' · ') || null;
  }
  if (!entry.package_id) return null;
  return entry.reason === 'adjustment'
    ? `Credit pack “${entry.package_id}” refunded`
    : `Credit pack “${entry.package_id}”`;
}
