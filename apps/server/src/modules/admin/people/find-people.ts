import type {
  FindPeopleQuery,
  FindPeopleResponse,
  PersonSummary,
} from '@nocturne/contract/admin/find-people';
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { containing } from '../../../db/like-pattern';
import { people } from '../../auth/people-repository';
import { creditBalances } from '../../credits/repository/person-credits';
import { generationHoldsView } from '../../moderation/refusals-repository';
import { plans } from '../../subscriptions/subscriptions-repository';

const summaryColumns = {
  id: people.id,
  email: people.email,
  name: people.name,
  username: people.username,
  emailVerified: people.emailVerified,
  createdAt: people.createdAt,
  balance: sql<number>`coalesce(${creditBalances.balance}, 0)`.mapWith(Number),
  plan: plans.plan,
  generationSuspended: sql<boolean>`coalesce(${generationHoldsView.suspended}, false)`,
};

type SummaryRow = { createdAt: Date } & Omit<PersonSummary, 'createdAt'>;

export function toPersonSummary(row: SummaryRow): PersonSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The summary of the people `where` selects, newest first (one page): the balance, plan and hold
 * come from their owners' views (credits, subscriptions, moderation), joined by the person's id.
 */
export async function selectPeople(
  db: DbHandle,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select(summaryColumns)
    .from(people)
    .leftJoin(creditBalances, eq(creditBalances.userId, people.id))
    .leftJoin(plans, eq(plans.userId, people.id))
    .leftJoin(generationHoldsView, eq(generationHoldsView.userId, people.id))
    .where(where)
    .orderBy(desc(people.createdAt), desc(people.id))
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
          eq(people.id, query.q),
          ilike(people.email, containing(query.q)),
          ilike(people.username, containing(query.q)),
        );
  const [found, [total]] = await Promise.all([
    selectPeople(db, where, query),
    db.select({ total: count() }).from(people).where(where),
  ]);
  return { people: found, total: total?.total ?? 0 };
}
