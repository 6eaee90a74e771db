import { inArray, lt, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { paymentIpnDeliveries } from './billing-tables';

/** At most this many rows go per tick, so a backlog never holds the tick's transaction long. */
export const IPN_AUDIT_DELETE_BATCH = 5_000;

/**
 * Deletes IPN audit rows received more than `retentionDays` ago (IPN_AUDIT_RETENTION_DAYS), the
 * oldest first, at most IPN_AUDIT_DELETE_BATCH of them. Idempotent; it runs inside the payments
 * tick, under its advisory lock. Answers how many went.
 */
export async function deleteOldIpnDeliveries(options: {
  db: DbHandle;
  retentionDays: number;
}): Promise<number> {
  const cutoff = sql`now() - ${`${options.retentionDays} days`}::interval`;
  const oldest = options.db
    .select({ id: paymentIpnDeliveries.id })
    .from(paymentIpnDeliveries)
    .where(lt(paymentIpnDeliveries.receivedAt, cutoff))
    .orderBy(paymentIpnDeliveries.receivedAt)
    .limit(IPN_AUDIT_DELETE_BATCH);
  const deleted = await options.db
    .delete(paymentIpnDeliveries)
    .where(inArray(paymentIpnDeliveries.id, oldest))
    .returning({ id: paymentIpnDeliveries.id });
  return deleted.length;
}
