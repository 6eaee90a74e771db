import {
  REFUSAL_HISTORY_SHOWN,
  type AdminRefusal,
  type GetAdminRefusalsQuery,
  type GetAdminRefusalsResponse,
} from '@nocturne/contract/admin/admin-refusals';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { user } from '../../db/auth-schema';
import type { DbHandle } from '../../db/database';
import { promptRefusals } from '../../db/moderation-schema';
import { suspendedUntil } from '../moderation/refusal-escalation';

type RefusalRow = typeof promptRefusals.$inferSelect;

const summary = (row: Pick<RefusalRow, 'id' | 'createdAt' | 'rule' | 'matchedTerms'>) => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  rule: row.rule as AdminRefusal['rule'],
  matchedTerms: row.matchedTerms,
});

/** A refusal as the console shows it, without the person's history. */
export function toAdminRefusal(row: RefusalRow, email: string): Omit<AdminRefusal, 'history'> {
  return {
    ...summary(row),
    userId: row.userId,
    email,
    sourcePrompt: row.sourcePrompt,
    contentPrompt: row.contentPrompt,
    negativePrompt: row.negativePrompt,
    status: row.status as AdminRefusal['status'],
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
    reviewReason: row.reviewReason,
  };
}

/** Each person's refusal history: how many, the latest, and a running suspension. */
async function histories(db: DbHandle, userIds: string[], suspensionHours: number, now: Date) {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(promptRefusals)
          .where(inArray(promptRefusals.userId, userIds))
          .orderBy(desc(promptRefusals.createdAt));
  return new Map(
    userIds.map((userId) => {
      const own = rows.filter((row) => row.userId === userId);
      const times = own.map((row) => row.createdAt).reverse();
      const until = suspendedUntil(times, suspensionHours, now);
      const history: AdminRefusal['history'] = {
        count: own.length,
        last: own.slice(0, REFUSAL_HISTORY_SHOWN).map(summary),
        suspendedUntil: until?.toISOString() ?? null,
      };
      return [userId, history] as const;
    }),
  );
}

/** GET /api/v1/admin/refusals: one page of a status, newest first, with each person's history. */
export async function findRefusals(options: {
  db: DbHandle;
  query: GetAdminRefusalsQuery;
  suspensionHours: number;
  now?: Date;
}): Promise<GetAdminRefusalsResponse> {
  const { db, query } = options;
  const where = eq(promptRefusals.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ refusal: promptRefusals, email: user.email })
      .from(promptRefusals)
      .innerJoin(user, eq(user.id, promptRefusals.userId))
      .where(where)
      .orderBy(desc(promptRefusals.createdAt), desc(promptRefusals.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(promptRefusals).where(where),
  ]);
  const userIds = [...new Set(rows.map(({ refusal }) => refusal.userId))];
  const byUser = await histories(db, userIds, options.suspensionHours, options.now ?? new Date());
  return {
    refusals: rows.map(({ refusal, email }) => ({
      ...toAdminRefusal(refusal, email),
      history: byUser.get(refusal.userId) ?? { count: 0, last: [], suspendedUntil: null },
    })),
    total: total?.total ?? 0,
  };
}
