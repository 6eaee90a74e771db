import {
  PREMIUM_DEFAULT_DISPLAY_PRICE_USD,
  PREMIUM_PRICE_LOADING_TEXT,
} from '@nocturne/contract/constants';
import type { SubscriptionPriceResponse } from '@nocturne/contract/subscriptions/get-subscription-price';
import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';

export interface PriceState {
  data?: SubscriptionPriceResponse;
  isPending: boolean;
}

/** Spec §2/§9: '$...' while loading, $29.99 when the price cannot be read. */
export function priceText(price: PriceState, plan: SubscriptionPlan): string | null {
  if (price.isPending) return PREMIUM_PRICE_LOADING_TEXT;
  if (!price.data) return plan === 'monthly' ? `$${PREMIUM_DEFAULT_DISPLAY_PRICE_USD}` : null;
  return `$${plan === 'monthly' ? price.data.nowpayments : price.data.lifetime}`;
}
