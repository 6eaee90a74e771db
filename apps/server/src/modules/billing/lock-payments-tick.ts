import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';

/** The advisory lock of the payments schedule; any constant no other part of Nocturne uses. */
export const PAYMENTS_TICK_LOCK_KEY = 0x6e_6f_63_70; // 'nocp'

/**
 * Takes the schedule's advisory lock for the rest of the transaction `tx`, or answers false at
 * once when another process holds it: that process is running this tick, so this one skips it.
 */
export async function tryLockPaymentsTick(tx: DbHandle): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(${PAYMENTS_TICK_LOCK_KEY}::bigint) as locked`,
  );
  const { rows } = result as unknown as { rows: Array<{ locked: boolean }> };
  return rows[0]?.locked === true;
}
