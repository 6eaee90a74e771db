import type { CreditPackage } from '@nocturne/contract/credits/get-credit-packages';

function usd(amount: number, locale?: string, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits,
  }).format(amount);
}

/** '$4.99' */
export function formatPackagePrice(pack: CreditPackage, locale?: string): string {
  return usd(pack.price, locale);
}

/** '$0.0998 per credit': sub-cent prices keep enough digits to compare packs. */
export function formatPricePerCredit(pack: CreditPackage, locale?: string): string {
  return `${usd(pack.price / pack.credits, locale, 4)} per credit`;
}
