import { z } from 'zod';
import { adminActionSchema } from './admin-actions';

export const ADMIN_AUDIT_PAGE_MAX = 100;

/** GET /api/v1/admin/audit: newest first, optionally about one person (their id or email). */
export const getAdminAuditQuerySchema = z.object({
  user: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type GetAdminAuditQuery = z.infer<typeof getAdminAuditQuerySchema>;

/** One operator action as written: the state it changed before and after, as JSON. */
export const adminAuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    operatorId: z.string(),
    operatorEmail: z.string(),
    action: adminActionSchema,
    targetUserId: z.string().nullable(),
    reason: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AdminAuditEntry' });

export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** A row of the log with the address of the person it is about (null once they are deleted). */
export const adminAuditLogEntrySchema = adminAuditEntrySchema.extend({
  targetEmail: z.string().nullable(),
});

export type AdminAuditLogEntry = z.infer<typeof adminAuditLogEntrySchema>;

export const getAdminAuditResponseSchema = z.object({
  entries: z.array(adminAuditLogEntrySchema),
  total: z.number().int().nonnegative(),
});

export type GetAdminAuditResponse = z.infer<typeof getAdminAuditResponseSchema>;
