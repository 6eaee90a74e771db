import type { SubscriptionStatusResponse } from '@nocturne/contract/subscriptions/get-subscription-status';
import { daysUntil, isExpiringSoon } from '@nocturne/contract/subscriptions/subscription-plans';

export type SummaryTone = 'neutral' | 'pending' | 'active' | 'warning' | 'danger';

/** What the status card says (spec §2): a message, its colour, the expiry line, a warning. */
export interface SubscriptionSummary {
  kind: 'none' | 'pending' | 'active' | 'expired' | 'cancelled';
  message: string;
  tone: SummaryTone;
  expiryLine: string | null;
  warning: string | null;
  expiringSoon: boolean;
}

export const PENDING_WARNING =
  'Your payment is being processed. This may take a few minutes to complete.';
export const NONE_WARNING =
  'You are on the free plan. Upgrade to Premium for unlimited generations.';
export const EXPIRED_WARNING =
  'Your Premium access has expired. Renew to get unlimited generations back.';
export const LAPSED_INVOICE_WARNING =
  'The 15-minute payment window closed before a payment arrived, so nothing was charged. Start again below whenever you are ready.';
export const CANCELLED_WARNING =
  'Your last payment did not complete. Subscribe again to activate Premium.';

export function expiringSoonWarning(days: number): string {
  const left = days === 1 ? '1 day' : `${days} days`;
  return `Your Premium access expires in ${left}. Renew now to keep unlimited generations.`;
}

export function formatExpiry(expiresAt: string): string {
  return new Date(expiresAt).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

function expiryLine(status: Extract<SubscriptionStatusResponse, { has_subscription: true }>) {
  if (status.is_lifetime) return 'Lifetime access';
  return status.expires_at ? `Expires: ${formatExpiry(status.expires_at)}` : null;
}

export function summarizeSubscription(
  status: SubscriptionStatusResponse,
  now: Date = new Date(),
): SubscriptionSummary {
  if (!status.has_subscription) {
    return {
      kind: 'none',
      message: 'No active subscription',
      tone: 'neutral',
      expiryLine: null,
      warning: NONE_WARNING,
      expiringSoon: false,
    };
  }
  const line = expiryLine(status);
  switch (status.status) {
    case 'pending':
      return {
        kind: 'pending',
        message: 'Payment pending',
        tone: 'pending',
        expiryLine: null,
        warning: PENDING_WARNING,
        expiringSoon: false,
      };
    case 'active': {
      const soon = isExpiringSoon(status, now);
      return {
        kind: 'active',
        message: status.is_lifetime ? 'Premium active for life' : 'Premium active',
        tone: soon ? 'warning' : 'active',
        expiryLine: line,
        warning:
          soon && status.expires_at ? expiringSoonWarning(daysUntil(status.expires_at, now)) : null,
        expiringSoon: soon,
      };
    }
    case 'expired':
      // A first invoice that lapsed unpaid also ends as expired: there was no Premium to renew.
      if (status.ever_paid === false) {
        return {
          kind: 'expired',
          message: 'Payment window closed',
          tone: 'neutral',
          expiryLine: null,
          warning: LAPSED_INVOICE_WARNING,
          expiringSoon: false,
        };
      }
      return {
        kind: 'expired',
        message: 'Subscription expired',
        tone: 'danger',
        expiryLine: line,
        warning: EXPIRED_WARNING,
        expiringSoon: false,
      };
    case 'cancelled':
      return {
        kind: 'cancelled',
        message: 'Subscription cancelled',
        tone: 'danger',
        expiryLine: null,
        warning: CANCELLED_WARNING,
        expiringSoon: false,
      };
  }
}
