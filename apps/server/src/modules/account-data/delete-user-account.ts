import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { user } from '../../db/auth-schema';
import { creditTransactions } from '../../db/credits-schema';
import { favorites, generations } from '../../db/generations-schema';
import { paymentIpnDeliveries, payments } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { notifyUserDeleted } from '../auth/user-existence-cache';
import { pseudonymizeUserId } from './pseudonymize-user-id';

/**
 * DELETE /user/account, in one transaction: the ledger rows are rewritten to the pseudonym (ids
 * and the idempotency keys that embed the id, e.g. `daily:{userId}:…`) so the books keep every
 * amount; payments likewise (their order ids, and the IPN audit rows that quote them, name the
 * person). Then deleting the user row cascades to sessions, sign-in accounts, the balance row,
 * the subscription, generations and favorites. Image files go only after the commit (a rollback keeps them), and
 * every realtime socket of the person is disconnected; their JWTs fail the verifier's
 * user-exists check from the commit on (every process forgets the user: NOTIFY user_deleted).
 */
export async function deleteUserAccount(options: {
  unitOfWork: UnitOfWork;
  images: ImageStore;
  userId: string;
  disconnectUser: (userId: string) => void;
  /** This process's token check forgets the user (other processes hear the NOTIFY). */
  forgetUser: (userId: string) => void;
  /** Runs in the deletion's transaction once the user is locked (an operator's audit row). */
  record?: (tx: DbHandle) => Promise<void>;
}): Promise<void> {
  const { userId } = options;
  const imageKeys = await options.unitOfWork.transaction(async (tx) => {
    // Locked first: a concurrent save or submit of this user waits on its foreign key and then
    // fails, instead of adding a row (and a file) after the list below was read.
    const locked = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (locked.length === 0) throw new AppError('UNAUTHORIZED');
    await options.record?.(tx);
    const results = await tx
      .select({ key: generations.resultPath })
      .from(generations)
      .where(and(eq(generations.userId, userId), isNotNull(generations.resultPath)));
    const saved = await tx
      .select({ key: favorites.imagePath })
      .from(favorites)
      .where(eq(favorites.userId, userId));
    const pseudonym = pseudonymizeUserId(userId);
    await tx
      .update(creditTransactions)
      .set({
        userId: pseudonym,
        idempotencyKey: sql`replace(${creditTransactions.idempotencyKey}, ${userId}, ${pseudonym})`,
      })
      .where(eq(creditTransactions.userId, userId));
    // The audit rows carry no user id column: they are found by the order ids they quote.
    await tx
      .update(paymentIpnDeliveries)
      .set({
        orderId: sql`replace(${paymentIpnDeliveries.orderId}, ${userId}, ${pseudonym})`,
        body: sql`replace(${paymentIpnDeliveries.body}::text, ${userId}, ${pseudonym})::jsonb`,
      })
      .where(
        inArray(
          paymentIpnDeliveries.orderId,
          tx
            .select({ orderId: payments.orderId })
            .from(payments)
            .where(eq(payments.userId, userId)),
        ),
      );
    await tx
      .update(payments)
      .set({
        userId: pseudonym,
        orderId: sql`replace(${payments.orderId}, ${userId}, ${pseudonym})`,
      })
      .where(eq(payments.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
    await notifyUserDeleted(tx, userId);
    return [...results, ...saved].flatMap((row) => (row.key ? [row.key] : []));
  });
  options.forgetUser(userId);
  options.disconnectUser(userId);
  for (const key of imageKeys) await options.images.remove(key);
}
