import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { wakeWorkersCall } from './generation-queue-signal';
import type { GenerationRow } from './generation-row';
import { queuedBefore } from './queued-ahead-of';
import { recentJobSecondsQuery } from './queue-wait-estimate';

type NewGeneration = typeof generations.$inferInsert;

export interface InsertedQueued {
  /** The new rows in image order; empty when `onConflictDoNothing` met an earlier submit's key. */
  rows: GenerationRow[];
  /** Queued jobs ahead of the first new row in the claim order (its place is this + 1). */
  ahead: number;
  /** avg() of the recent job durations on the backend, as the driver answers it (null: none). */
  seconds: string | number | null;
}

/**
 * A submit's rows, the queue place of the first, the recent job duration and the workers'
 * wake-up in ONE statement (a data-modifying CTE): each is a round trip of the submit's
 * transaction otherwise, before the workers can see the job. The statement's snapshot does not
 * see the rows it inserts, so the place is counted against the first new row's values: every
 * queued job claimed before it (priority desc, then oldest, then image index). The later images
 * follow it directly in that order. The NOTIFY leaves at commit, and only when a row was
 * inserted: the select list is evaluated per inserted row (a repeated payload is sent once).
 */
export async function insertQueued(
  tx: DbHandle,
  values: NewGeneration[],
  options: { backend: string; onConflictDoNothing: boolean },
): Promise<InsertedQueued> {
  const insert = tx.insert(generations).values(values);
  const inserted = tx
    .$with('inserted')
    .as((options.onConflictDoNothing ? insert.onConflictDoNothing() : insert).returning());
  const first = sql`(select priority, created_at, image_index from ${inserted} order by image_index limit 1)`;
  const firstNew = {
    priority: sql`first_new.priority`,
    createdAt: sql`first_new.created_at`,
    imageIndex: sql`first_new.image_index`,
  };
  const ahead = sql<number>`(select count(*)::int from ${generations}, ${first} first_new
    where ${queuedBefore(firstNew)})`;
  const answer = await tx
    .with(inserted)
    .select({
      ...inserted._.selectedFields,
      ahead,
      seconds: sql<string | number | null>`(${recentJobSecondsQuery(tx, options.backend)})`,
      woke: sql`(select ${wakeWorkersCall()})`,
    })
    .from(inserted)
    .orderBy(inserted.imageIndex);
  const [head] = answer;
  return {
    rows: answer.map(({ ahead: _ahead, seconds: _seconds, woke: _woke, ...row }) => row),
    ahead: Number(head?.ahead ?? 0),
    seconds: head?.seconds ?? null,
  };
}
