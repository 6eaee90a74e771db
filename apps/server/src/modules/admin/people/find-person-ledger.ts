import type {
  PersonLedgerQuery,
  PersonLedgerResponse,
} from '@nocturne/contract/admin/person-ledger';
import { count, desc, eq, sql } from 'drizzle-orm';
import { user } from '../../../db/auth-schema';
import { creditTransactions } from '../../../db/credits-schema';
import type { DbHandle } from '../../../db/database';
import { AppError } from '../../../lib/app-error';

const ledger = creditTransactions;

/**
 * The balance after each row is the running sum of the person's ledger in the order it was
 * written (the balance always equals the ledger's sum); the window runs before LIMIT, so every
 * page shows true balances.
 */
const balanceAfter = sql<number>`sum(${ledger.amount}) over (order by ${ledger.createdAt}, ${ledger.id})`;

/** GET /api/v1/admin/users/{id}/ledger: one page of the ledger, newest first, with `total`. */
export async function findPersonLedger(options: {
  db: DbHandle;
  userId: string;
  query: PersonLedgerQuery;
}): Promise<PersonLedgerResponse> {
  const { db, userId, query } = options;
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!exists) throw new AppError('NOT_FOUND');
  const mine = eq(ledger.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledger.id,
        amount: ledger.amount,
        reason: ledger.reason,
        balanceAfter: balanceAfter.mapWith(Number),
        createdAt: ledger.createdAt,
      })
      .from(ledger)
      .where(mine)
      .orderBy(desc(ledger.createdAt), desc(ledger.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(ledger).where(mine),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: total?.total ?? 0,
  };
}
