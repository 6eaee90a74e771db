import { z } from 'zod';
import { adminAuditEntrySchema } from './get-admin-audit';
import { personSummarySchema } from './find-people';

/** How many of each list GET /api/v1/admin/users/{id} answers, newest first. */
export const PERSON_RECENT_ROWS = 20;

const isoDate = z.iso.datetime({ offset: true });

/** GET /api/v1/admin/users/{id}: one person for the operator, every list bounded. */
export const getPersonResponseSchema = z
  .object({
    person: personSummarySchema,
    /** Listed in OPERATOR_EMAILS (verified address) or added with `npm run operator -- add`. */
    isOperator: z.boolean(),
    twoFactorEnabled: z.boolean(),
    subscription: z
      .object({
        plan: z.string(),
        status: z.string(),
        isLifetime: z.boolean(),
        expiresAt: isoDate.nullable(),
      })
      .nullable(),
    ledger: z.array(
      z.object({
        id: z.string(),
        amount: z.number().int(),
        reason: z.string(),
        createdAt: isoDate,
      }),
    ),
    generations: z.array(
      z.object({
        id: z.string(),
        status: z.string(),
        /** The catalog model it was for. */
        model: z.string(),
        contentPrompt: z.string(),
        /** What the person read of a failure. */
        error: z.string().nullable(),
        /** For operators: the failure's kind and the engine's own words (hosts, ports, files). */
        failureKind: z.string().nullable(),
        failureDetail: z.string().nullable(),
        createdAt: isoDate,
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        purpose: z.string(),
        status: z.string(),
        priceAmount: z.string(),
        priceCurrency: z.string(),
        createdAt: isoDate,
      }),
    ),
    refusals: z.array(
      z.object({
        id: z.string(),
        contentPrompt: z.string(),
        rule: z.string(),
        matchedTerms: z.array(z.string()),
        createdAt: isoDate,
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.string(),
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
        createdAt: isoDate,
        /** When the session was last refreshed: the person's last sign of life on that device. */
        lastSeenAt: isoDate,
        expiresAt: isoDate,
      }),
    ),
    audit: z.array(adminAuditEntrySchema),
  })
  .meta({ id: 'AdminPerson' });

export type GetPersonResponse = z.infer<typeof getPersonResponseSchema>;
