import {
  REFUSAL_HISTORY_SHOWN,
  type AdminRefusal,
  type GetAdminRefusalsQuery,
  type GetAdminRefusalsResponse,
} from '@nocturne/contract/admin/admin-refusals';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { people } from '../auth/people-repository';
import type { DbHandle } from '../../db/database';
import { generationHolds, promptRefusals } from './moderation-tables';
import { escalationLookbackMs, refusalsCountFrom, suspendedUntil } from './refusal-escalation';
import { termLanguages } from './term-languages';

type RefusalRow = typeof promptRefusals.$inferSelect;

const summary = (
  row: Pick<RefusalRow, 'id' | 'createdAt' | 'rule' | 'matchedTerms' | 'matchedWords'>,
) => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  rule: row.rule as AdminRefusal['rule'],
  matchedTerms: row.matchedTerms,
  matchedWords: row.matchedWords,
});

/** A refusal as the console shows it, without the person's history. */
export function toAdminRefusal(row: RefusalRow, email: string): Omit<AdminRefusal, 'history'> {
  return {
    ...summary(row),
    userId: row.userId,
    email,
    languages: termLanguages(row.matchedTerms),
    sourcePrompt: row.sourcePrompt,
    contentPrompt: row.contentPrompt,
    negativePrompt: row.negativePrompt,
    status: row.status as AdminRefusal['status'],
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
    reviewReason: row.reviewReason,
  };
}

/**
 * Each person's refusal history: how many, the latest few, an operator's hold, and a running
 * automatic pause (from the refusals within the escalation lookback that came after an operator's
 * restore, as the prompt screen counts them), in four bounded reads whatever the history.
 */
async function histories(db: DbHandle, userIds: string[], suspensionHours: number, now: Date) {
  if (userIds.length === 0) return new Map<string, AdminRefusal['history']>();
  const ofUsers = inArray(promptRefusals.userId, userIds);
  const ranked = db
    .select({
      id: promptRefusals.id,
      userId: promptRefusals.userId,
      createdAt: promptRefusals.createdAt,
      rule: promptRefusals.rule,
      matchedTerms: promptRefusals.matchedTerms,
      matchedWords: promptRefusals.matchedWords,
      rank: sql<number>`row_number() over (partition by ${promptRefusals.userId} order by ${promptRefusals.createdAt} desc, ${promptRefusals.id} desc)`.as(
        'rank',
      ),
    })
    .from(promptRefusals)
    .where(ofUsers)
    .as('ranked');
  const since = new Date(now.getTime() - escalationLookbackMs(suspensionHours));
  const [counts, latest, recent, holds] = await Promise.all([
    db
      .select({ userId: promptRefusals.userId, total: count() })
      .from(promptRefusals)
      .where(ofUsers)
      .groupBy(promptRefusals.userId),
    db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, REFUSAL_HISTORY_SHOWN))
      .orderBy(asc(ranked.rank)),
    db
      .select({ userId: promptRefusals.userId, createdAt: promptRefusals.createdAt })
      .from(promptRefusals)
      .where(and(ofUsers, gt(promptRefusals.createdAt, since)))
      .orderBy(asc(promptRefusals.createdAt)),
    db.select().from(generationHolds).where(inArray(generationHolds.userId, userIds)),
  ]);
  return new Map(
    userIds.map((userId) => {
      const hold = holds.find((row) => row.userId === userId);
      const countFrom = refusalsCountFrom(since, hold?.refusalsCountFrom);
      const times = recent
        .filter((row) => row.userId === userId && row.createdAt > countFrom)
        .map((row) => row.createdAt);
      const history: AdminRefusal['history'] = {
        count: counts.find((row) => row.userId === userId)?.total ?? 0,
        last: latest.filter((row) => row.userId === userId).map(summary),
        heldByOperator: hold?.suspended ?? false,
        suspendedUntil: suspendedUntil(times, suspensionHours, now)?.toISOString() ?? null,
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
      .select({ refusal: promptRefusals, email: people.email })
      .from(promptRefusals)
      .innerJoin(people, eq(people.id, promptRefusals.userId))
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
      history: byUser.get(refusal.userId) ?? {
        count: 0,
        last: [],
        heldByOperator: false,
        suspendedUntil: null,
      },
    })),
    total: total?.total ?? 0,
  };
}
