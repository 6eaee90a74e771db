import { z } from 'zod';
import { optionalString, type Parsed } from './env-fields';
import { parseCreditPackages } from './parse-credit-packages';

/** NOWPayments (or the built-in simulator when unset), the prices and the credit packs. */
export const paymentVariables = {
  NOWPAYMENTS_API_KEY: optionalString,
  NOWPAYMENTS_IPN_SECRET: optionalString,
  NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io/v1'),
  PREMIUM_MONTHLY_PRICE_USD: z.coerce.number().positive().default(29),
  PREMIUM_LIFETIME_PRICE_USD: z.coerce.number().positive().default(299),
  CREDIT_PACKAGES: z.string().default('starter:50:4.99,creator:200:14.99,studio:500:29.99'),
  SUPPORT_EMAIL: z.email().default('support@nocturne.local'),
  PAYMENT_RECONCILE_INTERVAL_S: z.coerce.number().int().positive().default(60),
  IPN_AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
};

type PaymentVariables = Parsed<typeof paymentVariables>;
type CreditPackages = NonNullable<ReturnType<typeof parseCreditPackages>>;

/** IPNs cannot be verified without their secret: false (with the issue) when it is missing. */
export function checkIpnSecret(raw: PaymentVariables, ctx: z.RefinementCtx): boolean {
  if (!raw.NOWPAYMENTS_API_KEY || raw.NOWPAYMENTS_IPN_SECRET) return true;
  ctx.addIssue({
    code: 'custom',
    path: ['NOWPAYMENTS_IPN_SECRET'],
    message: 'required when NOWPAYMENTS_API_KEY is set (IPNs cannot be verified without it)',
  });
  return false;
}

/** CREDIT_PACKAGES parsed, or undefined with the issue. */
export function creditPackagesOf(
  raw: PaymentVariables,
  ctx: z.RefinementCtx,
): CreditPackages | undefined {
  const creditPackages = parseCreditPackages(raw.CREDIT_PACKAGES);
  if (creditPackages) return creditPackages;
  ctx.addIssue({
    code: 'custom',
    path: ['CREDIT_PACKAGES'],
    message: 'expected id:credits:price,… with unique lowercase ids, whole credits and prices',
  });
  return undefined;
}

export function paymentSettings(raw: PaymentVariables, creditPackages: CreditPackages) {
  return {
    /** Unset: the built-in simulator answers at PUBLIC_URL/simulator/nowpayments. */
    apiKey: raw.NOWPAYMENTS_API_KEY,
    ipnSecret: raw.NOWPAYMENTS_IPN_SECRET,
    apiUrl: raw.NOWPAYMENTS_API_URL.replace(/\/+$/, ''),
    monthlyPriceUsd: raw.PREMIUM_MONTHLY_PRICE_USD,
    lifetimePriceUsd: raw.PREMIUM_LIFETIME_PRICE_USD,
    creditPackages,
    supportEmail: raw.SUPPORT_EMAIL,
    reconcileIntervalMs: raw.PAYMENT_RECONCILE_INTERVAL_S * 1000,
    ipnAuditRetentionDays: raw.IPN_AUDIT_RETENTION_DAYS,
  };
}
