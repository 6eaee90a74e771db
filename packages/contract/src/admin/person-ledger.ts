import { z } from 'zod';
import { CREDIT_HISTORY_MAX_LIMIT } from '../credits/get-credit-history';

/** GET /api/v1/admin/users/{id}/ledger: one page of the person's ledger rows, newest first. */
export const personLedgerQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CREDIT_HISTORY_MAX_LIMIT).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type PersonLedgerQuery = z.infer<typeof personLedgerQuerySchema>;

export const personLedgerEntrySchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    reason: z.string(),
    /** The balance right after this row: the sum of the person's ledger up to and including it. */
    balanceAfter: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminPersonLedgerEntry' });

export type PersonLedgerEntry = z.infer<typeof personLedgerEntrySchema>;

export const personLedgerResponseSchema = z.object({
  entries: z.array(personLedgerEntrySchema),
  total: z.number().int().nonnegative(),
});

export type PersonLedgerResponse = z.infer<typeof personLedgerResponseSchema>;
