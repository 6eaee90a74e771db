import type {
  FindPeopleQuery,
  FindPeopleResponse,
  PersonSummary,
} from '@nocturne/contract/admin/find-people';
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { user } from '../../../db/auth-schema';
import { creditAccounts } from '../../../db/credits-schema';
import type { DbHandle } from '../../../db/database';
import { generationHolds } from '../../../db/moderation-schema';
import { subscriptions } from '../../../db/payments-schema';

/** `%`, `_` and `\` match themselves in the operator's search, not as LIKE wildcards. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const summaryColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  username: user.username,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
  balance: sql<number>`coalesce(${creditAccounts.balance}, 0)`.mapWith(Number),
  plan: subscriptions.plan,
  generationSuspended: sql<boolean>`coalesce(${generationHolds.suspended}, false)`,
};

type SummaryRow = { createdAt: Date } & Omit<PersonSummary, 'createdAt'>;

export function toPersonSummary(row: SummaryRow): PersonSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The summary of the people `where` selects, newest first (one page). */
export async function selectPeople(
  db: DbHandle,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select(summaryColumns)
    .from(user)
    .leftJoin(creditAccounts, eq(creditAccounts.userId, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .leftJoin(generationHolds, eq(generationHolds.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toPersonSummary);
}

/** GET /api/v1/admin/users?q=: email or username containing q (any case), or the exact id. */
export async function findPeople(options: {
  db: DbHandle;
  query: FindPeopleQuery;
}): Promise<FindPeopleResponse> {
  const { db, query } = options;
  const where =
    query.q === ''
      ? undefined
      : or(
          eq(user.id, query.q),
          ilike(user.email, containing(query.q)),
          ilike(user.username, containing(query.q)),
        );
  const [people, [total]] = await Promise.all([
    selectPeople(db, where, query),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return { people, total: total?.total ?? 0 };
}
