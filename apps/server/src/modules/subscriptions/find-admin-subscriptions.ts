import type {
  FindAdminSubscriptionsQuery,
  FindAdminSubscriptionsResponse,
} from '@nocturne/contract/admin/admin-subscriptions';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { containing } from '../../db/like-pattern';
import { people } from '../auth/people-repository';
import type { DbHandle } from '../../db/database';
import { subscriptions } from './subscriptions-tables';

function subscriptionsWhere(query: FindAdminSubscriptionsQuery): SQL | undefined {
  const search =
    query.q === ''
      ? undefined
      : or(ilike(people.email, containing(query.q)), eq(subscriptions.userId, query.q));
  return and(query.status ? eq(subscriptions.status, query.status) : undefined, search);
}

/** GET /api/v1/admin/subscriptions: each person's plan, active and past, latest change first. */
export async function findAdminSubscriptions(options: {
  db: DbHandle;
  query: FindAdminSubscriptionsQuery;
}): Promise<FindAdminSubscriptionsResponse> {
  const { db, query } = options;
  const where = subscriptionsWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: subscriptions, email: people.email })
      .from(subscriptions)
      .innerJoin(people, eq(people.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.userId))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(people, eq(people.id, subscriptions.userId))
      .where(where),
  ]);
  return {
    subscriptions: rows.map(({ row, email }) => ({
      userId: row.userId,
      email,
      plan: row.plan,
      status: row.status,
      isLifetime: row.isLifetime,
      activatedAt: row.activatedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      pendingPaymentId: row.pendingPaymentId,
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}
