import type {
  GetCreditHistoryQuery,
  GetCreditHistoryResponse,
} from '@nocturne/contract/credits/get-credit-history';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { creditTransactions } from '../../db/credits-schema';

/** One page of the user's ledger and the total number of entries. */
export async function findCreditHistory(options: {
  db: DbHandle;
  userId: string;
  query: GetCreditHistoryQuery;
}): Promise<GetCreditHistoryResponse> {
  const { db, userId, query } = options;
  const direction = query.orderDirection === 'asc' ? asc : desc;
  const primary =
    query.orderBy === 'amount' ? creditTransactions.amount : creditTransactions.createdAt;
  const ownEntries = eq(creditTransactions.userId, userId);
  const rows = await db
    .select({
      id: creditTransactions.id,
      amount: creditTransactions.amount,
      reason: creditTransactions.reason,
      createdAt: creditTransactions.createdAt,
      generationId: creditTransactions.generationId,
    })
    .from(creditTransactions)
    .where(ownEntries)
    // Ties (rows of one transaction share created_at) fall back to time then id, so pages
    // never overlap or skip.
    .orderBy(
      direction(primary),
      direction(creditTransactions.createdAt),
      direction(creditTransactions.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  const [totalRow] = await db.select({ total: count() }).from(creditTransactions).where(ownEntries);
  return {
    history: rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
      generation_id: row.generationId,
    })),
    total: totalRow?.total ?? 0,
  };
}
