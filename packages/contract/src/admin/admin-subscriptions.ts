import { z } from 'zod';

export const ADMIN_SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;

/** GET /api/v1/admin/subscriptions?status=&q=: q is a person's email (any part) or id. */
export const findAdminSubscriptionsQuerySchema = z.object({
  status: z.enum(ADMIN_SUBSCRIPTION_STATUSES).optional(),
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type FindAdminSubscriptionsQuery = z.infer<typeof findAdminSubscriptionsQuerySchema>;

const isoDate = z.iso.datetime({ offset: true });

export const adminSubscriptionSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    plan: z.string(),
    status: z.enum(ADMIN_SUBSCRIPTION_STATUSES),
    isLifetime: z.boolean(),
    activatedAt: isoDate.nullable(),
    /** End of the paid period of a monthly plan; null for lifetime. */
    expiresAt: isoDate.nullable(),
    pendingPaymentId: z.string().nullable(),
    updatedAt: isoDate,
  })
  .meta({ id: 'AdminSubscription' });

export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const findAdminSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(adminSubscriptionSchema),
  total: z.number().int().nonnegative(),
});

export type FindAdminSubscriptionsResponse = z.infer<typeof findAdminSubscriptionsResponseSchema>;
