import { z } from 'zod';

export const ADMIN_PAYMENTS_PAGE_MAX = 100;

/** A payment's statuses as stored: `creating` until the provider made the invoice. */
export const ADMIN_PAYMENT_STATUSES = [
  'creating',
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

const isoDate = z.iso.datetime({ offset: true });

/** GET /api/v1/admin/payments?status=&q=: q is a person's email (any part) or id, an order id, or the provider's payment or invoice id. */
export const findAdminPaymentsQuerySchema = z.object({
  status: z.enum(ADMIN_PAYMENT_STATUSES).optional(),
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAYMENTS_PAGE_MAX).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type FindAdminPaymentsQuery = z.infer<typeof findAdminPaymentsQuerySchema>;

export const adminPaymentSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    /** Null once the account is deleted (the payment stays under a pseudonym). */
    email: z.string().nullable(),
    /** `plan` (a premium period or lifetime) or `credit_pack`. */
    kind: z.enum(['plan', 'credit_pack']),
    plan: z.string().nullable(),
    packageId: z.string().nullable(),
    credits: z.number().int().nullable(),
    priceAmount: z.string(),
    priceCurrency: z.string(),
    payCurrency: z.string().nullable(),
    actuallyPaid: z.string().nullable(),
    status: z.enum(ADMIN_PAYMENT_STATUSES),
    orderId: z.string(),
    invoiceId: z.string().nullable(),
    providerPaymentId: z.string().nullable(),
    /** Granted by an operator by hand (POST /admin/users/{id}/plan), not bought through checkout. */
    manual: z.boolean(),
    /** Open with a provider payment id: the reconcile job asks the provider about it. */
    awaitingReconcile: z.boolean(),
    grantedAt: isoDate.nullable(),
    revokedAt: isoDate.nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'AdminPayment' });

export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const findAdminPaymentsResponseSchema = z.object({
  payments: z.array(adminPaymentSchema),
  total: z.number().int().nonnegative(),
});

export type FindAdminPaymentsResponse = z.infer<typeof findAdminPaymentsResponseSchema>;

export const adminPaymentIdParamsSchema = z.object({ id: z.uuid() });

/** How many IPN deliveries the detail answers, newest first. */
export const ADMIN_PAYMENT_DELIVERIES_MAX = 50;

/** GET /api/v1/admin/payments/{id}: the row, its history, what the provider sent and what it granted. */
export const getAdminPaymentResponseSchema = z.object({
  payment: adminPaymentSchema,
  /** Each status applied once, oldest first, and whether the IPN or reconciliation brought it. */
  statusHistory: z.array(
    z.object({
      status: z.string(),
      providerPaymentId: z.string(),
      source: z.string(),
      at: isoDate,
    }),
  ),
  /** Deliveries naming this order or its provider payment, newest first (kept for the retention). */
  ipnDeliveries: z.array(
    z.object({
      id: z.string(),
      receivedAt: isoDate,
      claimedStatus: z.string().nullable(),
      providerPaymentId: z.string().nullable(),
      signatureValid: z.boolean(),
      outcome: z.string(),
      statusCode: z.number().int().nullable(),
    }),
  ),
  /** What the payment granted: the plan period, or the pack's credits (null before a grant). */
  granted: z
    .object({
      kind: z.enum(['plan', 'credits']),
      plan: z.string().nullable(),
      periodEnd: isoDate.nullable(),
      credits: z.number().int().nullable(),
      at: isoDate,
    })
    .nullable(),
  /** The person's subscription as it is now (null without one or once the account is gone). */
  subscription: z
    .object({
      plan: z.string(),
      status: z.string(),
      isLifetime: z.boolean(),
      expiresAt: isoDate.nullable(),
    })
    .nullable(),
});

export type GetAdminPaymentResponse = z.infer<typeof getAdminPaymentResponseSchema>;

/** What asking the provider now came to (POST /api/v1/admin/payments/{id}/reconcile). */
export const RECONCILE_OUTCOMES = [
  'applied',
  'unchanged',
  'duplicate',
  'stale',
  'rejected',
  'other_order',
] as const;

export const reconcileAdminPaymentResponseSchema = z.object({
  outcome: z.enum(RECONCILE_OUTCOMES),
  /** The rejection's reason when outcome is `rejected` (e.g. `not_confirmed`, `amount_mismatch`). */
  detail: z.string().nullable(),
  previousStatus: z.enum(ADMIN_PAYMENT_STATUSES),
  providerStatus: z.string(),
  payment: adminPaymentSchema,
});

export type ReconcileAdminPaymentResponse = z.infer<typeof reconcileAdminPaymentResponseSchema>;
