import type { CreditPackage } from '@nocturne/contract/credits/get-credit-packages';

function usd(amount: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** '$4.99' */
export function formatPackagePrice(pack: CreditPackage, locale?: string): string {
  return usd(pack.price, locale);
}

/** '$0.10 per credit': rounded to the cent like a shop price; below a cent it says so. */
export function formatPricePerCredit(pack: CreditPackage, locale?: string): string {
  const each = pack.price / pack.credits;
  if (each < 0.005) return `under ${usd(0.01, locale)} per credit`;
  return `${usd(each, locale)} per credit`;
}
