/** Payment vocabularies shared by the schema and the payments module (kept out of *-schema.ts so
 * the schema object holds tables only). */

/** The provider's payment statuses, in the only order a payment may move (see PAYMENT_STATUS_RANK). */
export const PROVIDER_PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'expired',
  'refunded',
] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** `creating`: the row exists, the invoice not yet (an early IPN still finds its order). */
export const PAYMENT_ROW_STATUSES = ['creating', ...PROVIDER_PAYMENT_STATUSES] as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

export const PAYMENT_PURPOSES = ['subscription', 'credits'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** How a payment on the built-in simulator's invoice page ends (modules/payment-simulator). */
export const SIMULATOR_OUTCOMES = ['finished', 'partially_paid', 'failed', 'expired'] as const;
export type SimulatorOutcome = (typeof SIMULATOR_OUTCOMES)[number];
