import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import type { GenerationRow } from './generation-row';

/**
 * 1-based place in the claim order (priority desc, then oldest, then image index) among queued
 * jobs.
 */
export async function getQueuePosition(tx: DbHandle, row: GenerationRow): Promise<number> {
  const [ahead] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'queued'),
        or(
          gt(generations.priority, row.priority),
          and(
            eq(generations.priority, row.priority),
            or(
              lt(generations.createdAt, row.createdAt),
              and(
                eq(generations.createdAt, row.createdAt),
                lt(generations.imageIndex, row.imageIndex),
              ),
            ),
          ),
        ),
      ),
    );
  return (ahead?.count ?? 0) + 1;
}
