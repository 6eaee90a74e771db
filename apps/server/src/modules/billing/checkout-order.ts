import { AppError } from '../../lib/app-error';
import type { CheckoutItem } from './checkout-live-invoice';
import { creditPackOrderId, subscriptionOrderId } from './checkout-order-id';
import type { PaymentsConfig } from './payments-config';

export interface CheckoutOrder {
  orderId: string;
  priceUsd: number;
  /** Shown on the provider's invoice page. */
  description: string;
  packageId: string | null;
  credits: number | null;
}

/** What an invoice for `item` says and costs, priced from the configuration. */
export function describeCheckoutOrder(options: {
  userId: string;
  item: CheckoutItem;
  config: PaymentsConfig;
  periodStart: Date;
}): CheckoutOrder {
  const { userId, item, config } = options;
  if (item.purpose === 'subscription') {
    const monthly = item.plan === 'monthly';
    return {
      orderId: subscriptionOrderId({ userId, plan: item.plan, periodStart: options.periodStart }),
      priceUsd: monthly ? config.monthlyPriceUsd : config.lifetimePriceUsd,
      description: monthly ? 'Nocturne Premium — 1 month' : 'Nocturne Premium — lifetime',
      packageId: null,
      credits: null,
    };
  }
  const pack = config.creditPackages.find((candidate) => candidate.package_id === item.packageId);
  if (!pack) {
    throw new AppError('NOT_FOUND', { details: { packageId: item.packageId } });
  }
  return {
    orderId: creditPackOrderId({ userId, packageId: pack.package_id }),
    priceUsd: pack.price,
    description: `Nocturne — ${pack.credits} credits`,
    packageId: pack.package_id,
    credits: pack.credits,
  };
}
